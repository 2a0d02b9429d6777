import Foundation
import Testing
@testable import MovieDB

/// TMDB's answers read leniently: a list item, a page (a multi search's people skipped), a
/// detail with its videos, and an item read from a detail.
@Suite("MovieDB decoding")
struct MovieDBDecodingTests {
    func decode<T: Decodable>(_ type: T.Type, _ json: String, kind: MovieDBKind? = nil) throws -> T {
        let decoder = JSONDecoder()
        if let kind { decoder.userInfo[.movieDBKind] = kind }
        return try decoder.decode(T.self, from: Data(json.utf8))
    }

    // MARK: MovieDBItem

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

    @Test func aMovieOfACategoryPageIsReadInFull() throws {
        let json = """
            {"adult": false, "backdrop_path": "/back.jpg", "genre_ids": [28, 80, 53], "id": 385687,
             "original_language": "en", "original_title": "Fast X", "overview": "Dom's family again.",
             "popularity": 4714.532, "poster_path": "/poster.jpg", "release_date": "2023-05-17",
             "title": "Fast X", "video": false, "vote_average": 7.3, "vote_count": 2313}
            """
        let item = try decode(MovieDBItem.self, json, kind: .movie)
        #expect(item == MovieDBItem(kind: .movie, id: 385687, title: "Fast X", originalTitle: "Fast X",
                                    overview: "Dom's family again.", date: "2023-05-17", genreIDs: [28, 80, 53],
                                    voteAverage: 7.3, voteCount: 2313, popularity: 4714.532, posterPath: "/poster.jpg",
                                    backdropPath: "/back.jpg", originalLanguage: "en"))
        #expect(item.itemID == "movie/385687")
        #expect(item.year == 2023)
        #expect(item.genreNames == ["Action", "Crime", "Thriller"])
    }

    @Test func onlyTheIdIsRequiredAndWrongTypesOrNullsReadAsMissing() throws {
        let json = """
            {"id": 7, "title": null, "name": 12, "release_date": "", "genre_ids": "28",
             "vote_average": "high", "vote_count": 3.5, "popularity": null, "poster_path": 1}
            """
        let item = try decode(MovieDBItem.self, json, kind: .movie)
        #expect(item == MovieDBItem(kind: .movie, id: 7, title: "untitled", date: ""))
        #expect(item.year == nil, "an empty date has no year")
        #expect(throws: DecodingError.self) { try decode(MovieDBItem.self, #"{"title": "No id"}"#, kind: .movie) }
    }

    @Test func theKindComesFromMediaTypeThenTheDecoderThenTheKeys() throws {
        let show = try decode(MovieDBItem.self, #"{"id": 1, "media_type": "tv", "name": "Show", "title": "Wrong"}"#, kind: .movie)
        #expect(show.kind == .tv, "media_type beats the decoder's kind")
        #expect(show.title == "Show", "a show's title is its name")

        let fromDecoder = try decode(MovieDBItem.self, #"{"id": 2, "name": "Only a name"}"#, kind: .movie)
        #expect(fromDecoder.kind == .movie)
        #expect(fromDecoder.title == "Only a name", "a movie without title falls back to name")

        let byKeys = try decode(MovieDBItem.self, #"{"id": 3, "name": "Named", "first_air_date": "1999-01-02"}"#)
        #expect(byKeys.kind == .tv)
        #expect(byKeys.date == "1999-01-02")
        #expect(try decode(MovieDBItem.self, #"{"id": 4, "title": "Titled"}"#).kind == .movie)

        #expect(throws: MovieDBItem.NotATitle.self) {
            try decode(MovieDBItem.self, #"{"id": 5, "media_type": "person", "name": "An actor"}"#, kind: .movie)
        }
    }

    @Test func anItemWrittenForTheIndexReadsBackTheSameWithoutItsDetail() throws {
        let show = MovieDBItem(kind: .tv, id: 60625, title: "Rick and Morty", originalTitle: "Rick & Morty", overview: "Science.",
                               date: "2013-12-02", genreIDs: [16, 35], voteAverage: 8.7, voteCount: 9000, popularity: 1.5,
                               posterPath: "/p.jpg", backdropPath: "/b.jpg", originalLanguage: "en",
                               detail: MovieDBDetail(numberOfSeasons: 7))
        let data = try JSONEncoder().encode(show)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["kind", "id", "name", "original_name", "overview", "first_air_date", "genre_ids",
                                     "vote_average", "vote_count", "popularity", "poster_path", "backdrop_path", "original_language"])
        var expected = show
        expected.detail = nil
        #expect(try JSONDecoder().decode(MovieDBItem.self, from: data) == expected)

        let movie = MovieDBItem(kind: .movie, id: 603, title: "The Matrix")
        #expect(try JSONDecoder().decode(MovieDBItem.self, from: JSONEncoder().encode(movie)) == movie)
    }

    // MARK: MovieDBPage

    @Test func aMultiSearchPageSkipsPeopleAndKeepsAResultWithAWrongTypedField() throws {
        let json = """
            {"page": 2, "total_pages": 3, "total_results": 47, "results": [
              {"id": 603, "media_type": "movie", "title": "The Matrix", "release_date": "1999-03-30", "vote_average": 8.2, "vote_count": 24000},
              {"id": 6384, "media_type": "person", "name": "Keanu Reeves", "known_for_department": "Acting"},
              {"id": 1399, "media_type": "tv", "name": "Game of Thrones", "first_air_date": "2011-04-17", "genre_ids": [10765]},
              {"id": 604, "media_type": "movie", "title": "The Matrix Reloaded", "vote_average": "eight", "genre_ids": [28]}
            ]}
            """
        let page = try decode(MovieDBPage.self, json, kind: .movie)
        #expect(page == MovieDBPage(page: 2, results: [
            MovieDBItem(kind: .movie, id: 603, title: "The Matrix", date: "1999-03-30", voteAverage: 8.2, voteCount: 24000),
            MovieDBItem(kind: .tv, id: 1399, title: "Game of Thrones", date: "2011-04-17", genreIDs: [10765]),
            MovieDBItem(kind: .movie, id: 604, title: "The Matrix Reloaded", genreIDs: [28]),
        ], totalPages: 3, totalResults: 47))
        #expect(page.results[1].genreNames == ["Sci-Fi & Fantasy"])
        #expect(page.reachablePages == 3)
    }

    /// A page that does not decode whole is no page: it fails, so the copy kept before stays.
    @Test(arguments: [
        #"{"page": 1, "results": [{"id": 1, "title": "A"}, {"title": "No id at all"}]}"#,
        #"{"page": 1, "results": [{"id": 1, "title": "A"}, {"id": 18446744073709551616, "title": "Past an integer"}]}"#,
        #"{"page": 1, "results": [{"id": 1, "title": "A"}, {"id": 99999999999999999999999, "title": "B"}]}"#,
    ])
    func aPageWithATitleThatCannotBeReadFails(json: String) throws {
        #expect(throws: (any Error).self) { try decode(MovieDBPage.self, json, kind: .movie) }
    }

    @Test func aTitleThatIsNotUTF8FailsThePage() throws {
        let bytes = Array(#"{"page": 1, "results": [{"id": 1, "title": "ab"#.utf8) + [0xFF, 0xFE] + Array(#"cd"}]}"#.utf8)
        #expect(throws: (any Error).self) {
            let decoder = JSONDecoder()
            decoder.userInfo[.movieDBKind] = MovieDBKind.movie
            return try decoder.decode(MovieDBPage.self, from: Data(bytes))
        }
    }

    @Test func aCategoryPageTakesItsKindFromTheDecoder() throws {
        let json = #"{"page": 1, "results": [{"id": 1, "name": "A show", "title": "?"}], "total_pages": 9, "total_results": 170}"#
        let page = try decode(MovieDBPage.self, json, kind: .tv)
        #expect(page.results == [MovieDBItem(kind: .tv, id: 1, title: "A show")])
    }

    @Test func missingTotalsAreThePageItselfAndNoMoreThan500PagesCanBeReached() throws {
        let bare = try decode(MovieDBPage.self, #"{"results": [{"id": 1, "title": "A"}, {"id": 2, "title": "B"}]}"#, kind: .movie)
        #expect(bare.page == 1)
        #expect(bare.totalPages == 1)
        #expect(bare.totalResults == 2)
        #expect(bare.reachablePages == 1)

        let odd = try decode(MovieDBPage.self, #"{"page": 1, "results": [], "total_pages": 0, "total_results": -4}"#, kind: .movie)
        #expect(odd.totalPages == 1)
        #expect(odd.totalResults == 0)

        let huge = try decode(MovieDBPage.self, #"{"page": 1, "results": [], "total_pages": 38958, "total_results": 779157}"#, kind: .movie)
        #expect(huge.totalPages == 38958)
        #expect(huge.reachablePages == 500)
        #expect(throws: DecodingError.self) { try decode(MovieDBPage.self, #"{"page": 1}"#, kind: .movie) }
    }

    // MARK: MovieDBDetail

    static let movieDetail = """
        {"id": 419704, "title": "Ad Astra", "original_title": "Ad Astra", "overview": "An astronaut goes looking for his father.",
         "release_date": "2019-09-17", "runtime": 123, "status": "Released", "tagline": "The answers we seek are just outside our reach",
         "homepage": "https://www.foxmovies.com/movies/ad-astra", "vote_average": 6.0, "vote_count": 3554,
         "poster_path": "/poster.jpg", "original_language": "en",
         "genres": [{"id": 878, "name": "Science Fiction"}, {"id": 18, "name": "Drama"}],
         "videos": {"results": [
           {"key": "P6AaSMfXHbA", "name": "Official Trailer #1", "site": "YouTube", "type": "Trailer", "official": true, "published_at": "2019-05-23T16:00:04.000Z"},
           {"name": "A video without a key", "site": "YouTube", "type": "Teaser"},
           {"key": "12345", "name": "Moon Rover", "site": "Vimeo", "type": "Clip"}
         ]}}
        """

    @Test func aMovieDetailHasItsGenresByNameAndItsVideosWithAKey() throws {
        let detail = try decode(MovieDBDetail.self, Self.movieDetail)
        #expect(detail == MovieDBDetail(
            tagline: "The answers we seek are just outside our reach", runtime: 123, genres: ["Science Fiction", "Drama"],
            status: "Released", homepage: "https://www.foxmovies.com/movies/ad-astra",
            videos: [
                MovieDBVideo(key: "P6AaSMfXHbA", name: "Official Trailer #1", site: "YouTube", type: "Trailer", official: true,
                             publishedAt: "2019-05-23T16:00:04.000Z"),
                MovieDBVideo(key: "12345", name: "Moon Rover", site: "Vimeo", type: "Clip"),
            ]))
    }

    @Test func aShowDetailNamesItsNetworksAndCreators() throws {
        let json = """
            {"id": 60625, "name": "Rick and Morty", "tagline": "", "homepage": "", "status": "Returning Series",
             "last_air_date": "2023-12-17", "number_of_seasons": 7, "number_of_episodes": 71, "episode_run_time": [22, 23],
             "networks": [{"id": 6759, "name": "Adult Swim"}, {"id": 1}], "created_by": [{"name": "Dan Harmon"}, {"name": "Justin Roiland"}],
             "genres": ["Animation", "Comedy"], "runtime": "twenty"}
            """
        let detail = try decode(MovieDBDetail.self, json)
        #expect(detail == MovieDBDetail(
            genres: ["Animation", "Comedy"], status: "Returning Series", lastAirDate: "2023-12-17", numberOfSeasons: 7,
            numberOfEpisodes: 71, networks: ["Adult Swim"], creators: ["Dan Harmon", "Justin Roiland"], episodeRunTime: [22, 23]))
        #expect(detail.tagline == nil, "an empty text is no text")
        #expect(detail.runtime == nil, "a runtime of the wrong type reads as missing")
    }

    @Test func anEmptyDetailIsAllMissingAndADetailReadsBackAsWritten() throws {
        #expect(try decode(MovieDBDetail.self, "{}") == MovieDBDetail())
        #expect(try decode(MovieDBDetail.self, #"{"videos": "none", "genres": 3}"#) == MovieDBDetail())

        let detail = try decode(MovieDBDetail.self, Self.movieDetail)
        #expect(try JSONDecoder().decode(MovieDBDetail.self, from: JSONEncoder().encode(detail)) == detail)
    }

    // MARK: MovieDBItem.fromDetail

    @Test func anItemFromADetailTakesItsGenreIdsFromTheGenresAndCarriesTheDetail() throws {
        let item = try #require(MovieDBItem.fromDetail(Data(Self.movieDetail.utf8), kind: .movie))
        #expect(item == MovieDBItem(
            kind: .movie, id: 419704, title: "Ad Astra", originalTitle: "Ad Astra", overview: "An astronaut goes looking for his father.",
            date: "2019-09-17", genreIDs: [878, 18], voteAverage: 6.0, voteCount: 3554, posterPath: "/poster.jpg",
            originalLanguage: "en", detail: try decode(MovieDBDetail.self, Self.movieDetail)))
        #expect(item.genreNames == ["Science Fiction", "Drama"])
        #expect(item.detail?.videos.map(\.key) == ["P6AaSMfXHbA", "12345"], "the video without a key is dropped")
    }

    @Test func aShowFromADetailIsReadAsTheKindAsked() throws {
        let json = #"{"id": 60625, "name": "Rick and Morty", "first_air_date": "2013-12-02", "genres": [{"id": 16, "name": "Animation"}], "number_of_seasons": 7}"#
        let item = try #require(MovieDBItem.fromDetail(Data(json.utf8), kind: .tv))
        #expect(item == MovieDBItem(kind: .tv, id: 60625, title: "Rick and Morty", date: "2013-12-02", genreIDs: [16],
                                    detail: MovieDBDetail(genres: ["Animation"], numberOfSeasons: 7)))
    }

    @Test func aDetailThatIsNotTMDBsShapeIsNoItem() {
        #expect(MovieDBItem.fromDetail(Data(#"{"title": "no id"}"#.utf8), kind: .movie) == nil)
        #expect(MovieDBItem.fromDetail(Data("not json".utf8), kind: .movie) == nil)
        #expect(MovieDBItem.fromDetail(Data("[]".utf8), kind: .movie) == nil)
    }

    @Test func theEmbeddedDetailsAreTheFourTitlesWithVideos() {
        #expect(MovieDBEmbeddedData.titlesWithDetails == ["Ad Astra", "Black Panther: Wakanda Forever", "Extraction 2", "Rick and Morty"])
        #expect(MovieDBEmbeddedData.pages.map(\.category) == MovieDBCategory.allCases)
        #expect(MovieDBEmbeddedData.pages.allSatisfy { $0.page.results.count == 20 })
    }
}
