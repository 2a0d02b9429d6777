import CustomDump
import ExplorerClock
import ExplorerCore
import ExplorerHTTP
import ExplorerStore
import Foundation
@testable import MovieDB
import Reactive
import TestSupport
import Testing

/// The view model driven intent by intent, with every state it emits asserted whole: TMDB is a
/// service of canned answers (``MovieDBFixture``), the offline index lives in memory, and the
/// clock stands still so `offline — cached 2 h ago` is exact.
@MainActor
@Suite("MovieDB view model")
struct MovieDBViewModelTests {
    typealias Fixture = MovieDBFixture

    let clock = VirtualClock()
    let fixture = MovieDBFixture.standard()
    let store: FavouritesStore
    let index = OfflineIndex.inMemory(prefix: "moviedb")
    let selection: SourceSelection
    let viewModel: MovieDBViewModel
    let recorder: StateRecorder<MovieDBState>

    init() {
        self.init(.live)
    }

    /// Live: the fixture's answers. Embedded: the embedded data through the HTTP service, as
    /// the feature wires it.
    init(_ source: DataSource) {
        store = FavouritesStore.inMemory(clock: clock)
        selection = SourceSelection(source)
        let service = source == .live ? fixture.service : .http(EmbeddedHTTPClient(responder: MovieDBEmbeddedData.responder))
        viewModel = MovieDBViewModel(service: service, favourites: store, index: index, selection: selection, clock: clock)
        recorder = StateRecorder(viewModel.state)
    }

    // MARK: Expected states

    static let p1 = Fixture.list(.moviePopular, 1)
    static let p2 = Fixture.list(.moviePopular, 2)
    static let starWars = Fixture.popular1[0]
    static let film2 = Fixture.popular1[1]
    static let amelie = Fixture.popular1[4]
    static let starTrek = Fixture.popular2[2]
    static let matrix = Fixture.topRated[2]
    static let twoHoursAgo: TimeInterval = -2 * 3600

    func rows(_ items: [MovieDBItem], from first: Int = 1, favourites: Set<String> = []) -> [MovieDBState.Row] {
        items.enumerated().map { offset, item in
            ListRow(number: first + offset, item: item, isFavourite: item.itemID.map(favourites.contains) ?? false)
        }
    }

    /// Page `page` of a category of 20-title pages.
    func listing(_ category: MovieDBCategory, page: Int = 1, of pageCount: Int, total: Int, _ items: [MovieDBItem],
                 favourites: Set<String> = []) -> MovieDBState {
        var state = MovieDBState()
        state.category = category
        state.page = page
        state.pageCount = pageCount
        state.totalCount = total
        state.rows = rows(items, from: (page - 1) * 20 + 1, favourites: favourites)
        return state
    }

    func popular1(favourites: Set<String> = []) -> MovieDBState {
        listing(.moviePopular, of: 30, total: 600, Fixture.popular1, favourites: favourites)
    }

    var popular2: MovieDBState { listing(.moviePopular, page: 2, of: 30, total: 600, Fixture.popular2) }

    func topRated(favourites: Set<String> = []) -> MovieDBState {
        listing(.movieTopRated, of: 1, total: 3, Fixture.topRated, favourites: favourites)
    }

    var tvPopular: MovieDBState { listing(.tvPopular, of: 1, total: 2, Fixture.tvPopular) }

    func tvTop(favourites: Set<String> = []) -> MovieDBState {
        listing(.tvTopRated, of: 1, total: 1, Fixture.tvTop, favourites: favourites)
    }

    func loading(_ state: MovieDBState) -> MovieDBState {
        var state = state
        state.isLoading = true
        return state
    }

    /// `state` narrowed by `filter words` to `items`, of `cached` titles: with more than one page,
    /// `items` are page `page`'s of `total` matches (`cappedAt`: the most shown, when more matched).
    func filtered(_ state: MovieDBState, _ words: [String], _ items: [MovieDBItem], cached: Int,
                  page: Int = 1, of pageCount: Int = 1, total: Int? = nil, cappedAt: Int? = nil) -> MovieDBState {
        var state = state
        state.mode = .filter(words: words)
        state.page = page
        state.pageCount = pageCount
        state.totalCount = total ?? items.count
        state.cachedCount = cached
        state.cappedAt = cappedAt
        state.rows = rows(items, from: (page - 1) * 20 + 1)
        state.offline = nil
        return state
    }

    func searched(_ state: MovieDBState, _ term: String, kind: MovieDBKind = .movie, origin: MovieDBSearchOrigin, page: Int = 1,
                  of pageCount: Int, total: Int, _ items: [MovieDBItem]) -> MovieDBState {
        var state = state
        state.mode = .search(term: term, kind: kind, origin: origin)
        state.page = page
        state.heldPages = nil
        state.pageCount = pageCount
        state.totalCount = total
        state.rows = rows(items, from: (page - 1) * 20 + 1)
        state.offline = nil
        return state
    }

    /// `state` with the detail of row `row` (nil: a detail not reached from the list) on show.
    func detail(_ state: MovieDBState, row: Int?, _ item: MovieDBItem, favourite: Bool = false, note: String? = nil,
                offline: String? = nil) -> MovieDBState {
        var state = state
        state.screen = .detail(number: row)
        state.detail = ListRow(number: row, item: item, isFavourite: favourite)
        state.detailNote = note
        state.offline = offline
        return state
    }

    /// What the view model emitted after the first `count` states.
    func emitted(since count: Int) -> [MovieDBState] {
        Array(recorder.states.dropFirst(count))
    }

    static func full(_ item: MovieDBItem, _ detail: MovieDBDetail) -> MovieDBItem {
        var item = item
        item.detail = detail
        return item
    }

