import ExplorerCore
import Foundation
import Testing
import TestSupport
@testable import Facts

/// The quick reader of facts documents gives what `JSONDecoder` gives, or leaves the body to it:
/// on the embedded document (which it must read itself), odd documents, a document past the most
/// rows kept, and thousands of damaged ones.
@Suite struct FactsQuickDecodingTests {
    static func decoded(_ body: Data) -> FactsDocument? {
        try? JSONDecoder().decode(FactsDocument.self, from: body)
    }

    static let embedded = Data(EmbeddedFactsDocument.text.utf8)

    @Test func theEmbeddedDocumentIsReadQuicklyAndAlike() throws {
        let quick = try #require(FactsDocument.quicklyDecoded(Self.embedded))
        #expect(quick == Self.decoded(Self.embedded))
        #expect(quick.rows.count == 14)
    }

    @Test func aDocumentPastTheMostRowsIsReadQuicklyAndCountsTheRest() throws {
        let rows = (0..<(FactsDocument.maxRows + 3)).map { #"{"title": " row \#($0) ", "description": null, "imageHref": "http://e.com/\#($0).png"}"# }
        let body = Data(#"{"title": "Many", "rows": [\#(rows.joined(separator: ",")), 7, "x"]}"#.utf8)
        let quick = try #require(FactsDocument.quicklyDecoded(body))
        #expect(quick == Self.decoded(body))
        #expect(quick.cutRows == 5)
    }

    @Test(arguments: [
        #"{"title": "  ", "rows": [{"title": " a ", "description": 7, "imageHref": null, "other": [1, {"x": true}]}]}"#,
        #"{"rows": [{}], "title": 5}"#,
        #"{"rows": [{"title": "\u00e9\t\n", "description": "\ud83c\udfb8 caf\u00e9 \"q\""}]}"#,
        #"{"rows": [null, {"title": "after null"}]}"#,
        #"{"rows": [{"title": "a", "title": "b"}]}"#,
        #"{"rows": [], "rows": [{"title": "b"}]}"#,
        #"{"rows": {"title": "a"}}"#,
        #"{"title": "no rows"}"#,
        #"{"rows": [{"title": "a"},]}"#,
        #"{"rows": [{"title": "a"}]} x"#,
        #"{"rows": [{"title": "lone \ud800"}]}"#,
        #"{"rows": [{"title": "\u2028\u00a0x\u200b"}]}"#,
        "[]",
    ])
    func anOddDocumentIsReadAlikeOrLeftToJSONDecoder(_ text: String) {
        let body = Data(text.utf8)
        if let quick = FactsDocument.quicklyDecoded(body) {
            #expect(quick == Self.decoded(body))
        }
    }

    @Test func damagedDocumentsAreReadAlikeOrLeftToJSONDecoder() {
        let original = [UInt8](Self.embedded)
        let tokens = [#""x""#, "1e5", "-0", "null", "true", #""\u00e9""#, #""\ud800""#, "{", "}", "[", "]", ",", ":",
                      #""title""#, #""title":"t","#, #""rows":[],"#, "\"", "\\", "   "]
        var generator = SplitMix64(seed: 16)
        var readQuickly = 0
        for round in 0..<3_000 {
            let bytes = ByteDamage.damaged(original, tokens: tokens, changedTo: 0...127, using: &generator)
            let body = Data(bytes)
            guard let quick = FactsDocument.quicklyDecoded(body) else { continue }
            readQuickly += 1
            #expect(quick == Self.decoded(body), "round \(round)")
        }
        #expect(readQuickly > 300)
    }
}
