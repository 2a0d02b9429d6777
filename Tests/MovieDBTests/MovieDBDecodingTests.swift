import Foundation
import Testing
@testable import MovieDB

@Suite("MovieDB decoding")
struct MovieDBDecodingTests {
    @Test func aShowIsReadFromItsOwnKeys() throws {
        let json = #"{"id": 60625, "name": "Rick and Morty", "original_name": "Rick and Morty", "first_air_date": "2013-12-02", "genre_ids": [16, 35]}"#
        let decoder = JSONDecoder()
        decoder.userInfo[.movieDBKind] = MovieDBKind.tv
        let item = try decoder.decode(MovieDBItem.self, from: Data(json.utf8))
        #expect(item.kind == .tv)
        #expect(item.title == "Rick and Morty")
        #expect(item.year == 2013)
        #expect(item.itemID == "tv/60625")
        #expect(item.genreNames == ["Animation", "Comedy"])
    }
}