    static let starWarsDetail = full(starWars, MovieDBDetail(
        tagline: "A long time ago in a galaxy far, far away...", runtime: 121, genres: ["Adventure", "Action", "Science Fiction"],
        status: "Released", videos: [
            MovieDBVideo(key: "clip1", name: "Cantina", site: "YouTube", type: "Clip", official: true),
            MovieDBVideo(key: "teaser1", name: "Teaser", site: "YouTube", type: "Teaser", official: true),
            MovieDBVideo(key: "vJ4", name: "Official Trailer", site: "YouTube", type: "Trailer", official: true),
            MovieDBVideo(key: "x7", name: "Fan trailer", site: "Dailymotion", type: "Trailer", official: false),
        ]))

    static let matrixDetail = full(matrix, MovieDBDetail(runtime: 136, genres: ["Action", "Science Fiction"], status: "Released"))

    // MARK: Loading

    @Test func loadShowsPageOneOfPopularMoviesWithLoadingInBetween() async throws {
        #expect(!viewModel.isLoaded)
        try await viewModel.load()

        expectNoDifference(recorder.states, [MovieDBState(), loading(MovieDBState()), popular1()])
        #expect(fixture.requests == [Self.p1])
        #expect(viewModel.isLoaded)
        #expect(viewModel.currentCategory == .moviePopular)
        #expect(viewModel.pageCount == 30)
        #expect(viewModel.rowNumbers == Array(1...20))
        #expect(!viewModel.isEmbeddedSource)

        let count = recorder.states.count
        try await viewModel.load()
        #expect(emitted(since: count) == [popular1()], "a second load shows what is loaded")
        #expect(fixture.requests == [Self.p1], "and asks for nothing")
    }

    @Test func aFailedFirstLoadLeavesNothingLoaded() async throws {
        fixture.fail(Self.p1, .status(500))

        await #expect(throws: HTTPError(.status(500), endpoint: "/movie/popular?page=1")) { try await viewModel.load() }
        expectNoDifference(recorder.states, [MovieDBState(), loading(MovieDBState()), MovieDBState()])
        #expect(!viewModel.isLoaded)
        #expect(viewModel.rowNumbers == [])
        await #expect(throws: MovieDBError.nothingLoaded(row: "1")) { try await viewModel.open("1") }
    }

    // MARK: Categories

    @Test func aCategoryByItsWordAndAKindAloneShowsItsLastCategory() async throws {
        try await viewModel.load()

        var count = recorder.states.count
        try await viewModel.showCategory(kind: .movie, word: "top")
        #expect(emitted(since: count) == [loading(popular1()), topRated()])

        count = recorder.states.count
        try await viewModel.showCategory(kind: .tv, word: nil)
        #expect(emitted(since: count) == [loading(topRated()), tvPopular], "the first time, tv alone is its first category")

        count = recorder.states.count
        try await viewModel.showCategory(kind: .tv, word: "top_rated")
        #expect(emitted(since: count) == [loading(tvPopular), tvTop()])

        count = recorder.states.count
        try await viewModel.showCategory(kind: .movie, word: nil)
        #expect(emitted(since: count) == [topRated()], "movies alone: the last movie category, loaded before")

        count = recorder.states.count
        try await viewModel.showCategory(kind: .tv, word: nil)
        #expect(emitted(since: count) == [tvTop()], "tv alone: the last tv category, not the first")
        #expect(viewModel.currentCategory == .tvTopRated)
        #expect(fixture.requests == [Self.p1, "/movie/top_rated?page=1", "/tv/popular?page=1", "/tv/top_rated?page=1"])
    }

    @Test func aCategoryComesBackOnThePageItWasLeftOn() async throws {
        try await viewModel.load()
        try await viewModel.showPage(.next)
        try await viewModel.showCategory(kind: .movie, word: "top")

        let count = recorder.states.count
        try await viewModel.showCategory(kind: .movie, word: "popular")
        #expect(emitted(since: count) == [popular2])
        #expect(fixture.requests == [Self.p1, Self.p2, "/movie/top_rated?page=1"])
    }

