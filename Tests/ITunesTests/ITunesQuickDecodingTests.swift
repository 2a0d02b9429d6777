import ExplorerCore
import ExplorerHTTP
import Foundation
@testable import ITunes
import TestSupport
import Testing

/// The quick reader of search answers gives what `JSONDecoder` gives, or leaves the body to it:
/// on every answer the embedded store makes and the recorded ones (where it must read them
/// itself), on odd bodies written to catch it out, and on thousands of damaged answers.
@Suite struct ITunesQuickDecodingTests {
    static func decoded(_ body: Data) -> ITunesSearchAnswer? {
        try? JSONDecoder().decode(ITunesSearchAnswer.self, from: body)
    }

    /// The answers of the embedded store to a spread of terms, and the recorded answers.
    static var realAnswers: [Data] {
        let terms = ["jack johnson", "blue", "love", "beyonce", "ヒカル", "garcia marquez", "rock", "スピッツ", "night",
                     "sun", "better together", "아이유", "war", "star", "zzzz"]
        var answers = terms.compactMap { term in
            ITunesCatalogue.responder(HTTPRequest(path: "/search", query: [.init("term", term), .init("limit", "50")]))?.body
        }
        answers.append(Recorded.data("search-term-star-mixed-50.json"))
        answers.append(Recorded.data("search-jp-kobukuro-sakura-1.json"))
        answers.append(Recorded.data("search-jack-johnson.json", in: Recorded.embeddedData))
        return answers
    }

    @Test func realAnswersAreReadQuicklyAndAlike() throws {
        let answers = Self.realAnswers
        #expect(answers.count == 18)
        for body in answers {
            let quick = try #require(ITunesSearchAnswer.quicklyDecoded(body), "a real answer is read quickly")
            #expect(quick == Self.decoded(body))
        }
    }

    @Test func theMembersReadAreTheCodingKeys() {
        #expect(ITunesItem.Member.keys.count == ITunesItem.Member.allCases.count)
        #expect(ITunesItem.Member.keys.allSatisfy { ITunesItem.CodingKeys(rawValue: $0) != nil })
        #expect(Set(ITunesItem.Member.keys).count == 23)
    }

    @Test func eachKeyIsReadAsItsMemberAndNoOtherKeyIs() {
        for (member, key) in zip(ITunesItem.Member.allCases, ITunesItem.Member.keys) {
            #expect(Array(key.utf8).withUnsafeBufferPointer { ITunesItem.Member($0) } == member, "\(key)")
            #expect(Array((key + "x").utf8).withUnsafeBufferPointer { ITunesItem.Member($0) } == nil, "\(key)x")
            #expect(Array(key.utf8.dropLast()).withUnsafeBufferPointer { ITunesItem.Member($0) } == nil, "\(key) less its last byte")
        }
        #expect([UInt8]().withUnsafeBufferPointer { ITunesItem.Member($0) } == nil)
    }

    @Test(arguments: oddBodies)
    func anOddBodyIsReadAlikeOrLeftToJSONDecoder(_ text: String) {
        let body = Data(text.utf8)
        let reference = Self.decoded(body)
        if let quick = ITunesSearchAnswer.quicklyDecoded(body) {
            #expect(quick == reference, "read otherwise than JSONDecoder reads it")
        }
    }

    /// What a list reads of an answer: of every result the members it sorts and finds results
    /// by, the rest when a result is shown, which is then what `JSONDecoder` reads of the whole
    /// answer; every answer the quick reader reads, the list reads too.
    @Test(arguments: oddBodies)
    func aListReadsAnOddBodyAsJSONDecoderDoes(_ text: String) {
        let body = Data(text.utf8)
        let listed = ITunesResults.quicklyDecoded(body)
        if let listed {
            #expect(listed.results.map(\.item) == Self.decoded(body)?.results)
        }
        if ITunesSearchAnswer.quicklyDecoded(body) != nil {
            #expect(listed != nil)
        }
    }

