import ExplorerCore
import Foundation
import Testing
@testable import Facts

/// The document read as the real file comes: UTF-8 (with or without a byte-order mark) or
/// ISO-8859-1, nulls and wrong types anywhere, rows that are not objects skipped; and told
/// apart from an HTML page, malformed or truncated JSON, and JSON that has no rows.
@Suite("Facts document")
struct FactsDocumentTests {
    func decode(_ text: String) throws -> FactsDocument {
        try FactsDocument.decode(Data(text.utf8))
    }

    @Test func theEmbeddedDocumentHasItsTitleAndFourteenRowsOneOfThemEmpty() throws {
        let document = try decode(EmbeddedFactsDocument.text)
        #expect(document.title == "About Canada")
        #expect(document.rows.count == 14)
        #expect(document.rows.indices.filter { document.rows[$0].isEmpty } == [7], "the eighth row is all nulls")
        #expect(document.rows.map(\.title) == [
            "Beavers", "Flag", "Transportation", "Hockey Night in Canada", "Eh", "Housing", "Public Shame", nil,
            "Space Program", "Meese", "Geography", "Kittens...", "Mounties", "Language",
        ])
        #expect(document.rows[1] == Fact(title: "Flag", imageHref: "http://images.findicons.com/files/icons/662/world_flag/128/flag_of_canada.png"))
        #expect(document.rows[4] == Fact(title: "Eh", description: "A small word tacked onto a sentence to ask for agreement, to show surprise, or to check that someone is still listening."))
        #expect(document.rows[6].description == "Best not mentioned.", "trimmed")
        #expect(document.rows[11].description == "Éntirely forbidden. Grown cats are welcome.")
        #expect(document.rows.filter { $0.imageURL != nil }.count == 10)
    }

    @Test func utf8WithAByteOrderMark() throws {
        let body = Data([0xEF, 0xBB, 0xBF]) + Data(#"{"title":"Café","rows":[{"title":"Éclair","description":"Crème"}]}"#.utf8)
        #expect(try FactsDocument.decode(body) == FactsDocument(title: "Café", rows: [Fact(title: "Éclair", description: "Crème")]))
    }

    @Test func bytesThatAreNotUTF8AreReadAsISO88591() throws {
        // `Caf\u{E9}` as the single byte 0xE9, as a Latin-1 server sends it.
        var bytes: [UInt8] = Array(#"{"title":"Caf"#.utf8) + [0xE9]
        bytes += Array(#"","rows":[{"title":"Na"#.utf8) + [0xEF]
        bytes += Array(#"ve","description":"50 "#.utf8) + [0xB0]
        bytes += Array(#"C"}]}"#.utf8)
        let body = Data(bytes)
        #expect(String(data: body, encoding: .utf8) == nil, "the fixture is not UTF-8")
        let document = try FactsDocument.decode(body)
        #expect(document == FactsDocument(title: "Caf\u{E9}", rows: [Fact(title: "Na\u{EF}ve", description: "50 \u{B0}C")]))
    }

    @Test func nullsAnywhereAreNothingAndNullRowsAreSkipped() throws {
        let document = try decode(#"""
            {"title":null,"rows":[null,{"title":null,"description":"Said.","imageHref":null},null,{"title":"A"},{}]}
            """#)
        #expect(document == FactsDocument(title: nil, rows: [Fact(description: "Said."), Fact(title: "A"), Fact()]))
    }

    @Test func aFieldOfTheWrongTypeIsNothing() throws {
        let document = try decode(#"""
            {"title":["About","Canada"],"rows":[{"title":1,"description":"Said.","imageHref":false},{"title":{"en":"B"},"description":"B."}]}
            """#)
        #expect(document == FactsDocument(title: nil, rows: [Fact(description: "Said."), Fact(description: "B.")]))
        #expect(try decode(#"{"title":12,"rows":[]}"#).title == nil)
    }

    @Test func rowsThatAreNotObjectsAreSkipped() throws {
        let document = try decode(#"""
            {"title":"T","rows":["Beavers",42,[{"title":"inner"}],true,{"title":"A"},3.5,{"title":"B"},"x"]}
            """#)
        #expect(document == FactsDocument(title: "T", rows: [Fact(title: "A"), Fact(title: "B")]))
    }

    @Test func aBlankTitleIsNoTitleAndAMissingOneToo() throws {
        #expect(try decode(#"{"title":"   ","rows":[]}"#) == FactsDocument(title: nil, rows: []))
        #expect(try decode(#"{"rows":[{"title":"A"}]}"#) == FactsDocument(title: nil, rows: [Fact(title: "A")]))
        #expect(try decode(#"{"title":"T","rows":[]}"#) == FactsDocument(title: "T", rows: []), "no rows at all is a document")
    }

    @Test func anHTMLPageIsHTML() {
        #expect(throws: FactsDocument.Problem.html) {
            try decode("<!DOCTYPE html><html><head><title>Dropbox - Error</title></head><body>Not found</body></html>")
        }
        #expect(throws: FactsDocument.Problem.html) { try decode("\n  \t<html><body>{\"rows\":[]}</body></html>") }
        #expect(throws: FactsDocument.Problem.html) {
            try FactsDocument.decode(Data([0xEF, 0xBB, 0xBF]) + Data(" <?xml version=\"1.0\"?><html/>".utf8))
        }
    }

    @Test func malformedOrTruncatedJSONIsMalformed() {
        let text = EmbeddedFactsDocument.text
        let truncated = String(text.prefix(text.count / 2))
        #expect(throws: FactsDocument.Problem.malformed) { try decode(truncated) }
        #expect(throws: FactsDocument.Problem.malformed) { try decode(#"{"title":"T","rows":[{"title":"A" "description":"B"}]}"#) }
        #expect(throws: FactsDocument.Problem.malformed) { try decode(#"{"title":"T","rows":[{"title":"A"}"#) }
        #expect(throws: FactsDocument.Problem.malformed) { try decode("") }
        #expect(throws: FactsDocument.Problem.malformed) { try decode("   \n") }
        #expect(throws: FactsDocument.Problem.malformed) { try decode("About Canada: beavers, flag, hockey") }
    }

    @Test func jsonWithoutRowsIsNotFacts() {
        #expect(throws: FactsDocument.Problem.notFacts) { try decode(#"{"title":"About Canada"}"#) }
        #expect(throws: FactsDocument.Problem.notFacts) { try decode(#"{"title":"About Canada","items":[{"title":"A"}]}"#) }
        #expect(throws: FactsDocument.Problem.notFacts) { try decode(#"{"title":"About Canada","rows":null}"#) }
        #expect(throws: FactsDocument.Problem.notFacts) { try decode(#"{"title":"About Canada","rows":{"title":"A"}}"#) }
        #expect(throws: FactsDocument.Problem.notFacts) { try decode(#"{"rows":"none"}"#) }
        #expect(throws: FactsDocument.Problem.notFacts) { try decode(#"{}"#) }
    }

    // MARK: Caps

    @Test func atMostTenThousandRowsAreKeptAndTheRestCounted() throws {
        let rows = (1...10_005).map { #"{"title":"Fact \#($0)"}"# }
        let document = try decode(#"{"title":"Many","rows":["# + rows.joined(separator: ",") + "]}")
        #expect(FactsDocument.maxRows == 10_000)
        #expect(document.rows.count == 10_000)
        #expect(document.rows.last == Fact(title: "Fact 10000"))
        #expect(document.cutRows == 5)

        let exactly = try decode(#"{"rows":["# + rows.prefix(10_000).joined(separator: ",") + "]}")
        #expect(exactly.rows.count == 10_000)
        #expect(exactly.cutRows == 0, "exactly the most: nothing cut")
    }

    @Test func aRowPastTheMostIsCountedWhateverItIs() throws {
        let rows = Array(repeating: #"{"title":"A"}"#, count: 10_000) + ["null", "42", #"{"title":"B"}"#]
        let document = try decode(#"{"rows":["# + rows.joined(separator: ",") + "]}")
        #expect(document.rows.count == 10_000)
        #expect(document.cutRows == 3)
    }

    @Test func aTextLongerThanTheMostIsCutSayingSo() throws {
        let long = String(repeating: "T", count: 1 << 20)
        let document = try decode(#"{"title":"\#(long)","rows":[{"title":"\#(long)","description":"\#(long)","imageHref":"http://x/\#(long)"}]}"#)
        let note = "… (cut: the first 4,096 of 1,048,576 characters)"
        #expect(document.title == String(repeating: "T", count: 4_096) + note)
        #expect(document.rows.first?.title == String(repeating: "T", count: 4_096) + note)
        #expect(document.rows.first?.description == String(repeating: "T", count: 4_096) + note)
        #expect(document.rows.first?.imageHref?.hasSuffix("T… (cut: the first 4,096 of 1,048,585 characters)") == true)
    }

    @Test func eachProblemSaysWhatTheBodyWas() {
        #expect(FactsDocument.Problem.html.description == "an HTML page, not JSON")
        #expect(FactsDocument.Problem.malformed.description == "malformed or truncated JSON")
        #expect(FactsDocument.Problem.notFacts.description == "JSON without a list of rows")
    }
}
