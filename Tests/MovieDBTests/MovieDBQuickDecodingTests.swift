import ExplorerStore
import Foundation
@testable import MovieDB
import Testing

/// The quick reader of a kept title gives what `JSONDecoder` gives, or leaves the title to it:
/// on every title the embedded data keeps (as the offline index keeps it), on TMDB's own list
/// entries, and on odd entries written to catch it out.
@Suite struct MovieDBQuickDecodingTests {
    static func decoded(_ json: Data) -> MovieDBItem? {
        try? JSONDecoder().decode(MovieDBItem.self, from: json)
    }

    /// Each title of the embedded data as the index keeps it (its payload), and each entry of
    /// the recorded pages as TMDB sent it.
    static var realEntries: [Data] {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        var entries = (MovieDBEmbeddedData.pages.flatMap(\.page.results) + MovieDBEmbeddedData.details)
            .map { MovieDBLibrary.indexed($0, at: now).payload }
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../data/tmdb")
        for name in ["movie-popular-page-1", "movie-top_rated-page-1", "movie-upcoming-page-1", "tv-popular-page-1"] {
            let page = (try? JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("\(name).json")))) as? [String: Any]
            for result in page?["results"] as? [Any] ?? [] {
                entries.append(try! JSONSerialization.data(withJSONObject: result))
            }
        }
        return entries
    }

    @Test func realEntriesAreReadQuicklyAndAlike() throws {
        let entries = Self.realEntries
        #expect(entries.count > 90)
        for json in entries {
            let quick = try #require(MovieDBItem.quicklyRead(json), "a real entry is read quickly: \(String(decoding: json, as: UTF8.self))")
            #expect(quick == Self.decoded(json))
        }
    }

    @Test func theMembersReadAreTheCodingKeys() {
        #expect(MovieDBItem.Member.keys.count == MovieDBItem.Member.allCases.count)
        #expect(MovieDBItem.Member.keys.allSatisfy { MovieDBItem.CodingKeys(rawValue: $0) != nil })
        #expect(Set(MovieDBItem.Member.keys).count == 18)
    }

    @Test func eachKeyIsReadAsItsMemberAndNoOtherKeyIs() {
        for (member, key) in zip(MovieDBItem.Member.allCases, MovieDBItem.Member.keys) {
            #expect(Array(key.utf8).withUnsafeBufferPointer { MovieDBItem.Member($0) } == member, "\(key)")
            #expect(Array((key + "x").utf8).withUnsafeBufferPointer { MovieDBItem.Member($0) } == nil, "\(key)x")
            #expect(Array(key.utf8.dropLast()).withUnsafeBufferPointer { MovieDBItem.Member($0) } == nil, "\(key) less its last byte")
        }
        #expect([UInt8]().withUnsafeBufferPointer { MovieDBItem.Member($0) } == nil)
    }

    static let oddEntries: [String] = [
        #"{"id": 1}"#, #"{"id": 1, "name": "A show"}"#, #"{"id": 1, "name": null}"#, #"{"id": 1, "name": "S", "title": "M"}"#,
        #"{"id": 1, "kind": "tv", "title": "M"}"#, #"{"id": 1, "kind": "tv", "name": "S", "title": "M"}"#,
        #"{"id": 1, "kind": "person", "media_type": "tv", "name": "S"}"#, #"{"id": 1, "kind": 3, "name": "S"}"#,
        #"{"id": 1, "media_type": "person"}"#, #"{"id": 1, "media_type": 5, "name": "S"}"#, #"{"id": 1, "media_type": null}"#,
        #"{"id": 1, "kind": "movie", "media_type": "person"}"#, #"{"id": "1"}"#, #"{"id": 1.0}"#, #"{"id": 1e2}"#,
        #"{"id": -3}"#, #"{"id": null}"#, #"{"title": "No id"}"#, #"{"id": 1, "id": 2}"#, #"{"id": 1, "title": "a", "title": "b"}"#,
        #"{"id": 1, "genre_ids": [1, "a"]}"#, #"{"id": 1, "genre_ids": [1, 2.5]}"#, #"{"id": 1, "genre_ids": "x"}"#,
        #"{"id": 1, "genre_ids": null}"#, #"{"id": 1, "genre_ids": [[1]]}"#, #"{"id": 1, "genre_ids": []}"#,
        #"{"id": 1, "genre_ids": [28, 12, 878]}"#, #"{"id": 1, "vote_average": "7"}"#, #"{"id": 1, "vote_average": 7}"#,
        #"{"id": 1, "vote_average": 7.25}"#, #"{"id": 1, "vote_average": -0.0}"#, #"{"id": 1, "vote_average": 1e400}"#,
        #"{"id": 1, "vote_count": 7.5}"#, #"{"id": 1, "vote_count": 12}"#, #"{"id": 1, "popularity": 1234.567}"#,
        #"{"id": 1, "title": 5}"#, #"{"id": 1, "title": "\u00e9t\u00e9"}"#, #"{"id": 1, "title": "a\"b\\c"}"#,
        #"{"id": 1, "title": "\ud83d"}"#, #"{"id": 1, "detail": null}"#, #"{"id": 1, "detail": {}}"#, #"{"id": 1} x"#,
        #"[{"id": 1}]"#, #"{"id": 1,}"#, "", #"{"ti\u0074le": "x", "id": 1}"#, #"{"id": 1, "extra": {"deep": [1, {"a": null}]}}"#,
        #"{"id": 1, "title": "T", "overview": "O", "release_date": "2020-01-01", "first_air_date": "2021", "original_title": "OT", "original_name": "ON", "poster_path": "/p.jpg", "backdrop_path": null, "original_language": "en", "popularity": 12.5, "vote_count": 3, "vote_average": 6.5, "genre_ids": [18]}"#,
        #"{"kind": "tv", "id": 1, "name": "N", "overview": "O", "release_date": "2020-01-01", "first_air_date": "2021-02-03", "original_title": "OT", "original_name": "ON"}"#,
        #"{"id": 1, "title": "\#(String(repeating: "long ", count: 1_000))"}"#, #"  {"id": 7}  "#, #"{"id": 99999999999999999999}"#,
    ]

    @Test(arguments: oddEntries)
    func anOddEntryIsReadAlikeOrLeftToJSONDecoder(_ text: String) {
        let json = Data(text.utf8)
        if let quick = MovieDBItem.quicklyRead(json) {
            #expect(quick == Self.decoded(json), "read otherwise than JSONDecoder reads it")
        }
    }

    /// The odd entries the quick reader must read itself, not leave to `JSONDecoder`.
    @Test func theUsualShapesAreReadQuickly() {
        for text in [#"{"id": 1}"#, #"{"id": 1, "name": null}"#, #"{"id": 1, "kind": "person", "media_type": "tv", "name": "S"}"#,
                     #"{"id": 1, "genre_ids": [1, "a"]}"#, #"{"id": 1, "detail": null}"#, #"{"id": 1, "title": 5}"#] {
            #expect(MovieDBItem.quicklyRead(Data(text.utf8)) != nil, "\(text)")
        }
        #expect(MovieDBItem.quicklyRead(Data([0x7B, 0x22, 0x69, 0x64, 0x22, 0x3A, 0x31, 0x2C, 0x22, 0x74, 0x69, 0x74, 0x6C, 0x65, 0x22, 0x3A,
                                              0x22, 0xFF, 0x22, 0x7D])) == nil, "a title that is not UTF-8 is left to JSONDecoder")
    }

    /// A kept title is read as it was written, whatever reads it.
    @Test func aKeptTitleReadsBackAsItWasKept() throws {
        for item in MovieDBEmbeddedData.pages.flatMap(\.page.results) {
            let kept = MovieDBLibrary.indexed(item, at: Date(timeIntervalSince1970: 0))
            #expect(MovieDBLibrary.item(kept) == item)
        }
    }
}