    /// A result whose member the list does not read is odd (given twice, a number the quick
    /// reader leaves to `JSONDecoder`): the list reads the answer, and that result, once shown,
    /// is read by `JSONDecoder` from its own object, as it reads it in the whole answer.
    @Test(arguments: [
        #"{"results": [{"trackId": 1, "trackPrice": 1.29, "trackPrice": 0.99, "trackName": "twice"}, {"trackId": 2}]}"#,
        #"{"results": [{"trackId": 1}, {"trackId": 2, "collectionId": 5.0, "discCount": 2.0, "trackName": "5.0"}]}"#,
        #"{"results": [{"trackId": 3, "trackTimeMillis": 1234567890123456789012, "collectionPrice": -0.0}]}"#,
        #"{"results": [{"trackId": 4, "kind": "song", "kind": "podcast", "artistName": "a"}]}"#,
        #"{"results": [{"trackId": 5, "trackPrice": 1.29000000000000000000000001, "trackCount": -0}]}"#,
    ])
    func aResultWhoseUnlistedMemberIsOddReadsOnceShownAsJSONDecoderReadsIt(_ text: String) throws {
        let body = Data(text.utf8)
        #expect(ITunesSearchAnswer.quicklyDecoded(body) == nil, "the quick reader gives up on the whole answer")
        let listed = try #require(ITunesResults.quicklyDecoded(body), "the list reads it")
        let whole = try #require(Self.decoded(body)).results
        #expect(listed.results.map(\.item) == whole)
        #expect(listed.results.map(\.listed.trackId) == whole.map(\.trackId))
    }