    @Test func anUnknownCategoryIsAnErrorThatChangesNothing() async throws {
        try await viewModel.load()
        let count = recorder.states.count

        await #expect(throws: MovieDBError.noCategory(kind: .tv, word: "upcoming")) {
            try await viewModel.showCategory(kind: .tv, word: "upcoming")
        }
        await #expect(throws: MovieDBError.noCategory(kind: .movie, word: "trending")) {
            try await viewModel.showCategory(kind: .movie, word: "trending")
        }
        #expect(recorder.states.count == count, "nothing emitted")
        expectNoDifference(viewModel.state.value, popular1())
        #expect(viewModel.currentCategory == .moviePopular)
        #expect(fixture.requests == [Self.p1])
    }

    // MARK: Pages

    @Test func rowNumbersContinueOnPageTwoAndPagesLoadedAreNotAskedForAgain() async throws {
        try await viewModel.load()

        var count = recorder.states.count
        try await viewModel.showPage(.next)
        #expect(emitted(since: count) == [loading(popular1()), popular2])
        #expect(viewModel.state.value.rows.compactMap(\.number) == Array(21...40))

        count = recorder.states.count
        try await viewModel.showPage(.previous)
        #expect(emitted(since: count) == [popular1()])

        count = recorder.states.count
        try await viewModel.showPage(.number(2))
        #expect(emitted(since: count) == [popular2])

        #expect(fixture.requests == [Self.p1, Self.p2])
        #expect(viewModel.rowNumbers == Array(1...40))
        #expect(viewModel.item(number: 23) == Self.starTrek)
        #expect(try viewModel.row(named: "5").item == Self.amelie, "a row of another loaded page can be named")
        #expect(throws: ListError.rowNotLoaded(41, loaded: "1–40", morePages: true)) { try viewModel.row(named: "41") }
    }

    @Test func pagingPastEitherEndOrToAPageTMDBHasNotChangesNothing() async throws {
        try await viewModel.load()
        let count = recorder.states.count

        await #expect(throws: PageError.alreadyOnFirstPage) { try await viewModel.showPage(.previous) }
        await #expect(throws: PageError.noPage(31, count: 30)) { try await viewModel.showPage(.number(31)) }
        #expect(recorder.states.count == count)

        await #expect(throws: HTTPError(.status(404), endpoint: "/movie/popular?page=3")) { try await viewModel.showPage(.number(3)) }
        #expect(emitted(since: count) == [loading(popular1()), popular1()])
        #expect(viewModel.rowNumbers == Array(1...20))

        try await viewModel.showCategory(kind: .movie, word: "top")
        await #expect(throws: PageError.alreadyOnLastPage(count: 1)) { try await viewModel.showPage(.next) }
    }

    @Test func pageLoadsTheCategoryFirstWhenNothingIsLoaded() async throws {
        try await viewModel.showPage(.next)
        expectNoDifference(recorder.states, [MovieDBState(), loading(MovieDBState()), popular1(), loading(popular1()), popular2])
        #expect(fixture.requests == [Self.p1, Self.p2])
    }

    @Test func aPageFromTheCacheSaysHowOldItIs() async throws {
        fixture.answer(.moviePopular, page: 1, Fixture.popular1, totalPages: 30, totalResults: 600,
                       cachedAt: clock.now.addingTimeInterval(Self.twoHoursAgo))
        fixture.goOffline()
        try await viewModel.load()

        var cached = popular1()
        cached.offline = "offline — cached 2 h ago"
        expectNoDifference(recorder.states, [MovieDBState(), loading(MovieDBState()), cached])

        var count = recorder.states.count
        await #expect(throws: HTTPError(.networkUnavailable(.refused), endpoint: "/movie/popular?page=2")) {
            try await viewModel.showPage(.next)
        }
        #expect(emitted(since: count) == [loading(cached), cached])

        fixture.heal()
        try await viewModel.showPage(.next)
        expectNoDifference(viewModel.state.value, popular2, "page 2 is fresh")

        clock.advance(by: 3600)
        count = recorder.states.count
        try await viewModel.showPage(.previous)
        cached.offline = "offline — cached 3 h ago"
        #expect(emitted(since: count) == [cached])
    }

    @Test func theEmbeddedDataHasOnlyPageOne() async throws {
        let embedded = Self(.embedded)
        let viewModel = embedded.viewModel
        #expect(viewModel.isEmbeddedSource)
        try await viewModel.load()

        let page = try #require(MovieDBEmbeddedData.pages.first { $0.category == .moviePopular }?.page.results)
        var expected = listing(.moviePopular, of: 500, total: 779_157, page)
        expected.heldPages = 1
        expectNoDifference(embedded.recorder.states, [MovieDBState(), loading(MovieDBState()), expected])
        #expect(viewModel.state.value.rows.first?.item.title == "Fast X")

        let count = embedded.recorder.states.count
        await #expect(throws: MovieDBError.onlyPageOne(asked: 2)) {
            try await viewModel.showPage(.next)
        }
        await #expect(throws: MovieDBError.onlyPageOne(asked: 500)) {
            try await viewModel.showPage(.number(500))
        }
        #expect(embedded.recorder.states.count == count, "nothing emitted")
        expectNoDifference(viewModel.state.value, expected)
    }

    // MARK: Filter

    @Test func filterSearchesEveryCachedPageOfTheCategoryWithoutTheNetwork() async throws {
        try await viewModel.load()
        try await viewModel.showPage(.next)
        fixture.goOffline()

        let count = recorder.states.count
        try await viewModel.filter(["star"])
        #expect(emitted(since: count) == [filtered(popular2, ["star"], [Self.starWars, Self.starTrek], cached: 40)], "no loading")
        #expect(viewModel.pageCount == 1)
        #expect(viewModel.rowNumbers == [1, 2])
        #expect(try viewModel.row(named: "2").item == Self.starTrek, "rows are numbered as filtered")
        #expect(fixture.requests == [Self.p1, Self.p2])
    }

    @Test func filterWordsArePrefixesOfTitlesOriginalTitlesOrOverviewsWhateverTheCaseAndAccents() async throws {
        try await viewModel.load()
        try await viewModel.showPage(.next)

        let cases: [([String], [MovieDBItem])] = [
            (["AMELIE"], [Self.amelie]),
            (["poulain"], [Self.amelie]),
            (["galax"], [Self.starWars]),
            (["star", "tr"], [Self.starTrek]),
            (["star-wars"], [Self.starWars]),
            (["godfather"], []),
        ]
        for (words, items) in cases {
            try await viewModel.filter(words)
            expectNoDifference(viewModel.state.value, filtered(popular2, words, items, cached: 40), "\(words)")
        }
    }

    @Test func filterLoadsTheCategoryFirstAndCoversOnlyTheCategoryOnShow() async throws {
        try await viewModel.filter(["star"])
        expectNoDifference(recorder.states, [MovieDBState(), loading(MovieDBState()), popular1(),
                                    filtered(popular1(), ["star"], [Self.starWars], cached: 20)])

        try await viewModel.showCategory(kind: .movie, word: "top")
        try await viewModel.filter(["the"])
        expectNoDifference(viewModel.state.value, filtered(topRated(), ["the"], Fixture.topRated, cached: 3))
        try await viewModel.filter(["star"])
        expectNoDifference(viewModel.state.value, filtered(topRated(), ["star"], [], cached: 3))
        await #expect(throws: MovieDBError.noMatch(row: "1", words: ["star"])) {
            try await viewModel.open("1")
        }
    }

    @Test func filterClearReturnsToThePageOnShow() async throws {
        try await viewModel.load()
        try await viewModel.showPage(.next)
        try await viewModel.filter(["star"])

        var count = recorder.states.count
        try await viewModel.filter(["clear"])
        #expect(emitted(since: count) == [popular2])

        try await viewModel.filter(["star"])
        count = recorder.states.count
        try await viewModel.filter(["Clear"])
        #expect(emitted(since: count) == [popular2])
    }

    @Test func pagingPastAFiltersOnlyPageChangesNothing() async throws {
        try await viewModel.load()
        try await viewModel.filter(["star"])
        let before = viewModel.state.value
        let count = recorder.states.count

        await #expect(throws: PageError.alreadyOnLastPage(count: 1)) { try await viewModel.showPage(.next) }
        #expect(recorder.states.count == count, "nothing emitted")
        expectNoDifference(viewModel.state.value, before)
    }

    @Test func theMatchesOfAFilterArePagedTwentyToAPage() async throws {
        try await viewModel.load()
        try await viewModel.showPage(.next)
        // "Film N": 37 of the 40 titles (all but Star Wars, Amélie and Star Trek).
        let films = (Fixture.popular1 + Fixture.popular2).filter { $0.title.hasPrefix("Film") }
        #expect(films.count == 37)

        try await viewModel.filter(["film"])
        expectNoDifference(viewModel.state.value, filtered(popular2, ["film"], Array(films[0..<20]), cached: 40, of: 2, total: 37))
        #expect(viewModel.pageCount == 2)
        #expect(viewModel.rowNumbers == Array(1...37), "every match can be opened from any page")

        try await viewModel.showPage(.next)
        expectNoDifference(viewModel.state.value, filtered(popular2, ["film"], Array(films[20...]), cached: 40, page: 2, of: 2, total: 37))
        try await viewModel.refresh()
        expectNoDifference(viewModel.state.value, filtered(popular2, ["film"], Array(films[20...]), cached: 40, page: 2, of: 2, total: 37),
                           "refresh searches again and stays on the page")
        let count = recorder.states.count
        await #expect(throws: PageError.alreadyOnLastPage(count: 2)) { try await viewModel.showPage(.next) }
        #expect(recorder.states.count == count, "nothing emitted")

        try await viewModel.open("22")
        #expect(viewModel.state.value.detail?.item == films[21])
        #expect(viewModel.back())
        try await viewModel.showPage(.previous)
        expectNoDifference(viewModel.state.value, filtered(popular2, ["film"], Array(films[0..<20]), cached: 40, of: 2, total: 37))
        try await viewModel.filter(["clear"])
        expectNoDifference(viewModel.state.value, popular2, "the category's own page again")
    }

    @Test func aFavouriteOpensAsItsRowOfTheFilter() async throws {
        try await viewModel.load()
        try await viewModel.showPage(.next)
        let films = (Fixture.popular1 + Fixture.popular2).filter { $0.title.hasPrefix("Film") }
        try await viewModel.filter(["film"])
        _ = try viewModel.toggleFavourite("22")
        try viewModel.showFavourites()

        try await viewModel.open("1")
        #expect(viewModel.state.value.detail == ListRow(number: 22, item: films[21], isFavourite: true))
        #expect(viewModel.loadedRow(id: "movie/99999") == nil)
    }

    @Test func aFilterShowsTheFirstThousandMatchesAndSaysMoreMatched() async throws {
        try await viewModel.load()
        // 1,020 more films kept on pages 3 to 53, as if paged to before.
        let more = (41...1_060).map { Fixture.movie(1000 + $0, "Film \($0)") }
        for start in stride(from: 0, to: more.count, by: 20) {
            try index.store(more[start ..< start + 20].map { MovieDBLibrary.indexed($0, at: clock.now) },
                            collection: MovieDBCategory.moviePopular.rawValue, page: start / 20 + 3)
        }
        let films = Fixture.popular1.filter { $0.title.hasPrefix("Film") } + more

        try await viewModel.filter(["film"])
        expectNoDifference(viewModel.state.value, filtered(popular1(), ["film"], Array(films[0..<20]), cached: 1_040,
                                                          of: 50, total: 1_000, cappedAt: 1_000))
        try await viewModel.showPage(.number(50))
        expectNoDifference(viewModel.state.value, filtered(popular1(), ["film"], Array(films[980..<1_000]), cached: 1_040,
                                                          page: 50, of: 50, total: 1_000, cappedAt: 1_000))
        try await viewModel.filter(["film", "2060"])
        expectNoDifference(viewModel.state.value, filtered(popular1(), ["film", "2060"], [more.last!], cached: 1_040),
                           "a narrower filter is not capped")
    }

    /// A kept title whose stored list entry cannot be read (a damaged row) is still listed and
    /// opened, from what the index's own columns say of it.
    @Test func aFilteredTitleWhoseStoredEntryIsDamagedShowsWhatTheIndexKept() async throws {
        try await viewModel.load()
        try index.store([IndexedItem(key: "movie/4242", title: "Damaged Film", originalTitle: "Film Abîmé", text: "A reel cut short.",
                                     payload: Data("{not json".utf8), fetchedAt: clock.now)],
                        collection: MovieDBCategory.moviePopular.rawValue, page: 3)
        let kept = MovieDBItem(kind: .movie, id: 4242, title: "Damaged Film", originalTitle: "Film Abîmé", overview: "A reel cut short.")

        try await viewModel.filter(["damaged"])
        expectNoDifference(viewModel.state.value, filtered(popular1(), ["damaged"], [kept], cached: 21))
        #expect(try viewModel.row(named: "1").item == kept)
    }

    @Test func aFilteredRowOpensAsItsOwnRow() async throws {
        fixture.answerDetail(Self.full(Self.starTrek, MovieDBDetail(runtime: 127)))
        try await viewModel.load()
        try await viewModel.showPage(.next)
        try await viewModel.filter(["star"])
        let list = viewModel.state.value

        try await viewModel.open("2")
        expectNoDifference(viewModel.state.value, detail(list, row: 2, Self.full(Self.starTrek, MovieDBDetail(runtime: 127))))
        #expect(viewModel.back())
        expectNoDifference(viewModel.state.value, list)
    }

    // MARK: Search

    static let starSearch1 = [starWars] + (2...20).map { Fixture.movie(2000 + $0, "Star Film \($0)") }
    static let starSearch2 = (21...25).map { Fixture.movie(2000 + $0, "Star Film \($0)") }

    @Test func searchAsksTMDBForTheKindOnShowAndPagesThroughTheResults() async throws {
        fixture.answerSearch(.movie, "star wars", page: 1, Self.starSearch1, totalPages: 2, totalResults: 25)
        fixture.answerSearch(.movie, "star wars", page: 2, Self.starSearch2, totalPages: 2, totalResults: 25)
        try await viewModel.load()

        var count = recorder.states.count
        try await viewModel.search(["star", "wars"])
        let page1 = searched(popular1(), "star wars", origin: .tmdb, of: 2, total: 25, Self.starSearch1)
        #expect(emitted(since: count) == [loading(popular1()), page1])

        count = recorder.states.count
        try await viewModel.showPage(.next)
        let page2 = searched(popular1(), "star wars", origin: .tmdb, page: 2, of: 2, total: 25, Self.starSearch2)
        #expect(emitted(since: count) == [loading(page1), page2])
        #expect(page2.rows.compactMap(\.number) == Array(21...25))

        count = recorder.states.count
        try await viewModel.showPage(.previous)
        #expect(emitted(since: count) == [page1])
        await #expect(throws: PageError.alreadyOnFirstPage) { try await viewModel.showPage(.previous) }

        #expect(fixture.requests == [Self.p1, "/search/movie?query=star wars&page=1", "/search/movie?query=star wars&page=2"])
        #expect(viewModel.rowNumbers == Array(1...25))
        #expect(viewModel.pageCount == 2)
    }

    @Test func searchOnTVSearchesShowsAndACachedAnswerSaysSo() async throws {
        let rick = Fixture.show(60625, "Rick and Morty")
        fixture.answerSearch(.tv, "rick", page: 1, [rick], totalPages: 1, totalResults: 1,
                             cachedAt: clock.now.addingTimeInterval(-5 * 60))
        try await viewModel.showCategory(kind: .tv, word: "popular")

        try await viewModel.search(["rick"])
        var expected = searched(tvPopular, "rick", kind: .tv, origin: .tmdb, of: 1, total: 1, [rick])
        expected.offline = "offline — cached 5 min ago"
        expectNoDifference(viewModel.state.value, expected)
        #expect(fixture.requests.last == "/search/tv?query=rick&page=1")
    }

    @Test func withTheNetworkUnavailableSearchAnswersFromEverythingFetchedBefore() async throws {
        try await viewModel.load()
        try await viewModel.showCategory(kind: .movie, word: "top")
        try await viewModel.showCategory(kind: .tv, word: "top")
        fixture.goOffline()

        let count = recorder.states.count
        try await viewModel.search(["shawshank"])
        let expected = searched(tvTop(), "shawshank", kind: .tv, origin: .cache, of: 1, total: 1, [Fixture.topRated[1]])
        #expect(emitted(since: count) == [loading(tvTop()), tvTop(), expected], "loading, the screen as it was, then the cache's titles")
        #expect(fixture.requests.last == "/search/tv?query=shawshank&page=1")

        try await viewModel.search(["matrix"])
        let found = viewModel.state.value
        #expect(Set(found.rows.compactMap(\.item.itemID)) == ["movie/603", "tv/603"], "both kinds")
        #expect(found.rows.compactMap(\.number) == [1, 2])
        #expect(found.mode == .search(term: "matrix", kind: .tv, origin: .cache))

        try await viewModel.search(["zebra"])
        expectNoDifference(viewModel.state.value, searched(tvTop(), "zebra", kind: .tv, origin: .cache, of: 1, total: 0, []))
    }

    @Test func offlineASearchWithNothingToSearchForChangesNothing() async throws {
        try await viewModel.load()
        fixture.goOffline()
        let count = recorder.states.count

        await #expect(throws: MovieDBError.nothingToSearchFor("?!")) { try await viewModel.search(["?!"]) }
        #expect(emitted(since: count) == [loading(popular1()), popular1()])
    }

    @Test func aSearchThatFailsOtherwiseIsNotAnsweredFromTheCache() async throws {
        fixture.fail(Fixture.search(.movie, "star", 1), .status(500))
        try await viewModel.load()
        let count = recorder.states.count

        await #expect(throws: HTTPError(.status(500), endpoint: "/search/movie?query=star&page=1")) { try await viewModel.search(["star"]) }
        #expect(emitted(since: count) == [loading(popular1()), popular1()])
    }

    @Test func onTheEmbeddedSourceSearchReadsTheEmbeddedData() async throws {
        let embedded = Self(.embedded)
        let viewModel = embedded.viewModel
        try await viewModel.load()
        let list = viewModel.state.value
        let spirited = try #require(MovieDBEmbeddedData.pages.first { $0.category == .movieTopRated }?.page.results.first { $0.id == 129 })

        let count = embedded.recorder.states.count
        try await viewModel.search(["spirited"])
        #expect(embedded.emitted(since: count) == [searched(list, "spirited", origin: .embedded, of: 1, total: 1, [spirited])],
                "no loading: nothing is asked for")

        try await viewModel.search(["walking", "dead"])
        let show = try #require(MovieDBEmbeddedData.pages.first { $0.category == .tvPopular }?.page.results.first { $0.id == 194583 })
        expectNoDifference(viewModel.state.value, searched(list, "walking dead", origin: .embedded, of: 1, total: 1, [show]), "shows too")

        await #expect(throws: MovieDBError.nothingToSearchFor("…")) { try await viewModel.search(["…"]) }
    }

    // MARK: Detail

    @Test func openFetchesTheFullDetailOnce() async throws {
        fixture.answerDetail(Self.starWarsDetail)
        try await viewModel.load()

        var count = recorder.states.count
        try await viewModel.open("1")
        let expected = detail(popular1(), row: 1, Self.starWarsDetail)
        #expect(emitted(since: count) == [loading(popular1()), expected])
        #expect(try viewModel.openedItem() == Self.starWarsDetail)

        #expect(viewModel.back())
        expectNoDifference(viewModel.state.value, popular1())

        count = recorder.states.count
        try await viewModel.open("1")
        #expect(emitted(since: count) == [expected], "fetched before: no loading")
        #expect(fixture.requests == [Self.p1, "/movie/11"])
    }

    @Test func theListsGenresStandInWhenTheDetailHasNone() async throws {
        var bare = Self.film2
        bare.genreIDs = []
        fixture.answerDetail(Self.full(bare, MovieDBDetail(runtime: 95)))
        try await viewModel.load()

        try await viewModel.open("2")
        expectNoDifference(viewModel.state.value, detail(popular1(), row: 2, Self.full(Self.film2, MovieDBDetail(runtime: 95))))
    }

    @Test func aDetailFromTheCacheSaysHowOldItIs() async throws {
        fixture.answerDetail(Self.starWarsDetail, cachedAt: clock.now.addingTimeInterval(-3 * 86_400))
        try await viewModel.load()

        try await viewModel.open("1")
        expectNoDifference(viewModel.state.value, detail(popular1(), row: 1, Self.starWarsDetail, offline: "offline — cached 3 days ago"))
    }

    @Test func offlineADetailNeverFetchedShowsTheListsFieldsWithANote() async throws {
        try await viewModel.load()
        fixture.goOffline()

        let count = recorder.states.count
        try await viewModel.open("2")
        let expected = detail(popular1(), row: 2, Self.film2, note: "offline: this detail was never fetched, so this is what the list says")
        #expect(emitted(since: count) == [loading(popular1()), popular1(), expected])
        #expect(throws: MovieDBError.noVideos(title: "Film 2", detailAtHand: false, embedded: false)) { try viewModel.video(nil) }

        #expect(viewModel.back())
        fixture.heal()
        let full = Self.full(Self.film2, MovieDBDetail(runtime: 100))
        fixture.answerDetail(full)
        try await viewModel.open("2")
        expectNoDifference(viewModel.state.value, detail(popular1(), row: 2, full), "asked again once the network is back; the note is gone")
    }

    @Test func aDetailTMDBDoesNotHaveShowsTheListsFieldsWithANote() async throws {
        try await viewModel.load()
        let count = recorder.states.count

        try await viewModel.open("2")
        let expected = detail(popular1(), row: 2, Self.film2, note: "TMDB has no detail for this title (HTTP 404), so this is what the list says")
        #expect(emitted(since: count) == [loading(popular1()), popular1(), expected])
        #expect(fixture.requests == [Self.p1, "/movie/1002"])
    }

    @Test func aDetailThatFailsOtherwiseIsAnErrorThatChangesNothing() async throws {
        fixture.fail("/movie/1002", .status(500))
        try await viewModel.load()
        let count = recorder.states.count

        await #expect(throws: HTTPError(.status(500), endpoint: "/movie/1002")) { try await viewModel.open("2") }
        #expect(emitted(since: count) == [loading(popular1()), popular1()])
        await #expect(throws: ListError.rowNotLoaded(21, loaded: "1–20", morePages: true)) { try await viewModel.open("21") }
        await #expect(throws: ListError.noRow(601, count: 600)) { try await viewModel.open("601") }
        #expect(emitted(since: count) == [loading(popular1()), popular1()])
    }

    @Test func onTheEmbeddedSourceTheFourDetailsAreFullAndTheRestAreTheListsWithANote() async throws {
        let embedded = Self(.embedded)
        let viewModel = embedded.viewModel
        try await viewModel.load()
        let list = viewModel.state.value

        var count = embedded.recorder.states.count
        try await viewModel.open("1")
        let fastX = try #require(viewModel.item(number: 1))
        #expect(fastX.title == "Fast X")
        let note = "the embedded data has the full detail of Ad Astra, Black Panther: Wakanda Forever, Extraction 2, Rick and Morty only; "
            + "this is what the list says (`source live` fetches the rest)"
        #expect(embedded.emitted(since: count) == [loading(list), list, detail(list, row: 1, fastX, note: note)])

        #expect(viewModel.back())
        count = embedded.recorder.states.count
        try await viewModel.open("2")
        let extraction = try #require(MovieDBEmbeddedData.details.first { $0.id == 697843 })
        #expect(embedded.emitted(since: count) == [loading(list), detail(list, row: 2, extraction)])
        #expect(extraction.voteCount == 1097, "the detail's own figures")
        #expect(extraction.genreIDs == [28, 53])
    }

    // MARK: Trailers

    @Test func trailerPicksFromTheDetailsVideosOfficialTrailersFirst() async throws {
        fixture.answerDetail(Self.starWarsDetail)
        try await viewModel.load()
        #expect(throws: MovieDBError.noTitleOpen) { try viewModel.video(nil) }
        try await viewModel.open("1")

        let first = try viewModel.video(nil)
        #expect(first.number == 1)
        #expect(first.video.name == "Official Trailer")
        #expect(first.url.absoluteString == "https://www.youtube.com/watch?v=vJ4")
        let third = try viewModel.video(3)
        #expect(third.video.name == "Teaser")
        #expect(third.url.absoluteString == "https://www.youtube.com/watch?v=teaser1")

        #expect(throws: MovieDBError.noWebPage(video: 2, site: "Dailymotion")) { try viewModel.video(2) }
        #expect(throws: MovieDBError.noVideo(5, title: "Star Wars", count: 4)) { try viewModel.video(5) }
        #expect(throws: MovieDBError.noVideo(0, title: "Star Wars", count: 4)) { try viewModel.video(0) }
    }

    // MARK: Favourites

    @Test func aMovieAndAShowWithTheSameNumberAreDifferentFavourites() async throws {
        try await viewModel.showCategory(kind: .movie, word: "top")

        var count = recorder.states.count
        let movie = try viewModel.toggleFavourite("3")
        #expect(movie == FavouriteToggle(number: 3, itemID: "movie/603", title: "The Matrix", isFavourite: true))
        #expect(emitted(since: count) == [topRated(favourites: ["movie/603"])])

        try await viewModel.showCategory(kind: .tv, word: "top")
        expectNoDifference(viewModel.state.value, tvTop(), "tv/603 is not a favourite")

        count = recorder.states.count
        let show = try viewModel.toggleFavourite("1")
        #expect(show == FavouriteToggle(number: 1, itemID: "tv/603", title: "The Matrix Show", isFavourite: true))
        #expect(emitted(since: count) == [tvTop(favourites: ["tv/603"])])
        #expect(try store.ids(in: "moviedb") == ["movie/603", "tv/603"])

        let unmarked = try viewModel.toggleFavourite("1")
        #expect(unmarked == FavouriteToggle(number: 1, itemID: "tv/603", title: "The Matrix Show", isFavourite: false))
        expectNoDifference(viewModel.state.value, tvTop())
        #expect(try store.ids(in: "moviedb") == ["movie/603"])

        try await viewModel.showCategory(kind: .movie, word: nil)
        expectNoDifference(viewModel.state.value, topRated(favourites: ["movie/603"]))
    }

    @Test func aFavouriteMarkedOnTheDetailIsStarredOnTheListAfterBack() async throws {
        fixture.answerDetail(Self.matrixDetail)
        try await viewModel.showCategory(kind: .movie, word: "top")
        try await viewModel.open("3")

        let count = recorder.states.count
        let toggle = try viewModel.toggleFavourite(nil)
        #expect(toggle == FavouriteToggle(number: 3, itemID: "movie/603", title: "The Matrix", isFavourite: true))
        #expect(emitted(since: count) == [detail(topRated(favourites: ["movie/603"]), row: 3, Self.matrixDetail, favourite: true)])

        #expect(viewModel.back())
        expectNoDifference(viewModel.state.value, topRated(favourites: ["movie/603"]))
        #expect(throws: ListError.nothingToFavourite) { try viewModel.toggleFavourite(nil) }
    }

    @Test func aFavouriteThatIsNotOnTheListOpensFromTMDB() async throws {
        fixture.answerDetail(Self.matrixDetail)
        try await viewModel.showCategory(kind: .movie, word: "top")
        _ = try viewModel.toggleFavourite("3")
        try await viewModel.showCategory(kind: .movie, word: "popular")

        try viewModel.showFavourites()
        var favourites = popular1()
        favourites.screen = .favourites
        favourites.favourites = [FavouriteRow(number: 1, favourite: Favourite(feature: "moviedb", itemID: "movie/603", title: "The Matrix",
                                                                           createdAt: clock.now), isFavourite: true)]
        expectNoDifference(viewModel.state.value, favourites)

        let count = recorder.states.count
        try await viewModel.open("1")
        var expected = detail(popular1(), row: nil, Self.matrixDetail, favourite: true)
        expected.favourites = []
        #expect(emitted(since: count) == [expected])

        #expect(viewModel.back())
        expectNoDifference(viewModel.state.value, favourites, "back to the favourites it was opened from")
    }

    @Test func offlineAFavouriteNotOnTheListOpensFromTheIndexWithANote() async throws {
        try await viewModel.showCategory(kind: .movie, word: "top")
        _ = try viewModel.toggleFavourite("3")
        try await viewModel.showCategory(kind: .movie, word: "popular")
        try viewModel.showFavourites()
        fixture.goOffline()

        try await viewModel.open("1")
        var expected = detail(popular1(), row: nil, Self.matrix, favourite: true,
                              note: "offline: this detail was never fetched, so this is what the list says")
        expected.favourites = []
        expectNoDifference(viewModel.state.value, expected)
    }

    // MARK: Refresh

    @Test func refreshAsksTMDBAgainForThePageOnShow() async throws {
        try await viewModel.load()
        try await viewModel.showPage(.next)
        var renamed = Fixture.popular2
        renamed[0].title = "Film 21 (restored)"
        fixture.answer(.moviePopular, page: 2, renamed, totalPages: 31, totalResults: 601)

        let count = recorder.states.count
        try await viewModel.refresh()
        #expect(emitted(since: count) == [loading(popular2), listing(.moviePopular, page: 2, of: 31, total: 601, renamed)])
        #expect(fixture.requests == [Self.p1, Self.p2, Self.p2 + " fresh"])
    }

    @Test func aRefreshThatFailsLeavesTheStateExactlyAsItWas() async throws {
        try await viewModel.load()
        try await viewModel.showPage(.next)
        _ = try viewModel.toggleFavourite("23")
        fixture.fail(Self.p2, .status(500))
        let before = viewModel.state.value
        let count = recorder.states.count

        await #expect(throws: HTTPError(.status(500), endpoint: "/movie/popular?page=2")) { try await viewModel.refresh() }
        #expect(emitted(since: count) == [loading(before), before])
    }

    @Test func refreshNeverAnswersFromTheCache() async throws {
        fixture.answer(.moviePopular, page: 1, Fixture.popular1, totalPages: 30, totalResults: 600,
                       cachedAt: clock.now.addingTimeInterval(Self.twoHoursAgo))
        fixture.goOffline()
        try await viewModel.load()
        let cached = viewModel.state.value
        #expect(cached.offline == "offline — cached 2 h ago")

        let count = recorder.states.count
        await #expect(throws: HTTPError(.networkUnavailable(.refused), endpoint: "/movie/popular?page=1")) { try await viewModel.refresh() }
        #expect(emitted(since: count) == [loading(cached), cached])

        fixture.heal()
        fixture.answer(.moviePopular, page: 1, Fixture.popular1, totalPages: 30, totalResults: 600)
        try await viewModel.refresh()
        expectNoDifference(viewModel.state.value, popular1(), "fresh again: no offline note")
        #expect(fixture.requests == [Self.p1, Self.p1 + " fresh", Self.p1 + " fresh"])
    }

    @Test func refreshOnADetailFetchesItAgainAndKeepsItWhenThatFails() async throws {
        fixture.answerDetail(Self.starWarsDetail)
        try await viewModel.load()
        try await viewModel.open("1")
        var newer = Self.starWarsDetail
        newer.voteCount = 101
        fixture.answerDetail(newer)

        var count = recorder.states.count
        try await viewModel.refresh()
        let shown = detail(popular1(), row: 1, newer)
        #expect(emitted(since: count) == [loading(detail(popular1(), row: 1, Self.starWarsDetail)), shown])
        #expect(fixture.requests.last == "/movie/11 fresh")

        fixture.fail("/movie/11", .networkUnavailable(.refused))
        count = recorder.states.count
        await #expect(throws: HTTPError(.networkUnavailable(.refused), endpoint: "/movie/11")) { try await viewModel.refresh() }
        #expect(emitted(since: count) == [loading(shown), shown])
    }

    @Test func refreshOfASearchThatFailsKeepsTheResultsAndTheCacheStaysOut() async throws {
        fixture.answerSearch(.movie, "star wars", page: 1, Self.starSearch1, totalPages: 2, totalResults: 25)
        try await viewModel.load()
        try await viewModel.search(["star", "wars"])
        fixture.goOffline()
        let before = viewModel.state.value
        let count = recorder.states.count

        await #expect(throws: HTTPError(.networkUnavailable(.refused), endpoint: "/search/movie?query=star wars&page=1")) {
            try await viewModel.refresh()
        }
        #expect(emitted(since: count) == [loading(before), before])
        #expect(fixture.requests.last == "/search/movie?query=star wars&page=1 fresh")
    }

    @Test func refreshOfAFilterReadsTheCacheAgain() async throws {
        try await viewModel.load()
        try await viewModel.showPage(.next)
        try await viewModel.filter(["star"])
        expectNoDifference(viewModel.state.value, filtered(popular2, ["star"], [Self.starWars, Self.starTrek], cached: 40))

        let count = recorder.states.count
        try await viewModel.refresh()
        #expect(emitted(since: count) == [filtered(popular2, ["star"], [Self.starWars, Self.starTrek], cached: 40)])
        #expect(fixture.requests == [Self.p1, Self.p2])
    }

    // MARK: Reset

    @Test func resetForgetsEverythingLoadedButTheCategoryOnShow() async throws {
        fixture.answerDetail(Self.matrixDetail)
        try await viewModel.load()
        try await viewModel.showCategory(kind: .movie, word: "top")
        try await viewModel.open("3")

        let count = recorder.states.count
        viewModel.reset()
        var reset = MovieDBState()
        reset.category = .movieTopRated
        #expect(emitted(since: count) == [reset])
        #expect(!viewModel.isLoaded)
        #expect(viewModel.rowNumbers == [])
        #expect(viewModel.pageCount == 0)

        try await viewModel.load()
        expectNoDifference(viewModel.state.value, topRated())
        try await viewModel.open("3")
        expectNoDifference(viewModel.state.value, detail(topRated(), row: 3, Self.matrixDetail))
        #expect(fixture.requests == [Self.p1, "/movie/top_rated?page=1", "/movie/603", "/movie/top_rated?page=1", "/movie/603"],
                "the page and the detail are asked for again")
    }

    @Test func resetLeavesASearchOrAFilterForTheCategorysPages() async throws {
        try await viewModel.load()
        try await viewModel.filter(["star"])
        viewModel.reset()
        expectNoDifference(viewModel.state.value, MovieDBState())

        try await viewModel.load()
        expectNoDifference(viewModel.state.value, popular1())
    }
}
