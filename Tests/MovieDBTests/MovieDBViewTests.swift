import ExplorerClock
import ExplorerCore
import ExplorerHTTP
import ExplorerStore
import ExplorerText
import Foundation
@testable import MovieDB
import TestSupport
import Testing

/// The screens the view makes from the view model's state: ratings, runtimes and image
/// addresses as text, the list's heading in each mode, a movie's and a show's detail, and
/// the detail's videos as data.
@MainActor
@Suite("MovieDB view")
struct MovieDBViewTests {
    typealias Fixture = MovieDBFixture

    let clock = VirtualClock()
    let fixture = MovieDBFixture.standard()
    let viewModel: MovieDBViewModel
    let view: OnScreen<MovieDBView>

    init() {
        self.init(.live)
    }

    init(_ source: DataSource) {
        let service = source == .live ? fixture.service : .http(EmbeddedHTTPClient(responder: MovieDBEmbeddedData.responder))
        viewModel = MovieDBViewModel(service: service, favourites: .inMemory(), index: .inMemory(prefix: "moviedb"),
                                     selection: SourceSelection(source), clock: clock)
        view = OnScreen { [viewModel] in MovieDBView(viewModel: viewModel, outlet: $0) }
    }

    func lines(width: Int = 80) -> [String] {
        TextRenderer(width: width).render(view.screen).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    var heading: ScreenBlock? { view.screen.blocks.first }

    static let base = MovieDBView.defaultImageBaseURL

    // MARK: Texts

    @Test func ratingsInAListAndOnADetail() {
        func item(_ average: Double?, _ count: Int?) -> MovieDBItem {
            MovieDBItem(kind: .movie, id: 1, title: "A", voteAverage: average, voteCount: count)
        }
        #expect(MovieDBView.ratingText(item(7.3, 2313), long: false) == "7.3 (2,313)")
        #expect(MovieDBView.ratingText(item(7.3, 2313), long: true) == "7.3 / 10 · 2,313 votes")
        #expect(MovieDBView.ratingText(item(7.625, 1_234_567), long: false) == "7.6 (1,234,567)")
        #expect(MovieDBView.ratingText(item(10, 1), long: false) == "10.0 (1)")
        #expect(MovieDBView.ratingText(item(10, 1), long: true) == "10.0 / 10 · 1 vote")
        #expect(MovieDBView.ratingText(item(0, 0), long: false) == "–")
        #expect(MovieDBView.ratingText(item(0, 0), long: true) == "no votes yet")
        #expect(MovieDBView.ratingText(item(nil, nil), long: false) == "–")
        #expect(MovieDBView.ratingText(item(nil, nil), long: true) == "no votes yet")
        #expect(MovieDBView.ratingText(item(nil, 12), long: true) == "no votes yet", "a count without an average")
        #expect(MovieDBView.ratingText(item(6.5, nil), long: false) == "–", "an average without a count")
    }

    @Test func runtimesInHoursAndMinutes() {
        #expect(MovieDBView.duration(124) == "2 h 4 min")
        #expect(MovieDBView.duration(45) == "45 min")
        #expect(MovieDBView.duration(59) == "59 min")
        #expect(MovieDBView.duration(162) == "2 h 42 min")
    }

    @Test func imageAddressesArePathsUnderTheBase() {
        #expect(MovieDBView.imageURL("/xBHvZcjRiWyobQ9kxBhO6B2dtRI.jpg", base: Self.base) == "https://image.tmdb.org/t/p/w500/xBHvZcjRiWyobQ9kxBhO6B2dtRI.jpg")
        #expect(MovieDBView.imageURL("/p.jpg", base: "http://127.0.0.1:8080/t/p/w500//") == "http://127.0.0.1:8080/t/p/w500/p.jpg")
        #expect(MovieDBView.imageURL(nil, base: Self.base) == nil)
        #expect(MovieDBView.imageURL("p.jpg", base: Self.base) == nil)
        #expect(MovieDBView.imageURL("/", base: Self.base) == nil)
        #expect(MovieDBView.imageURL("", base: Self.base) == nil)
    }

    // MARK: The list

    @Test func nothingLoadedSaysSo() {
        #expect(lines() == ["nothing loaded"])
        #expect(view.screen.json["page"] == 0)
    }

    @Test func aCategorysPageHasItsHeadingAndARowPerTitle() async throws {
        try await viewModel.showCategory(kind: .movie, word: "top")
        #expect(lines() == [
            "Movies · Top rated · page 1 of 1 · 3 movies",
            "#  ★  title                     year  rating        genres",
            "1  ☆  The Godfather             1972  8.7 (18,157)  Drama, Crime",
            "2  ☆  The Shawshank Redemption  1994  8.7 (24,039)  Drama, Crime",
            "3  ☆  The Matrix                1999  8.2 (24,000)  Action, Science Fiction",
        ])

