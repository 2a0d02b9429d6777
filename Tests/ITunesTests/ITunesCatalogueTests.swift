import ExplorerCore
import ExplorerHTTP
import Foundation
@testable import ITunes
import Testing

/// The offline store: how it matches terms, and the embedded server built on it.
@Suite struct ITunesCatalogueTests {
    static let answer = #"""
    {"resultCount": 8, "results": [
      {"kind": "song", "trackId": 1, "artistName": "Björk", "collectionName": "Debut", "trackName": "Human Behaviour"},
      {"kind": "song", "trackId": 2, "artistName": "Café Tacvba", "collectionName": "Re", "trackName": "La Ingrata"},
      {"kind": "song", "trackId": 3, "collectionId": 300, "artistName": "Jack Johnson", "collectionName": "In Between Dreams", "trackName": "Better Together"},
      {"kind": "song", "trackId": 4, "artistName": "周杰倫", "collectionName": "范特西", "trackName": "簡單愛"},
      {"kind": "song", "trackId": 5, "artistName": "Guns N' Roses", "collectionName": "Appetite for Destruction", "trackName": "Paradise City"},
      {"wrapperType": "audiobook", "collectionId": 900, "artistName": "John Green", "collectionName": "The Fault in Our Stars (Unabridged)"},
      {"kind": "song", "trackId": 6, "artistName": "Jack White", "collectionName": "Blunderbuss", "trackName": "Love Interruption"},
      {"kind": "song", "trackId": 8, "artistName": "ＹＭＯ", "collectionName": "Solid State Survivor", "trackName": "Rydeen"}
    ]}
    """#
    /// A second answer: track 3 again (renamed, to tell the copies apart) and one new track.
    static let overlapping = #"""
    {"resultCount": 2, "results": [
      {"kind": "song", "trackId": 3, "artistName": "Jack Johnson", "collectionName": "In Between Dreams", "trackName": "Better Together (second copy)"},
      {"kind": "song", "trackId": 7, "artistName": "Sigur Rós", "collectionName": "Takk...", "trackName": "Hoppípolla"}
    ]}
    """#

    let catalogue = ITunesCatalogue(results: Self.results(of: [Self.answer, Self.overlapping]))

    /// The results of `answers`, each as JSON text, as scripts/embed-data cuts answers up.
    static func results(of answers: [String]) -> [String] {
        answers.flatMap { answer -> [String] in
            let object = (try? JSONSerialization.jsonObject(with: Data(answer.utf8))) as? [String: Any]
            return (object?["results"] as? [Any] ?? []).compactMap { result in
                (try? JSONSerialization.data(withJSONObject: result)).map { String(decoding: $0, as: UTF8.self) }
            }
        }
    }

    /// Track ids (collection id for the audiobook) of what `term` finds.
    func found(_ term: String, limit: Int = 50) -> [Int] {
        objects(catalogue.search(term, limit: limit)).map { ($0["trackId"] as? Int) ?? ($0["collectionId"] as? Int) ?? -1 }
    }

    /// The results the catalogue gives as JSON texts, read back.
    func objects(_ texts: [String]) -> [[String: Any]] {
        texts.map { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] ?? [:] }
    }

    @Test func everyWordMustMatch() {
        #expect(found("jack") == [3, 6])
        #expect(found("jack johnson") == [3])
        #expect(found("johnson jack") == [3], "in any order")
        #expect(found("jack white blunderbuss") == [6], "across artist and album")
        #expect(found("jack johnson blunderbuss") == [])
    }

    @Test func caseAndAccentsAreIgnored() {
        #expect(found("bjork") == [1])
        #expect(found("BJÖRK") == [1])
        #expect(found("Björk") == [1])
        #expect(found("CAFE") == [2])
        #expect(found("café") == [2])
        #expect(found("sigur ros hoppipolla") == [7])
        #expect(found("ｙｍｏ") == [8], "full-width letters match their ASCII forms")
        #expect(found("ymo") == [8])
    }

    @Test func latinWordsMatchTheStartOfAWord() {
        #expect(found("john") == [3, 900], "johnson and John Green")
        #expect(found("johnso") == [3])
        #expect(found("bj") == [1])
        #expect(found("ohnson") == [], "not the middle of a word")
        #expect(found("ork") == [])
        #expect(found("together better") == [3])
        #expect(found("betterr") == [])
    }

    @Test func unspacedScriptsMatchAnywhere() {
        #expect(found("周杰") == [4])
        #expect(found("杰倫") == [4], "the middle of the name, not only its start")
        #expect(found("單愛") == [4])
        #expect(found("周杰倫 簡單愛") == [4])
        #expect(found("周杰倫 jack") == [])
        #expect(found("倫周") == [])
    }

    @Test func punctuationDoesNotMatter() {
        #expect(found("guns n roses") == [5])
        #expect(found("guns n' roses") == [5])
        #expect(found("Guns N’ Roses") == [5], "a typographic apostrophe too")
        #expect(found("guns-n-roses") == [5])
        #expect(found("takk") == [7])
    }

    @Test func nonsenseAndEmptyTermsFindNothing() {
        #expect(found("xyzzy") == [])
        #expect(found("jack xyzzy") == [])
        #expect(found("") == [])
        #expect(found("   ") == [])
        #expect(found("' - !") == [], "punctuation alone is no word")
    }

    @Test func theLimitIsRespected() {
        #expect(found("jack", limit: 1) == [3])
        #expect(found("jack", limit: 2) == [3, 6])
        #expect(found("jack", limit: 0) == [])
        #expect(found("jack", limit: -1) == [])
    }

    @Test func duplicateTrackIdsAreDroppedFirstCopyKept() {
        #expect(catalogue.count == 9)
        let better = objects(catalogue.search("better together", limit: 50))
        #expect(better.count == 1)
        #expect(better.first?["trackName"] as? String == "Better Together")
        #expect(found("second copy") == [])
    }

    @Test func resultsThatAreNotJSONObjectsAreIgnored() {
        let partly = ITunesCatalogue(results: ["not json", "5", #"["a"]"#, #"{"trackId": 3"#] + Self.results(of: [Self.overlapping]))
        #expect(partly.count == 2)
        #expect(ITunesCatalogue(results: []).count == 0)
    }

    @Test func eachResultIsSentOnAsTheTextItCameAs() {
        let text = #"{"kind":"song","trackId":11,"artistName":"Nina Simone","trackName":"Sinnerman","trackPrice":1.29}"#
        #expect(ITunesCatalogue(results: [text]).search("nina", limit: 5) == [text])
    }

    @Test func lookupFindsATrackByIdAndAnAudiobookByCollection() {
        let track = objects(catalogue.lookup(3))
        #expect(track.count == 1)
        #expect(track.first?["trackName"] as? String == "Better Together")

        let book = objects(catalogue.lookup(900))
        #expect(book.count == 1)
        #expect(book.first?["collectionName"] as? String == "The Fault in Our Stars (Unabridged)")
        #expect(book.first?["trackId"] == nil)

        #expect(catalogue.lookup(300).isEmpty, "a song's album id is not a track")
        #expect(catalogue.lookup(12345).isEmpty)
    }

    @Test func resultsAreSentOnExactlyAsAnswered() throws {
        let json = try #require(objects(catalogue.search("jack johnson", limit: 1)).first)
        #expect(Set(json.keys) == ["kind", "trackId", "collectionId", "artistName", "collectionName", "trackName"])
        #expect(json["collectionId"] as? Int == 300)
    }

    // MARK: The embedded catalogue and server

    @Test func theEmbeddedCatalogueHoldsBothAnswers() {
        #expect(ITunesCatalogue.shared.count == 357)
        #expect(EmbeddedITunesResults.results.count == 357, "the two answers' results (307 and 50)")
    }

    static func respond(_ request: HTTPRequest) throws -> (response: HTTPResponse, answer: ITunesSearchAnswer) {
        let response = try #require(ITunesCatalogue.responder(request))
        return (response, try JSONDecoder().decode(ITunesSearchAnswer.self, from: response.body))
    }

    /// Words are compared by their bytes before their text: over the embedded catalogue, every
    /// distinct word and its first one and two characters (as query words) find what comparing
    /// each word's text with `hasPrefix` finds, in every script the catalogue holds.
    @Test func comparingBytesFirstFindsWhatComparingTextFinds() {
        let shared = ITunesCatalogue.shared
        let searchable = objects(EmbeddedITunesResults.results).map { result in
            ITunesCatalogue.words(ITunesCatalogue.normalize(["artistName", "collectionName", "trackName"]
                .compactMap { result[$0] as? String }.joined(separator: " ")))
        }
        var queries: Set<String> = []
        for word in searchable.joined() where !ITunesCatalogue.isUnspaced(word) {
            queries.formUnion([word, String(word.prefix(1)), String(word.prefix(2))])
        }
        #expect(queries.count > 500)
        var mismatches: [String] = []
        for query in queries.sorted() {
            let expected = EmbeddedITunesResults.results.indices.filter { index in
                searchable[index].contains { $0.hasPrefix(query) }
            }.map { EmbeddedITunesResults.results[$0] }
            // Results with a track id already seen are left out of the catalogue: compare sets.
            if Set(shared.search(query, limit: 1_000)) != Set(expected) { mismatches.append(query) }
        }
        #expect(mismatches.isEmpty)
    }

    @Test func theResponderAnswersASearchWithTheRealFifty() throws {
        let request = ITunesService.searchRequest(term: "jack johnson", country: "US", limit: 50)
        #expect(request.endpoint == "/search?term=jack%20johnson&media=music&entity=song&limit=50&country=US")

        let (response, answer) = try Self.respond(request)
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json")
        #expect(answer.resultCount == 50)
        #expect(answer.results == Recorded.jackJohnson)
    }

    @Test func theResponderSearchesAcrossScripts() throws {
        let bjork = try Self.respond(ITunesService.searchRequest(term: "bjork", country: "US", limit: 50)).answer
        #expect(bjork.resultCount == 21)
        #expect(Set(bjork.results.compactMap(\.artistName)) == ["Björk"])

        let jay = try Self.respond(ITunesService.searchRequest(term: "周杰", country: "US", limit: 50)).answer
        #expect(jay.resultCount == 21)
        #expect(jay.results.first?.trackName == "愛在西元前")

        let guns = try Self.respond(ITunesService.searchRequest(term: "guns n' roses", country: "US", limit: 5)).answer
        #expect(guns.results.map(\.trackName) == ["Welcome to the Jungle", "It's So Easy", "Nightrain", "Out ta Get Me", "Mr. Brownstone"])

        let nothing = try Self.respond(ITunesService.searchRequest(term: "xyzzy", country: "US", limit: 50)).answer
        #expect(nothing == ITunesSearchAnswer(results: []))
    }

    @Test func theEmbeddedCatalogueMatchesInsideUnspacedNames() {
        let shared = ITunesCatalogue.shared
        #expect(shared.search("ヒカル", limit: 50).count == 11, "the end of 宇多田ヒカル")
        #expect(shared.search("ﾋｶﾙ", limit: 50).count == 11, "half-width katakana folds to full width")
        #expect(shared.search("이유", limit: 50).count == 7, "the end of 아이유")
        #expect(objects(shared.search("ロビンソン", limit: 50)).compactMap { $0["artistName"] as? String } == ["スピッツ"])
        #expect(shared.search("beyonce lemonade", limit: 50).count == 12)
        #expect(objects(shared.search("garcia marquez", limit: 50)).compactMap { $0["collectionName"] as? String }
            == ["Cien años de soledad (Unabridged)"])
    }

    @Test func theResponderHonoursTheLimitAndDefaultsIt() throws {
        let all = try Self.respond(HTTPRequest(path: "/search", query: [.init("term", "b"), .init("limit", "1000")])).answer
        #expect(all.resultCount == 163, "every title with a word starting with b")
        let three = try Self.respond(HTTPRequest(path: "/search", query: [.init("term", "b"), .init("limit", "3")])).answer
        #expect(three.results.map(\.trackId) == Array(all.results.prefix(3)).map(\.trackId))
        let unlimited = try Self.respond(HTTPRequest(path: "/search", query: [.init("term", "b")])).answer
        #expect(unlimited.resultCount == 50)
        let noTerm = try Self.respond(HTTPRequest(path: "/search")).answer
        #expect(noTerm.resultCount == 0)
    }

    @Test func theResponderLooksUpById() throws {
        let (response, answer) = try Self.respond(ITunesService.lookupRequest(id: 879273565, country: "US"))
        #expect(response.status == 200)
        #expect(answer.resultCount == 1)
        #expect(answer.results == [Recorded.betterTogether])

        let book = try Self.respond(HTTPRequest(path: "/lookup", query: [.init("id", "1500700013")])).answer
        #expect(book.results.map(\.title) == ["The Hitchhiker's Guide to the Galaxy (Unabridged)"])
        #expect(book.results.first?.trackId == nil)

        #expect(try Self.respond(HTTPRequest(path: "/lookup", query: [.init("id", "1")])).answer.resultCount == 0)
        #expect(try Self.respond(HTTPRequest(path: "/lookup", query: [.init("id", "abc")])).answer.resultCount == 0)
    }

    @Test func theResponderKnowsNoOtherPath() {
        #expect(ITunesCatalogue.responder(HTTPRequest(path: "/artist", query: [.init("id", "1")])) == nil)
        #expect(ITunesCatalogue.responder(HTTPRequest(path: "/")) == nil)
        #expect(ITunesCatalogue.responder(HTTPRequest(path: "/search/")) == nil)
    }

    @Test func anAbsolutePreviewURLIsAShortWAVTone() throws {
        let url = try #require(URL(string: "https://audio-ssl.itunes.apple.com/itunes-assets/AudioPreview113/x.m4a"))
        let request = try #require(HTTPRequest(absolute: url))
        let response = try #require(ITunesCatalogue.responder(request))
        #expect(response.status == 200)
        #expect(response.header("content-type") == "audio/wav")
        let body = response.body
        #expect(body.count == 44 + 8000 * 2 * 2, "a 44-byte header and two seconds of 16-bit mono at 8 kHz")
        #expect(String(decoding: body.prefix(4), as: UTF8.self) == "RIFF")
        #expect(String(decoding: body[8..<16], as: UTF8.self) == "WAVEfmt ")
        #expect(String(decoding: body[36..<40], as: UTF8.self) == "data")
        #expect(Array(body[4..<8]) == [0x24, 0x7D, 0x00, 0x00], "RIFF size 36 + 32000, little-endian")
    }

    @Test func theEmbeddedServiceWorksEndToEnd() async throws {
        let service = ITunesService.http(EmbeddedHTTPClient(responder: ITunesCatalogue.responder), country: "US", limit: 50)
        let found = try await service.search("jack johnson")
        #expect(found.count == 50)
        #expect(found.first?.item.trackName == "Better Together")
        #expect(try await service.lookup(879273565)?.trackName == "Better Together")
        #expect(try await service.lookup(1) == nil)

        let preview = try #require(URL(string: "http://a898.phobos.apple.com/x.m4a"))
        let (data, contentType) = try await service.download(preview)
        #expect(contentType == "audio/wav")
        #expect(data.prefix(4) == Data("RIFF".utf8))

        let file = try #require(URL(string: "file:///etc/passwd"))
        await #expect(throws: ITunesError.notWeb(file)) {
            try await service.download(file)
        }
    }

    /// A result is searched by what JSONSerialization reads of it: the quick read agrees on
    /// every embedded result (and reads each itself), and leaves odd ones to it.
    @Test func theQuickReadOfAResultIsJSONSerializations() {
        func same(_ a: ITunesCatalogue.Searched?, _ b: ITunesCatalogue.Searched?) -> Bool {
            a?.trackID == b?.trackID && a?.collectionID == b?.collectionID && a?.names == b?.names && (a == nil) == (b == nil)
        }
        for json in EmbeddedITunesResults.results {
            let quick = ITunesCatalogue.quicklySearched(json)
            #expect(quick != nil)
            #expect(same(quick, ITunesCatalogue.serializedSearched(json)), "\(json.prefix(80))")
        }
        for json in [#"{"trackId": 1, "trackId": 2}"#, #"{"trackId": true, "collectionId": 5.0}"#, #"{"trackId": "7", "trackName": 7}"#,
                     #"{"artistName": null, "trackName": "x\u00e9"}"#, "[1]", "", #"{"trackId": 1} x"#,
                     "{\"trackName\": \"\u{FEFF}x\"}", "{\"artistName\": \"\\n\u{FEFF}y\"}"] {
            let quick = ITunesCatalogue.quicklySearched(json)
            #expect(quick == nil || same(quick, ITunesCatalogue.serializedSearched(json)), "\(json)")
            #expect(same(ITunesCatalogue.searched(json), ITunesCatalogue.serializedSearched(json)), "\(json)")
        }
    }

    /// Printable ASCII is normalized by lowering its case, as Foundation's compatibility mapping
    /// and folding would: every character alone and beside others, and the bench's terms.
    @Test func asciiIsNormalizedAsFoundationFoldsIt() {
        func folded(_ text: String) -> String {
            text.precomposedStringWithCompatibilityMapping
                .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        }
        let characters = (0x20..<0x7F).map { String(UnicodeScalar(UInt8($0))) }
        for text in characters + [characters.joined(), "Jack JOHNSON", "Guns N' Roses", "AC/DC", "beyonce lemonade", "  war  "] {
            #expect(ITunesCatalogue.normalize(text) == folded(text), "\(text.debugDescription)")
            #expect(ITunesCatalogue.bytes(ITunesCatalogue.normalize(text)) == Array(folded(text).precomposedStringWithCanonicalMapping.utf8))
        }
    }

    /// ASCII is split into words a byte at a time where characters would split it: at anything
    /// but a letter or a digit, every character alone and beside others, and the bench's terms.
    @Test func asciiIsSplitIntoWordsAsCharactersAre() {
        let characters = (0x00..<0x80).map { String(UnicodeScalar(UInt8($0))) }
        for text in characters + [characters.joined(), "a\r\nb", "Jack JOHNSON", "guns n' roses", "AC/DC", "  war  ", "m83_x9"] {
            #expect(ITunesCatalogue.words(text) == text.split { !($0.isLetter || $0.isNumber) }.map(String.init), "\(text.debugDescription)")
        }
    }

    /// The names a search answer's results are sorted by compare as the locale-aware
    /// comparison orders them, every embedded artist, album and track against every other.
    @Test func theEmbeddedNamesCompareInTheLocaleAwareOrder() {
        let names = Array(Set(EmbeddedITunesResults.results.compactMap { ITunesCatalogue.searched($0)?.names }.joined())).sorted()
        #expect(names.count > 300)
        for (index, a) in names.enumerated() {
            for b in names[(index + 1)...] {
                #expect(SortComparison.order(a, b) == a.localizedStandardCompare(b), "\(a) against \(b)")
            }
        }
    }
}