    @Test func aListReadsOfEachResultWhatItSortsByAndTheRestWhenShown() throws {
        for body in Self.realAnswers {
            let listed = try #require(ITunesResults.quicklyDecoded(body))
            let whole = try #require(Self.decoded(body)).results
            #expect(listed.results.map(\.item) == whole)
            #expect(listed.results.map(\.listed) == whole.map { item in
                ITunesItem(trackId: item.trackId, artistName: item.artistName, collectionName: item.collectionName,
                           trackNumber: item.trackNumber, kind: nil)
            })
        }
    }

    @Test func anAnswerLeftToJSONDecoderIsReadInFull() throws {
        let body = Data(#"{"results": [{"trackId": 5.0, "trackName": "a", "trackPrice": 1e2}]}"#.utf8)
        #expect(ITunesResults.quicklyDecoded(body) == nil)
        let results = try JSONDecoder().decode(ITunesResults.self, from: body).results
        #expect(results.map(\.listed) == [try #require(Self.decoded(body)).results[0]])
        #expect(results[0].listed.trackName == "a", "read in full")
    }

    static let oddBodies = [
        #"{"resultCount": 1, "results": [{"trackId": 1, "trackName": "a"}]}"#,
        #"{"results": [{"trackId": 5.0, "trackNumber": 3.5, "trackTimeMillis": 1e3, "trackCount": null}]}"#,
        #"{"results": [{"trackId": "7", "trackName": 7, "trackPrice": "1.29", "collectionPrice": true}]}"#,
        #"{"results": [{"trackId": 1, "trackId": 2}]}"#,
        #"{"results": [], "results": [{"trackId": 2}]}"#,
        #"{"resultCount": 2, "resultCount": 3, "results": []}"#,
        #"{"resultCount": "7", "results": [{}]}"#,
        #"{"resultCount": 7.0, "results": [{}]}"#,
        #"{"resultCount": null, "results": [{}, {}]}"#,
        #"{"results": [42, "a", null, {"trackId": 2}]}"#,
        #"{"results": [{"trackName": "caf\u00e9 \ud83c\udfb8 \"q\" \\ \/ \n\t"}]}"#,
        #"{"results": [{"trackName": "lone \ud800 surrogate"}]}"#,
        #"{"results": [{"trackName": "bad \x escape"}]}"#,
        #"{"results": [{"trackPrice": -0, "collectionPrice": -0.0, "trackTimeMillis": -0}]}"#,
        #"{"results": [{"trackPrice": 1.2900000000000000355, "collectionPrice": 12345678901234567890}]}"#,
        #"{"results": [{"trackId": 123456789012345678901234567890}]}"#,
        #"{"results": [{"trackId": 01}]}"#,
        #"{"results": [{"trackId": 1.}]}"#,
        #"{"results": [{"trackId": -}]}"#,
        #"{"results": [{"trackId": 1e400, "trackPrice": 1e400}]}"#,
        #"{"results": [{"trackName": "a",}]}"#,
        #"{"results": [{"trackName": "a"},]}"#,
        #"{"results": [{"trackName": "a"}]} trailing"#,
        #"  {"results": [ ]}  "#,
        #"{"results": [{"x": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}]}"#,
        #"{"results": [{"nested": {"a": [true, false, null, 1.5, "s"]}, "trackName": "after"}]}"#,
        #"{"results": [{"tr\u0061ckName": "escaped key"}]}"#,
        #"{"results": {"trackId": 1}}"#,
        #"{"resultCount": 0}"#,
        "[]",
        "",
        "\u{FEFF}{\"results\": []}",
        "{\"results\": [{\"trackName\": \"tab\tinside\"}]}",
        #"{"results": [{"trackName": "\u0000"}]}"#,
        #"{"results": [{"trackName": tru}]}"#,
        #"{"results": [{"trackName": nul}]}"#,
    ]

    /// Odd but plain bodies are read quickly, not left to JSONDecoder: members of the wrong kind,
    /// escapes, a count that is not a number, members nobody keeps.
    @Test(arguments: [
        #"{"resultCount": null, "results": [{}, {}]}"#,
        #"{"resultCount": "7", "results": [{"trackId": "7", "trackName": 7, "trackPrice": "1.29", "collectionPrice": true}]}"#,
        #"{"results": [{"trackName": "caf\u00e9 \ud83c\udfb8 \"q\" \\ \/ \n\t", "x": {"y": [1, 2.5, null]}}]}"#,
        #"{"results": [{"trackPrice": -1.5, "trackId": -3, "trackCount": null}], "extra": [true, false]}"#,
    ])
    func plainOddBodiesAreReadQuickly(_ text: String) throws {
        let body = Data(text.utf8)
        let quick = try #require(ITunesSearchAnswer.quicklyDecoded(body))
        #expect(quick == Self.decoded(body))
    }

    @Test func aBodyThatIsNotUTF8IsLeftToJSONDecoder() {
        var body = Data(#"{"results": [{"trackName": "x"}]}"#.utf8)
        body[body.count - 6] = 0xFF
        #expect(ITunesSearchAnswer.quicklyDecoded(body) == nil)
    }

    /// Real answers damaged at random: a byte changed, a stretch cut out or repeated, a token put
    /// in. Whatever the quick reader makes of one, JSONDecoder makes the same.
    @Test func damagedAnswersAreReadAlikeOrLeftToJSONDecoder() {
        let answers = Self.realAnswers.map { [UInt8]($0) }
        let tokens = [#""x""#, "1e5", "-0", "null", "true", #""\u00e9""#, #""\ud800""#, "{", "}", "[", "]", ",", ":", "0.5",
                      "12345678901234567890", #""trackId""#, #""trackId":9,"#, #""results":[],"#, "\"", "\\"]
        var generator = SplitMix64(seed: 21)
        var readQuickly = 0
        for round in 0..<4_000 {
            let bytes = ByteDamage.damaged(answers[round % answers.count], tokens: tokens, using: &generator)
            let body = Data(bytes)
            let listed = ITunesResults.quicklyDecoded(body)
            if let listed {
                #expect(listed.results.map(\.item) == Self.decoded(body)?.results, "round \(round): as JSONDecoder reads it")
            }
            guard let quick = ITunesSearchAnswer.quicklyDecoded(body) else { continue }
            readQuickly += 1
            #expect(quick == Self.decoded(body), "round \(round)")
            #expect(listed != nil, "round \(round): a list reads what the quick reader reads")
        }
        // Most damage lands in a value passed over or a text: the reader still reads those.
        #expect(readQuickly > 500)
    }
}