        try await viewModel.showCategory(kind: .movie, word: "popular")
        try await viewModel.showPage(.next)
        #expect(heading == .heading("Movies · Popular · page 2 of 30 · 600 movies"))
        #expect(lines().count == 22)
        #expect(lines()[4].hasPrefix("23  ☆  Star Trek"))

        try await viewModel.showCategory(kind: .tv, word: nil)
        #expect(heading == .heading("TV · Popular · page 1 of 1 · 2 shows"))
    }

    @Test func bigCountsAreGrouped() async throws {
        let embedded = Self(.embedded)
        try await embedded.viewModel.load()
        // The embedded data holds TMDB's first page of 500, and says so.
        #expect(embedded.heading == .heading("Movies · Popular · page 1 of 1 embedded (TMDB has 500) · 779,157 movies"))
        #expect(embedded.view.screen.json["count"] == 779_157)
        #expect(embedded.view.screen.json["pages"] == 1)
        #expect(embedded.view.screen.json["tmdb_pages"] == 500)
    }

    @Test func aListAsDataHasItsFactsAndEveryFieldOfARow() async throws {
        try await viewModel.load()
        _ = try viewModel.toggleFavourite("1")

        let json = view.screen.json
        #expect(json["feature"] == "moviedb")
        #expect(json["screen"] == "list")
        #expect(json["category"] == "movies popular")
        #expect(json["kind"] == "movie")
        #expect(json["mode"] == "category")
        #expect(json["page"] == 1)
        #expect(json["pages"] == 30)
        #expect(json["count"] == 600)
        #expect(json["offline"] == .null)
        guard case .array(let rows)? = json["rows"] else {
            Issue.record("no rows in \(json)")
            return
        }
        #expect(rows.count == 20)
        #expect(rows[0] == [
            "row": 1, "favourite": true, "id": "movie/11", "title": "Star Wars", "year": 1977, "rating": 7.5,
            "genres": ["Adventure", "Action", "Science Fiction"], "votes": 100, "kind": "movie", "tmdb_id": 11,
            "original_title": "Star Wars", "date": "1977-05-25", "overview": "A farm boy joins a rebellion in a galaxy far away.",
            "poster_url": "https://image.tmdb.org/t/p/w500/poster11.jpg",
        ])
        #expect(rows[1]["favourite"] == false)
    }

    @Test func aPageFromTheCacheWarnsHowOldItIs() async throws {
        fixture.answer(.moviePopular, page: 1, Fixture.popular1, totalPages: 30, totalResults: 600,
                       cachedAt: clock.now.addingTimeInterval(-2 * 3600))
        try await viewModel.load()

        #expect(view.screen.warnings == ["offline — cached 2 h ago"])
        #expect(view.screen.json["offline"] == "offline — cached 2 h ago")
        #expect(heading == .heading("Movies · Popular · page 1 of 30 · 600 movies"))
    }

    @Test func aFilterCappedAtAThousandMatchesSaysSo() async throws {
        let index = OfflineIndex.inMemory(prefix: "moviedb")
        let viewModel = MovieDBViewModel(service: fixture.service, favourites: .inMemory(), index: index,
                                         selection: SourceSelection(.live), clock: clock)
        let view = OnScreen { MovieDBView(viewModel: viewModel, outlet: $0) }
        try await viewModel.load()
        for page in 2...60 {
            let films = (1...20).map { Fixture.movie(page * 1_000 + $0, "Film \(page)-\($0)") }
            try index.store(films.map { MovieDBLibrary.indexed($0, at: clock.now) }, collection: MovieDBCategory.moviePopular.rawValue, page: page)
        }
        try await viewModel.filter(["film"])
        try await viewModel.showPage(.number(3))

        #expect(view.screen.blocks.first == .heading("Movies · Popular · filter \"film\" · the first 1,000 matches of 1,200 cached · page 3 of 50"))
        #expect(view.screen.table?.rows.first?.first?.text == "41")
        #expect(view.screen.json["capped_at"] == 1_000)
        #expect(view.screen.json["count"] == 1_000)
        #expect(view.screen.json["page"] == 3)
        #expect(view.screen.json["pages"] == 50)
    }

    @Test func aFilterSaysWhatItMatchedOfWhatIsCached() async throws {
        try await viewModel.load()
        try await viewModel.showPage(.next)
        try await viewModel.filter(["star"])

        let screen = view.screen
        #expect(screen.blocks.first == .heading("Movies · Popular · filter \"star\" · 2 of 40 cached"))
        #expect(screen.blocks.last == .hint("`filter clear` shows the pages again · `page next` in them adds to what `filter` searches"))
        #expect(screen.table?.rows.count == 2)
        #expect(screen.json["mode"] == "filter")
        #expect(screen.json["filter"] == "star")
        #expect(screen.json["cached"] == 40)
        #expect(screen.json["count"] == 2)

        try await viewModel.filter(["film"])
        #expect(view.screen.blocksButTables == [
            .heading("Movies · Popular · filter \"film\" · 37 of 40 cached · page 1 of 2"),
            .hint("`page next` shows more matches · `filter clear` shows the category's pages again"),
        ])
        #expect(view.screen.table?.rows.count == 20)
        #expect(view.screen.json["capped_at"] == .null)
        try await viewModel.showPage(.next)
        #expect(view.screen.blocksButTables == [
            .heading("Movies · Popular · filter \"film\" · 37 of 40 cached · page 2 of 2"),
            .hint("`page prev` shows the matches before · `filter clear` shows the category's pages again"),
        ])
        #expect(view.screen.table?.rows.count == 17)

        try await viewModel.filter(["zebra", "crossing"])
        #expect(view.screen.table?.rows == [], "an empty table: CSV writes its header")
        #expect(view.screen.blocksButTables == [
            .heading("Movies · Popular · filter \"zebra crossing\" · 0 of 40 cached"),
            .line("no cached movies popular title matches \"zebra crossing\""),
            .hint("`filter clear` shows the pages again · `page next` in them adds to what `filter` searches"),
        ])
    }

    @Test func searchResultsFromTMDBSayTheKindThePageAndTheCount() async throws {
        fixture.answerSearch(.movie, "star wars", page: 1, [Fixture.popular1[0]], totalPages: 3, totalResults: 45)
        fixture.answerSearch(.tv, "rick", page: 1, [Fixture.tvPopular[1]], totalPages: 1, totalResults: 1)
        fixture.answerSearch(.tv, "nothing", page: 1, [], totalPages: 1, totalResults: 0)
        try await viewModel.load()

        try await viewModel.search(["star", "wars"])
        #expect(view.screen.blocks.count == 2, "a heading and a table, no hint")
        #expect(heading == .heading("Search movies · \"star wars\" · page 1 of 3 · 45 results"))
        #expect(view.screen.json["mode"] == "search")
        #expect(view.screen.json["term"] == "star wars")
        #expect(view.screen.json["origin"] == "tmdb")

        try await viewModel.showCategory(kind: .tv, word: "popular")
        try await viewModel.search(["rick"])
        #expect(heading == .heading("Search TV · \"rick\" · page 1 of 1 · 1 result"))
        #expect(view.screen.json["kind"] == "tv")

        try await viewModel.search(["nothing"])
        #expect(view.screen.blocksButTables == [.line("No results for \"nothing\"")])
        #expect(view.screen.table?.rows == [])
    }

    @Test func offlineSearchResultsSayTheyAreTheCaches() async throws {
        try await viewModel.load()
        try await viewModel.showPage(.next)
        try await viewModel.showCategory(kind: .movie, word: "top")
        fixture.goOffline()

        try await viewModel.search(["shawshank"])
        #expect(view.screen.blocks.first == .heading("offline: 1 cached result for \"shawshank\""))
        #expect(view.screen.blocks.last == .hint("searched every title fetched before, movies and TV · TMDB answers again once the network is back"))
        #expect(view.screen.json["origin"] == "cache")

        try await viewModel.search(["film"])
        #expect(heading == .heading("offline: 37 cached results for \"film\" · page 1 of 2"))
        try await viewModel.showPage(.next)
        #expect(heading == .heading("offline: 37 cached results for \"film\" · page 2 of 2"))
        #expect(view.screen.table?.rows.count == 17)

        try await viewModel.search(["zebra"])
        #expect(view.screen.blocksButTables == [.line("offline: no cached results for \"zebra\"")])
        #expect(view.screen.table?.rows == [])
    }

    @Test func embeddedSearchResultsSaySo() async throws {
        let embedded = Self(.embedded)
        try await embedded.viewModel.load()

        try await embedded.viewModel.search(["avatar"])
        #expect(embedded.heading == .heading("embedded data: 2 results for \"avatar\""))
        #expect(embedded.view.screen.blocks.last == .hint("searched every category of the embedded data · `source live` searches TMDB"))
        #expect(embedded.view.screen.json["origin"] == "embedded")

        try await embedded.viewModel.search(["zebra"])
        #expect(embedded.view.screen.blocksButTables == [.line("embedded data: no results for \"zebra\"")])
        #expect(embedded.view.screen.table?.rows == [])
    }

    // MARK: The detail

    static let matrix = MovieDBItem(
        kind: .movie, id: 603, title: "The Matrix", originalTitle: "The Matrix", overview: "A hacker learns the truth.", date: "1999-03-30",
        genreIDs: [28, 878], voteAverage: 8.2, voteCount: 24000, posterPath: "/matrix.jpg", backdropPath: "/matrix-back.jpg",
        originalLanguage: "en", detail: MovieDBDetail(
            tagline: "Welcome to the Real World.", runtime: 136, genres: ["Action", "Science Fiction", "Cyberpunk"], status: "Released",
            homepage: "https://www.warnerbros.com/movies/matrix", lastAirDate: "2001-01-01", numberOfSeasons: 3,
            networks: ["Not shown for a movie"]))

    @Test func aMoviesDetailHasItsRuntimeAndNoShowFields() {
        #expect(MovieDBView.detailFields(Self.matrix, imageBaseURL: Self.base) == [
            .data("title", "The Matrix"),
            .data("kind", "movie"),
            ScreenField("tagline", "Welcome to the Real World."),
            ScreenField("release_date", label: "released", "1999-03-30"),
            ScreenField("runtime_min", label: "runtime", text: "2 h 16 min", value: 136),
            ScreenField("status", "Released"),
            ScreenField("genres", text: "Action, Science Fiction, Cyberpunk", value: ["Action", "Science Fiction", "Cyberpunk"]),
            ScreenField("rating", text: "8.2 / 10 · 24,000 votes", value: 8.2),
            .data("votes", 24000),
            ScreenField("language", "en"),
            ScreenField("overview", text: "A hacker learns the truth.", value: "A hacker learns the truth."),
            ScreenField("homepage", "https://www.warnerbros.com/movies/matrix"),
            ScreenField("poster_url", label: "poster", "https://image.tmdb.org/t/p/w500/matrix.jpg"),
            ScreenField("backdrop_url", label: "backdrop", "https://image.tmdb.org/t/p/w500/matrix-back.jpg"),
            .data("tmdb_id", 603),
        ])
    }

    @Test func aMovieWithOnlyTheListsFieldsSaysWhatIsMissing() {
        let bare = MovieDBItem(kind: .movie, id: 346698, title: "Barbie", originalTitle: "Barbie", date: "", genreIDs: [35],
                               voteAverage: 0, voteCount: 0)
        #expect(MovieDBView.detailFields(bare, imageBaseURL: Self.base) == [
            .data("title", "Barbie"),
            .data("kind", "movie"),
            ScreenField("release_date", label: "released", text: "not announced", value: .null),
            ScreenField("genres", text: "Comedy", value: ["Comedy"]),
            ScreenField("rating", text: "no votes yet", value: 0.0),
            .data("votes", 0),
            ScreenField("overview", text: "none", value: .null),
            .data("tmdb_id", 346698),
        ])
    }

    static let rickAndMorty = MovieDBItem(
        kind: .tv, id: 60625, title: "Rick and Morty", originalTitle: "Rick & Morty", overview: "Science.", date: "2013-12-02",
        genreIDs: [16, 35], voteAverage: 8.7, voteCount: 8327, originalLanguage: "en", detail: MovieDBDetail(
            runtime: 999, genres: [], status: "Returning Series", lastAirDate: "2023-12-17", numberOfSeasons: 7, numberOfEpisodes: 1071,
            networks: ["Adult Swim"], creators: ["Dan Harmon", "Justin Roiland"], episodeRunTime: [22, 23]))

    @Test func aShowsDetailHasItsSeasonsEpisodesNetworksAndCreatorsAndNoRuntime() {
        #expect(MovieDBView.detailFields(Self.rickAndMorty, imageBaseURL: Self.base) == [
            .data("title", "Rick and Morty"),
            .data("kind", "tv"),
            ScreenField("original_title", label: "original title", "Rick & Morty"),
            ScreenField("first_air_date", label: "first aired", "2013-12-02"),
            ScreenField("last_air_date", label: "last aired", "2023-12-17"),
            ScreenField("seasons", text: "7", value: 7),
            ScreenField("episodes", text: "1,071", value: 1071),
            ScreenField("episode_runtime_min", label: "episode runtime", text: "22 min", value: 22),
            ScreenField("networks", text: "Adult Swim", value: ["Adult Swim"]),
            ScreenField("creators", text: "Dan Harmon, Justin Roiland", value: ["Dan Harmon", "Justin Roiland"]),
            ScreenField("status", "Returning Series"),
            ScreenField("genres", text: "Animation, Comedy", value: ["Animation", "Comedy"]),
            ScreenField("rating", text: "8.7 / 10 · 8,327 votes", value: 8.7),
            .data("votes", 8327),
            ScreenField("language", "en"),
            ScreenField("overview", text: "Science.", value: "Science."),
            .data("tmdb_id", 60625),
        ])
    }

    @Test func aShowWithOnlyTheListsFieldsHasOnlyItsFirstAirDate() {
        var show = Self.rickAndMorty
        show.detail = nil
        show.date = nil
        let keys = MovieDBView.detailFields(show, imageBaseURL: Self.base).map(\.key)
        #expect(keys == ["title", "kind", "original_title", "first_air_date", "genres", "rating", "votes", "language", "overview", "tmdb_id"])
        #expect(MovieDBView.detailFields(show, imageBaseURL: Self.base)[3] == ScreenField("first_air_date", label: "first aired", text: "not announced", value: .null))
    }

    @Test func aDetailListsItsVideosUnderVideosOfficialTrailersFirst() async throws {
        fixture.answerDetail(MovieDBViewModelTests.starWarsDetail)
        try await viewModel.load()
        try await viewModel.open("1")

        let screen = view.screen
        #expect(screen.kind == "detail")
        #expect(screen.blocks.first == .heading("☆ Star Wars", aside: "  (row 1)"))
        #expect(screen.table == nil, "the videos are not the screen's rows")
        #expect(screen.json["rows"] == nil)
        #expect(screen.json["id"] == "movie/11")
        #expect(screen.json["runtime_min"] == 121)
        #expect(screen.json["videos"] == [
            ["row": 1, "name": "Official Trailer", "type": "Trailer", "site": "YouTube", "official": true, "url": "https://www.youtube.com/watch?v=vJ4"],
            ["row": 2, "name": "Fan trailer", "type": "Trailer", "site": "Dailymotion", "official": false, "url": nil],
            ["row": 3, "name": "Teaser", "type": "Teaser", "site": "YouTube", "official": true, "url": "https://www.youtube.com/watch?v=teaser1"],
            ["row": 4, "name": "Cantina", "type": "Clip", "site": "YouTube", "official": true, "url": "https://www.youtube.com/watch?v=clip1"],
        ])
        #expect(screen.blocks.last == .hint("`trailer [N]` plays a video (official trailers first) · `poster` shows the poster"))

        let lines = self.lines()
        #expect(lines[0] == "☆ Star Wars  (row 1)")
        #expect(lines.contains("  runtime   2 h 1 min"))
        #expect(lines.contains("#  video             type     site"))
        #expect(lines.contains("2  Fan trailer       Trailer  Dailymotion"))
    }

    @Test func aDetailWithoutItsFullDetailHasTheNoteAndOnlyThePosterHint() async throws {
        try await viewModel.load()
        fixture.goOffline()
        try await viewModel.open("2")

        let screen = view.screen
        #expect(screen.json["notes"] == ["offline: this detail was never fetched, so this is what the list says"])
        #expect(screen.json["videos"] == nil)
        #expect(screen.blocks.suffix(2) == [.note("offline: this detail was never fetched, so this is what the list says"),
                                            .hint("`poster` shows the poster")])
        #expect(lines().contains("note: offline: this detail was never fetched, so this is what the list says"))
    }

    @Test func aDetailFromTheCacheWarnsHowOldItIs() async throws {
        fixture.answerDetail(MovieDBViewModelTests.starWarsDetail, cachedAt: clock.now.addingTimeInterval(-90 * 60))
        try await viewModel.load()
        try await viewModel.open("1")
        #expect(view.screen.warnings == ["offline — cached 1 h ago"])
    }
}
