import CustomDump
import ExplorerClock
import ExplorerCore
import ExplorerHTTP
@testable import ExplorerStore
import Foundation
@testable import MovieDB
import Reactive
import TestSupport
import Testing

/// The view model driven intent by intent, the whole state asserted after each one (as a change
/// of the state agreed on before it): TMDB is a service of canned answers (``MovieDBFixture``)
/// that answers only the calls each test expects, the offline index lives in memory, and the
/// clock stands still so `offline — cached 2 h ago` is exact.
@MainActor
@Suite("MovieDB view model")
struct MovieDBViewModelTests {
    typealias Fixture = MovieDBFixture

    let clock = VirtualClock()
    let calls = ExpectedCalls<MovieDBCall>()
    let fixture: MovieDBFixture
    let store: FavouritesStore
    let index = OfflineIndex.inMemory(prefix: "moviedb")
    let selection: SourceSelection
    let viewModel: MovieDBViewModel
    let recorder: StateRecorder<MovieDBState>
    let state: StateExpectations<MovieDBState>

    init() {
        self.init(.live)
    }

    /// Live: the fixture's answers. Embedded: the embedded data through the HTTP service, as
    /// the feature wires it.
    init(_ source: DataSource) {
        fixture = MovieDBFixture.standard(calls: calls)
        store = FavouritesStore.inMemory(clock: clock)
        selection = SourceSelection(source)
        let service = source == .live ? fixture.service : .http(EmbeddedHTTPClient(responder: MovieDBEmbeddedData.responder))
        viewModel = MovieDBViewModel(service: service, favourites: store, index: index, selection: selection, clock: clock)
        recorder = StateRecorder(viewModel.state)
        state = StateExpectations(viewModel.state)
    }

    // MARK: Expected states

    static let p1 = MovieDBCall.list(.moviePopular, page: 1)
    static let p2 = MovieDBCall.list(.moviePopular, page: 2)
    static let top = MovieDBCall.list(.movieTopRated, page: 1)
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

    func popular1() -> MovieDBState {
        listing(.moviePopular, of: 30, total: 600, Fixture.popular1)
    }

    var popular2: MovieDBState { listing(.moviePopular, page: 2, of: 30, total: 600, Fixture.popular2) }

    func topRated(favourites: Set<String> = []) -> MovieDBState {
        listing(.movieTopRated, of: 1, total: 3, Fixture.topRated, favourites: favourites)
    }

    var tvPopular: MovieDBState { listing(.tvPopular, of: 1, total: 2, Fixture.tvPopular) }

    var tvTop: MovieDBState { listing(.tvTopRated, of: 1, total: 1, Fixture.tvTop) }

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

    /// Where the next intent's emissions start, and the state agreed on before it.
    struct Mark {
        let count: Int
        let before: MovieDBState
    }

    func mark() -> Mark { Mark(count: recorder.states.count, before: state.expected) }

    /// The intent since `mark` showed loading over the state before it, then the state agreed on.
    func expectLoadingThenAgreed(since mark: Mark, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(emitted(since: mark.count) == [loading(mark.before), state.expected], comment, sourceLocation: sourceLocation)
    }

    /// The intent since `mark` showed loading, then the state before it again (a failure, or
    /// a detail shown from the list's fields after TMDB had none), then the state agreed on.
    func expectLoadingThenBeforeThenAgreed(since mark: Mark, _ comment: Comment? = nil,
                                          sourceLocation: SourceLocation = #_sourceLocation) {
        var expected = [loading(mark.before), mark.before]
        if state.expected != mark.before { expected.append(state.expected) }
        #expect(emitted(since: mark.count) == expected, comment, sourceLocation: sourceLocation)
    }

    /// The intent since `mark` emitted the state agreed on alone: no loading.
    func expectOnlyAgreed(since mark: Mark, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(emitted(since: mark.count) == [state.expected], comment, sourceLocation: sourceLocation)
    }

    /// Set-up: `step`, making `expected` calls; its state is the one other tests specify.
    func given(_ expected: [MovieDBCall] = [], _ step: () async throws -> Void) async throws {
        calls.expect(expected)
        try await step()
        state.takeCurrent()
    }

    /// Set-up: page 1 of popular movies loaded (as ``loadShowsPageOneOfPopularMoviesWithLoadingInBetween()`` specifies).
    func loadPopular() async throws {
        try await given([Self.p1]) { try await viewModel.load() }
    }

    /// Set-up: page 1 and page 2 of popular movies loaded, page 2 on show.
    func loadPopularPageTwo() async throws {
        try await loadPopular()
        try await given([Self.p2]) { try await viewModel.showPage(.next) }
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
        calls.expect([Self.p1])
        try await viewModel.load()

        expectNoDifference(recorder.states, [MovieDBState(), loading(MovieDBState()), popular1()])
        state.expect {
            $0.page = 1
            $0.pageCount = 30
            $0.totalCount = 600
            $0.rows = rows(Fixture.popular1)
        }
        #expect(viewModel.isLoaded)
        #expect(viewModel.currentCategory == .moviePopular)
        #expect(viewModel.pageCount == 30)
        #expect(viewModel.rowNumbers == Array(1...20))
        #expect(!viewModel.isEmbeddedSource)

        try await viewModel.load()
        state.expectUnchanged("a second load shows what is loaded, and asks for nothing")
        calls.expectAllMade()
    }

    @Test func aFailedFirstLoadLeavesNothingLoaded() async throws {
        fixture.fail(Fixture.list(.moviePopular, 1), .status(500))

        calls.expect([Self.p1])
        await #expect(throws: HTTPError(.status(500), endpoint: "/movie/popular?page=1")) { try await viewModel.load() }
        expectNoDifference(recorder.states, [MovieDBState(), loading(MovieDBState()), MovieDBState()])
        state.expectUnchanged()
        #expect(!viewModel.isLoaded)
        #expect(viewModel.rowNumbers == [])

        await #expect(throws: MovieDBError.nothingLoaded(row: "1")) { try await viewModel.open("1") }
        state.expectUnchanged()
        calls.expectAllMade()
    }

    @Test func aCallNobodyExpectedFailsTheTest() async {
        var error: (any Error)?
        await withKnownIssue("the service answers only what the test expects") {
            error = await #expect(throws: UnexpectedCall.self) { try await viewModel.load() }
        }
        #expect(error is UnexpectedCall, "the call was not expected")
        state.expectUnchanged()
        #expect(!viewModel.isLoaded)
    }

    // MARK: Categories

    @Test func aCategoryByItsWordAndAKindAloneShowsItsLastCategory() async throws {
        try await loadPopular()

        var mark = self.mark()
        calls.expect([Self.top])
        try await viewModel.showCategory(kind: .movie, word: "top")
        state.expect {
            $0.category = .movieTopRated
            $0.pageCount = 1
            $0.totalCount = 3
            $0.rows = rows(Fixture.topRated)
        }
        expectLoadingThenAgreed(since: mark)

        mark = self.mark()
        calls.expect([.list(.tvPopular, page: 1)])
        try await viewModel.showCategory(kind: .tv, word: nil)
        state.expect("the first time, tv alone is its first category") {
            $0.category = .tvPopular
            $0.totalCount = 2
            $0.rows = rows(Fixture.tvPopular)
        }
        expectLoadingThenAgreed(since: mark)

        mark = self.mark()
        calls.expect([.list(.tvTopRated, page: 1)])
        try await viewModel.showCategory(kind: .tv, word: "top_rated")
        state.expect {
            $0.category = .tvTopRated
            $0.totalCount = 1
            $0.rows = rows(Fixture.tvTop)
        }
        expectLoadingThenAgreed(since: mark)

        mark = self.mark()
        try await viewModel.showCategory(kind: .movie, word: nil)
        state.expect("movies alone: the last movie category, loaded before") { $0 = topRated() }
        expectOnlyAgreed(since: mark)

        mark = self.mark()
        try await viewModel.showCategory(kind: .tv, word: nil)
        state.expect("tv alone: the last tv category, not the first") { $0 = tvTop }
        expectOnlyAgreed(since: mark)
        #expect(viewModel.currentCategory == .tvTopRated)
        calls.expectAllMade()
    }

    @Test func aCategoryComesBackOnThePageItWasLeftOn() async throws {
        try await loadPopularPageTwo()
        try await given([Self.top]) { try await viewModel.showCategory(kind: .movie, word: "top") }

        let mark = self.mark()
        try await viewModel.showCategory(kind: .movie, word: "popular")
        state.expect { $0 = popular2 }
        expectOnlyAgreed(since: mark)
        calls.expectAllMade()
    }

    @Test func anUnknownCategoryIsAnErrorThatChangesNothing() async throws {
        try await loadPopular()

        await #expect(throws: MovieDBError.noCategory(kind: .tv, word: "upcoming")) {
            try await viewModel.showCategory(kind: .tv, word: "upcoming")
        }
        state.expectUnchanged()
        await #expect(throws: MovieDBError.noCategory(kind: .movie, word: "trending")) {
            try await viewModel.showCategory(kind: .movie, word: "trending")
        }
        state.expectUnchanged()
        #expect(viewModel.currentCategory == .moviePopular)
        calls.expectAllMade()
    }

    // MARK: Pages

    @Test func rowNumbersContinueOnPageTwoAndPagesLoadedAreNotAskedForAgain() async throws {
        try await loadPopular()

        var mark = self.mark()
        calls.expect([Self.p2])
        try await viewModel.showPage(.next)
        state.expect {
            $0.page = 2
            $0.rows = rows(Fixture.popular2, from: 21)
        }
        expectLoadingThenAgreed(since: mark)

        mark = self.mark()
        try await viewModel.showPage(.previous)
        state.expect {
            $0.page = 1
            $0.rows = rows(Fixture.popular1)
        }
        expectOnlyAgreed(since: mark)

        mark = self.mark()
        try await viewModel.showPage(.number(2))
        state.expect { $0 = popular2 }
        expectOnlyAgreed(since: mark)

        #expect(viewModel.rowNumbers == Array(1...40))
        #expect(viewModel.item(number: 23) == Self.starTrek)
        #expect(try viewModel.row(named: "5").item == Self.amelie, "a row of another loaded page can be named")
        #expect(throws: ListError.rowNotLoaded(41, loaded: "1–40", morePages: true)) { try viewModel.row(named: "41") }
        calls.expectAllMade()
    }

    @Test func pagingPastEitherEndOrToAPageTMDBHasNotChangesNothing() async throws {
        try await loadPopular()
        let mark = self.mark()

        await #expect(throws: PageError.alreadyOnFirstPage) { try await viewModel.showPage(.previous) }
        state.expectUnchanged()
        await #expect(throws: PageError.noPage(31, count: 30)) { try await viewModel.showPage(.number(31)) }
        state.expectUnchanged()

        calls.expect([.list(.moviePopular, page: 3)])
        await #expect(throws: HTTPError(.status(404), endpoint: "/movie/popular?page=3")) { try await viewModel.showPage(.number(3)) }
        state.expectUnchanged()
        expectLoadingThenBeforeThenAgreed(since: mark, "the page TMDB has not shows loading; paging past either end shows nothing")
        #expect(viewModel.rowNumbers == Array(1...20))

        try await given([Self.top]) { try await viewModel.showCategory(kind: .movie, word: "top") }
        await #expect(throws: PageError.alreadyOnLastPage(count: 1)) { try await viewModel.showPage(.next) }
        state.expectUnchanged()
        calls.expectAllMade()
    }

    @Test func pageLoadsTheCategoryFirstWhenNothingIsLoaded() async throws {
        calls.expect([Self.p1, Self.p2])
        try await viewModel.showPage(.next)
        expectNoDifference(recorder.states, [MovieDBState(), loading(MovieDBState()), popular1(), loading(popular1()), popular2])
        state.expect {
            $0.page = 2
            $0.pageCount = 30
            $0.totalCount = 600
            $0.rows = rows(Fixture.popular2, from: 21)
        }
        calls.expectAllMade()
    }

    @Test func aPageFromTheCacheSaysHowOldItIs() async throws {
        fixture.answer(.moviePopular, page: 1, Fixture.popular1, totalPages: 30, totalResults: 600,
                       cachedAt: clock.now.addingTimeInterval(Self.twoHoursAgo))
        fixture.goOffline()
        calls.expect([Self.p1])
        try await viewModel.load()
        state.expect {
            $0 = popular1()
            $0.offline = "offline — cached 2 h ago"
        }
        expectNoDifference(recorder.states, [MovieDBState(), loading(MovieDBState()), state.expected])

        var mark = self.mark()
        calls.expect([Self.p2])
        await #expect(throws: HTTPError(.networkUnavailable(.refused), endpoint: "/movie/popular?page=2")) {
            try await viewModel.showPage(.next)
        }
        state.expectUnchanged()
        expectLoadingThenBeforeThenAgreed(since: mark)

        fixture.heal()
        calls.expect([Self.p2])
        try await viewModel.showPage(.next)
        state.expect("page 2 is fresh") {
            $0.page = 2
            $0.rows = rows(Fixture.popular2, from: 21)
            $0.offline = nil
        }

        clock.advance(by: 3600)
        mark = self.mark()
        try await viewModel.showPage(.previous)
        state.expect {
            $0.page = 1
            $0.rows = rows(Fixture.popular1)
            $0.offline = "offline — cached 3 h ago"
        }
        expectOnlyAgreed(since: mark)
        calls.expectAllMade()
    }

    @Test func theEmbeddedDataHasOnlyPageOne() async throws {
        let embedded = Self(.embedded)
        let viewModel = embedded.viewModel
        #expect(viewModel.isEmbeddedSource)
        try await viewModel.load()

        let page = try #require(MovieDBEmbeddedData.pages.first { $0.category == .moviePopular }?.page.results)
        #expect(page.first?.title == "Fast X")
        embedded.state.expect {
            $0.page = 1
            $0.pageCount = 500
            $0.heldPages = 1
            $0.totalCount = 779_157
            $0.rows = rows(page)
        }
        expectNoDifference(embedded.recorder.states, [MovieDBState(), loading(MovieDBState()), embedded.state.expected])

        await #expect(throws: MovieDBError.onlyPageOne(asked: 2)) {
            try await viewModel.showPage(.next)
        }
        embedded.state.expectUnchanged()
        await #expect(throws: MovieDBError.onlyPageOne(asked: 500)) {
            try await viewModel.showPage(.number(500))
        }
        embedded.state.expectUnchanged()
    }

    // MARK: page all

    @Test func pageAllWalksTheCategoryToItsBoundAndKeepsEveryPageForFilter() async throws {
        try await loadPopular()

        let mark = self.mark()
        calls.expect([Self.p2])
        try await viewModel.showPage(.all(limit: 2))
        state.expect("rows 1–40 as one list; 28 of TMDB's 30 pages are left, and the bound says so") {
            $0.all = AllPages(pages: 2, stoppedAfter: 2)
            $0.rows = rows(Fixture.popular1 + Fixture.popular2)
        }
        expectLoadingThenAgreed(since: mark)
        #expect(viewModel.rowNumbers == Array(1...40))
        calls.expectAllMade()

        fixture.goOffline()
        try await viewModel.filter(["trek"])
        state.expect("`filter` finds what page 2 kept, and leaves `all`") {
            $0 = filtered($0, ["trek"], [Self.starTrek], cached: 40)
            $0.all = nil
        }

        try await viewModel.filter(["clear"])
        state.expect("back to the page on show") {
            $0 = popular1()
        }
    }

    @Test func pageAllOfAOnePageCategoryAsksForNothingMore() async throws {
        try await loadPopular()
        try await given([Self.top]) { try await viewModel.showCategory(kind: .movie, word: "top") }

        try await viewModel.showPage(.all(limit: nil))
        state.expect { $0.all = AllPages(pages: 1) }

        try await viewModel.showCategory(kind: .movie, word: "popular")
        state.expect("another category leaves `all`") { $0 = popular1() }
        calls.expectAllMade()
    }

    @Test func aPageThatFailsInPageAllChangesNothing() async throws {
        try await loadPopular()

        let mark = self.mark()
        calls.expect([Self.p2, .list(.moviePopular, page: 3)])
        let error = await #expect(throws: PageLoadError.self) { try await viewModel.showPage(.all(limit: nil)) }
        #expect(error?.description == "page 3 of 30 failed: \(HTTPError(.status(404), endpoint: "/movie/popular?page=3"))")
        state.expectUnchanged()
        expectLoadingThenBeforeThenAgreed(since: mark)
        #expect(viewModel.rowNumbers == Array(1...20), "page 2 was fetched, and not kept")
        calls.expectAllMade()
    }

    @Test func pageAllOfTMDBsSearchResultsAndRefreshFetchesThemAllAgain() async throws {
        fixture.answerSearch(.movie, "star wars", page: 1, Self.starSearch1, totalPages: 2, totalResults: 25)
        fixture.answerSearch(.movie, "star wars", page: 2, Self.starSearch2, totalPages: 2, totalResults: 25)
        try await loadPopular()
        try await given([.search(.movie, "star wars", page: 1)]) { try await viewModel.search(["star", "wars"]) }

        calls.expect([.search(.movie, "star wars", page: 2)])
        try await viewModel.showPage(.all(limit: nil))
        state.expect {
            $0.all = AllPages(pages: 2)
            $0.rows = rows(Self.starSearch1 + Self.starSearch2)
        }
        calls.expectAllMade()

        calls.expect([.search(.movie, "star wars", page: 1, fresh: true), .search(.movie, "star wars", page: 2, fresh: true)])
        try await viewModel.refresh()
        state.expectUnchanged("refreshed, every page again, still all of them")
        calls.expectAllMade()

        try await viewModel.showPage(.number(2))
        state.expect {
            $0.all = nil
            $0.page = 2
            $0.rows = rows(Self.starSearch2, from: 21)
        }
    }

    @Test func onTheEmbeddedSourcePageAllListsPageOne() async throws {
        let embedded = Self(.embedded)
        try await embedded.viewModel.load()
        embedded.state.takeCurrent()

        try await embedded.viewModel.showPage(.all(limit: nil))
        embedded.state.expect("the one page the embedded data holds, and no bound stopped it") {
            $0.all = AllPages(pages: 1)
        }
    }

    // MARK: Filter

    @Test func filterSearchesEveryCachedPageOfTheCategoryWithoutTheNetwork() async throws {
        try await loadPopularPageTwo()
        fixture.goOffline()

        let mark = self.mark()
        try await viewModel.filter(["star"])
        state.expect {
            $0.mode = .filter(words: ["star"])
            $0.page = 1
            $0.pageCount = 1
            $0.totalCount = 2
            $0.cachedCount = 40
            $0.rows = rows([Self.starWars, Self.starTrek])
        }
        expectOnlyAgreed(since: mark, "no loading")
        #expect(viewModel.pageCount == 1)
        #expect(viewModel.rowNumbers == [1, 2])
        #expect(try viewModel.row(named: "2").item == Self.starTrek, "rows are numbered as filtered")
        calls.expectAllMade()
    }

    @Test func filterWordsArePrefixesOfTitlesOriginalTitlesOrOverviewsWhateverTheCaseAndAccents() async throws {
        try await loadPopularPageTwo()

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
            state.expect("\(words)") { $0 = filtered($0, words, items, cached: 40) }
        }
        calls.expectAllMade()
    }

    @Test func filterLoadsTheCategoryFirstAndCoversOnlyTheCategoryOnShow() async throws {
        calls.expect([Self.p1])
        try await viewModel.filter(["star"])
        state.expect { $0 = filtered(popular1(), ["star"], [Self.starWars], cached: 20) }
        expectNoDifference(recorder.states, [MovieDBState(), loading(MovieDBState()), popular1(), state.expected])

        calls.expect([Self.top])
        try await viewModel.showCategory(kind: .movie, word: "top")
        state.expect("another category leaves the filter") { $0 = topRated() }
        try await viewModel.filter(["the"])
        state.expect { $0 = filtered($0, ["the"], Fixture.topRated, cached: 3) }
        try await viewModel.filter(["star"])
        state.expect { $0 = filtered($0, ["star"], [], cached: 3) }
        await #expect(throws: MovieDBError.noMatch(row: "1", words: ["star"])) {
            try await viewModel.open("1")
        }
        state.expectUnchanged()
        calls.expectAllMade()
    }

    @Test func filterClearReturnsToThePageOnShow() async throws {
        try await loadPopularPageTwo()
        try await given { try await viewModel.filter(["star"]) }

        var mark = self.mark()
        try await viewModel.filter(["clear"])
        state.expect { $0 = popular2 }
        expectOnlyAgreed(since: mark)

        try await given { try await viewModel.filter(["star"]) }
        mark = self.mark()
        try await viewModel.filter(["Clear"])
        state.expect { $0 = popular2 }
        expectOnlyAgreed(since: mark)
        calls.expectAllMade()
    }

    @Test func pagingPastAFiltersOnlyPageChangesNothing() async throws {
        try await loadPopular()
        try await given { try await viewModel.filter(["star"]) }

        await #expect(throws: PageError.alreadyOnLastPage(count: 1)) { try await viewModel.showPage(.next) }
        state.expectUnchanged()
        calls.expectAllMade()
    }

    @Test func theMatchesOfAFilterArePagedTwentyToAPage() async throws {
        try await loadPopularPageTwo()
        // "Film N": 37 of the 40 titles (all but Star Wars, Amélie and Star Trek).
        let films = (Fixture.popular1 + Fixture.popular2).filter { $0.title.hasPrefix("Film") }
        #expect(films.count == 37)

        try await viewModel.filter(["film"])
        state.expect { $0 = filtered($0, ["film"], Array(films[0..<20]), cached: 40, of: 2, total: 37) }
        #expect(viewModel.pageCount == 2)
        #expect(viewModel.rowNumbers == Array(1...37), "every match can be opened from any page")

        try await viewModel.showPage(.next)
        state.expect {
            $0.page = 2
            $0.rows = rows(Array(films[20...]), from: 21)
        }
        try await viewModel.refresh()
        state.expectUnchanged("refresh searches again and stays on the page")
        await #expect(throws: PageError.alreadyOnLastPage(count: 2)) { try await viewModel.showPage(.next) }
        state.expectUnchanged()

        let list = state.expected
        calls.expect([.detail(.movie, films[21].id)])
        try await viewModel.open("22")
        state.expect {
            $0 = detail($0, row: 22, films[21], note: "TMDB has no detail for this title (HTTP 404), so this is what the list says")
        }
        #expect(viewModel.back())
        state.expect { $0 = list }
        try await viewModel.showPage(.previous)
        state.expect {
            $0.page = 1
            $0.rows = rows(Array(films[0..<20]))
        }
        try await viewModel.filter(["clear"])
        state.expect("the category's own page again") { $0 = popular2 }
        calls.expectAllMade()
    }

    @Test func aFavouriteOpensAsItsRowOfTheFilter() async throws {
        try await loadPopularPageTwo()
        let films = (Fixture.popular1 + Fixture.popular2).filter { $0.title.hasPrefix("Film") }
        try await given { try await viewModel.filter(["film"]) }
        _ = try viewModel.toggleFavourite("22")
        state.expectUnchanged("row 22 is on the filter's page 2")

        try viewModel.showFavourites()
        let favourite = Favourite(feature: "moviedb", itemID: "movie/\(films[21].id)", title: films[21].title, createdAt: clock.now)
        state.expect {
            $0.screen = .favourites
            $0.favourites = [FavouriteRow(number: 1, favourite: favourite, isFavourite: true)]
        }

        calls.expect([.detail(.movie, films[21].id)])
        try await viewModel.open("1")
        state.expect {
            $0 = detail($0, row: 22, films[21], favourite: true,
                        note: "TMDB has no detail for this title (HTTP 404), so this is what the list says")
            $0.favourites = []
        }
        #expect(viewModel.loadedRow(id: "movie/99999") == nil)
        calls.expectAllMade()
    }

    @Test func aFilterShowsTheFirstThousandMatchesAndSaysMoreMatched() async throws {
        try await loadPopular()
        // 1,020 more films kept on pages 3 to 53, as if paged to before.
        let more = (41...1_060).map { Fixture.movie(1000 + $0, "Film \($0)") }
        for start in stride(from: 0, to: more.count, by: 20) {
            try index.store(more[start ..< start + 20].map { MovieDBLibrary.indexed($0, at: clock.now) },
                            collection: MovieDBCategory.moviePopular.rawValue, page: start / 20 + 3)
        }
        let films = Fixture.popular1.filter { $0.title.hasPrefix("Film") } + more

        try await viewModel.filter(["film"])
        state.expect { $0 = filtered($0, ["film"], Array(films[0..<20]), cached: 1_040, of: 50, total: 1_000, cappedAt: 1_000) }
        try await viewModel.showPage(.number(50))
        state.expect {
            $0.page = 50
            $0.rows = rows(Array(films[980..<1_000]), from: 981)
        }
        try await viewModel.filter(["film", "2060"])
        state.expect("a narrower filter is not capped") { $0 = filtered($0, ["film", "2060"], [more.last!], cached: 1_040) }
        calls.expectAllMade()
    }

    /// A kept title whose stored list entry cannot be read (a damaged row) is still listed and
    /// opened, from what the index's own columns say of it.
    @Test func aFilteredTitleWhoseStoredEntryIsDamagedShowsWhatTheIndexKept() async throws {
        try await loadPopular()
        try index.store([IndexedItem(key: "movie/4242", title: "Damaged Film", originalTitle: "Film Abîmé", text: "A reel cut short.",
                                     payload: Data("{not json".utf8), fetchedAt: clock.now)],
                        collection: MovieDBCategory.moviePopular.rawValue, page: 3)
        let kept = MovieDBItem(kind: .movie, id: 4242, title: "Damaged Film", originalTitle: "Film Abîmé", overview: "A reel cut short.")

        try await viewModel.filter(["damaged"])
        state.expect { $0 = filtered($0, ["damaged"], [kept], cached: 21) }
        #expect(try viewModel.row(named: "1").item == kept)
        calls.expectAllMade()
    }

    /// A kept title whose stored date cannot be read is passed over by a filter, as by an
    /// offline search: not counted, not numbered, never shown blank; the titles after it keep
    /// their numbers in order.
    @Test func aFilteredTitleWhoseStoredDateIsDamagedIsPassedOver() async throws {
        try await loadPopular()
        let before = IndexedItem(key: "movie/4241", title: "Reel One", payload: Data(#"{"id": 4241, "title": "Reel One"}"#.utf8), fetchedAt: clock.now)
        let damaged = IndexedItem(key: "movie/4242", title: "Reel Two", payload: Data(#"{"id": 4242, "title": "Reel Two"}"#.utf8), fetchedAt: clock.now)
        let after = IndexedItem(key: "movie/4243", title: "Reel Three", payload: Data(#"{"id": 4243, "title": "Reel Three"}"#.utf8), fetchedAt: clock.now)
        try index.store([before, damaged, after], collection: MovieDBCategory.moviePopular.rawValue, page: 3)
        try index.database.write { db in
            try db.execute(sql: "UPDATE moviedb_item SET fetchedAt = 'not a date' WHERE key = 'movie/4242'")
        }
        let shown = [MovieDBItem(kind: .movie, id: 4241, title: "Reel One"), MovieDBItem(kind: .movie, id: 4243, title: "Reel Three")]

        try await viewModel.filter(["reel"])
        state.expect { $0 = filtered($0, ["reel"], shown, cached: 23) }
        #expect(try viewModel.row(named: "2").item == shown[1])
        calls.expectAllMade()
    }

    @Test func aFilteredRowOpensAsItsOwnRow() async throws {
        let full = Self.full(Self.starTrek, MovieDBDetail(runtime: 127))
        fixture.answerDetail(full)
        try await loadPopularPageTwo()
        try await given { try await viewModel.filter(["star"]) }
        let list = state.expected

        calls.expect([.detail(.movie, Self.starTrek.id)])
        try await viewModel.open("2")
        state.expect { $0 = detail($0, row: 2, full) }
        #expect(viewModel.back())
        state.expect { $0 = list }
        calls.expectAllMade()
    }

    // MARK: Search

    static let starSearch1 = [starWars] + (2...20).map { Fixture.movie(2000 + $0, "Star Film \($0)") }
    static let starSearch2 = (21...25).map { Fixture.movie(2000 + $0, "Star Film \($0)") }

    @Test func searchAsksTMDBForTheKindOnShowAndPagesThroughTheResults() async throws {
        fixture.answerSearch(.movie, "star wars", page: 1, Self.starSearch1, totalPages: 2, totalResults: 25)
        fixture.answerSearch(.movie, "star wars", page: 2, Self.starSearch2, totalPages: 2, totalResults: 25)
        try await loadPopular()

        var mark = self.mark()
        calls.expect([.search(.movie, "star wars", page: 1)])
        try await viewModel.search(["star", "wars"])
        state.expect { $0 = searched($0, "star wars", origin: .tmdb, of: 2, total: 25, Self.starSearch1) }
        expectLoadingThenAgreed(since: mark)

        mark = self.mark()
        calls.expect([.search(.movie, "star wars", page: 2)])
        try await viewModel.showPage(.next)
        state.expect {
            $0.page = 2
            $0.rows = rows(Self.starSearch2, from: 21)
        }
        expectLoadingThenAgreed(since: mark)

        mark = self.mark()
        try await viewModel.showPage(.previous)
        state.expect {
            $0.page = 1
            $0.rows = rows(Self.starSearch1)
        }
        expectOnlyAgreed(since: mark, "both pages are loaded")
        await #expect(throws: PageError.alreadyOnFirstPage) { try await viewModel.showPage(.previous) }
        state.expectUnchanged()

        #expect(viewModel.rowNumbers == Array(1...25))
        #expect(viewModel.pageCount == 2)
        calls.expectAllMade()
    }

    @Test func searchOnTVSearchesShowsAndACachedAnswerSaysSo() async throws {
        let rick = Fixture.show(60625, "Rick and Morty")
        fixture.answerSearch(.tv, "rick", page: 1, [rick], totalPages: 1, totalResults: 1,
                             cachedAt: clock.now.addingTimeInterval(-5 * 60))
        try await given([.list(.tvPopular, page: 1)]) { try await viewModel.showCategory(kind: .tv, word: "popular") }

        calls.expect([.search(.tv, "rick", page: 1)])
        try await viewModel.search(["rick"])
        state.expect {
            $0 = searched($0, "rick", kind: .tv, origin: .tmdb, of: 1, total: 1, [rick])
            $0.offline = "offline — cached 5 min ago"
        }
        calls.expectAllMade()
    }

    @Test func withTheNetworkUnavailableSearchAnswersFromEverythingFetchedBefore() async throws {
        try await loadPopular()
        try await given([Self.top]) { try await viewModel.showCategory(kind: .movie, word: "top") }
        try await given([.list(.tvTopRated, page: 1)]) { try await viewModel.showCategory(kind: .tv, word: "top") }
        fixture.goOffline()

        let mark = self.mark()
        calls.expect([.search(.tv, "shawshank", page: 1)])
        try await viewModel.search(["shawshank"])
        state.expect { $0 = searched($0, "shawshank", kind: .tv, origin: .cache, of: 1, total: 1, [Fixture.topRated[1]]) }
        expectLoadingThenBeforeThenAgreed(since: mark, "loading, the screen as it was, then the cache's titles")

        calls.expect([.search(.tv, "matrix", page: 1)])
        try await viewModel.search(["matrix"])
        state.expect("both kinds, in the index's order of relevance") {
            $0 = searched($0, "matrix", kind: .tv, origin: .cache, of: 1, total: 2, [Fixture.tvTop[0], Self.matrix])
        }

        calls.expect([.search(.tv, "zebra", page: 1)])
        try await viewModel.search(["zebra"])
        state.expect { $0 = searched($0, "zebra", kind: .tv, origin: .cache, of: 1, total: 0, []) }
        calls.expectAllMade()
    }

    @Test func offlineASearchWithNothingToSearchForChangesNothing() async throws {
        try await loadPopular()
        fixture.goOffline()
        let mark = self.mark()

        calls.expect([.search(.movie, "?!", page: 1)])
        await #expect(throws: MovieDBError.nothingToSearchFor("?!")) { try await viewModel.search(["?!"]) }
        state.expectUnchanged()
        expectLoadingThenBeforeThenAgreed(since: mark)
        calls.expectAllMade()
    }

    @Test func aSearchThatFailsOtherwiseIsNotAnsweredFromTheCache() async throws {
        fixture.fail(Fixture.search(.movie, "star", 1), .status(500))
        try await loadPopular()
        let mark = self.mark()

        calls.expect([.search(.movie, "star", page: 1)])
        await #expect(throws: HTTPError(.status(500), endpoint: "/search/movie?query=star&page=1")) { try await viewModel.search(["star"]) }
        state.expectUnchanged()
        expectLoadingThenBeforeThenAgreed(since: mark)
        calls.expectAllMade()
    }

    @Test func onTheEmbeddedSourceSearchReadsTheEmbeddedData() async throws {
        let embedded = Self(.embedded)
        let viewModel = embedded.viewModel
        try await viewModel.load()
        embedded.state.takeCurrent()
        let spirited = try #require(MovieDBEmbeddedData.pages.first { $0.category == .movieTopRated }?.page.results.first { $0.id == 129 })

        let mark = embedded.mark()
        try await viewModel.search(["spirited"])
        embedded.state.expect { $0 = searched($0, "spirited", origin: .embedded, of: 1, total: 1, [spirited]) }
        embedded.expectOnlyAgreed(since: mark, "no loading: nothing is asked for")

        try await viewModel.search(["walking", "dead"])
        let show = try #require(MovieDBEmbeddedData.pages.first { $0.category == .tvPopular }?.page.results.first { $0.id == 194583 })
        embedded.state.expect("shows too") { $0 = searched($0, "walking dead", origin: .embedded, of: 1, total: 1, [show]) }

        await #expect(throws: MovieDBError.nothingToSearchFor("…")) { try await viewModel.search(["…"]) }
        embedded.state.expectUnchanged()
    }

    // MARK: Detail

    @Test func openFetchesTheFullDetailOnce() async throws {
        fixture.answerDetail(Self.starWarsDetail)
        try await loadPopular()

        var mark = self.mark()
        calls.expect([.detail(.movie, 11)])
        try await viewModel.open("1")
        state.expect { $0 = detail($0, row: 1, Self.starWarsDetail) }
        expectLoadingThenAgreed(since: mark)
        #expect(try viewModel.openedItem() == Self.starWarsDetail)
        state.expectUnchanged()

        #expect(viewModel.back())
        state.expect { $0 = popular1() }

        mark = self.mark()
        try await viewModel.open("1")
        state.expect { $0 = detail($0, row: 1, Self.starWarsDetail) }
        expectOnlyAgreed(since: mark, "fetched before: no loading, and not asked for again")
        calls.expectAllMade()
    }

    @Test func theListsGenresStandInWhenTheDetailHasNone() async throws {
        var bare = Self.film2
        bare.genreIDs = []
        fixture.answerDetail(Self.full(bare, MovieDBDetail(runtime: 95)))
        try await loadPopular()

        calls.expect([.detail(.movie, Self.film2.id)])
        try await viewModel.open("2")
        state.expect { $0 = detail($0, row: 2, Self.full(Self.film2, MovieDBDetail(runtime: 95))) }
        calls.expectAllMade()
    }

    @Test func aDetailFromTheCacheSaysHowOldItIs() async throws {
        fixture.answerDetail(Self.starWarsDetail, cachedAt: clock.now.addingTimeInterval(-3 * 86_400))
        try await loadPopular()

        calls.expect([.detail(.movie, 11)])
        try await viewModel.open("1")
        state.expect { $0 = detail($0, row: 1, Self.starWarsDetail, offline: "offline — cached 3 days ago") }
        calls.expectAllMade()
    }

    @Test func offlineADetailNeverFetchedShowsTheListsFieldsWithANote() async throws {
        try await loadPopular()
        fixture.goOffline()

        let mark = self.mark()
        calls.expect([.detail(.movie, Self.film2.id)])
        try await viewModel.open("2")
        state.expect { $0 = detail($0, row: 2, Self.film2, note: "offline: this detail was never fetched, so this is what the list says") }
        expectLoadingThenBeforeThenAgreed(since: mark)
        #expect(throws: MovieDBError.noVideos(title: "Film 2", detailAtHand: false, embedded: false)) { try viewModel.video(nil) }
        state.expectUnchanged()

        #expect(viewModel.back())
        state.expect { $0 = popular1() }
        fixture.heal()
        let full = Self.full(Self.film2, MovieDBDetail(runtime: 100))
        fixture.answerDetail(full)
        calls.expect([.detail(.movie, Self.film2.id)])
        try await viewModel.open("2")
        state.expect("asked again once the network is back; the note is gone") { $0 = detail($0, row: 2, full) }
        calls.expectAllMade()
    }

    @Test func aDetailTMDBDoesNotHaveShowsTheListsFieldsWithANote() async throws {
        try await loadPopular()
        let mark = self.mark()

        calls.expect([.detail(.movie, Self.film2.id)])
        try await viewModel.open("2")
        state.expect {
            $0 = detail($0, row: 2, Self.film2, note: "TMDB has no detail for this title (HTTP 404), so this is what the list says")
        }
        expectLoadingThenBeforeThenAgreed(since: mark)
        calls.expectAllMade()
    }

    @Test func aDetailThatFailsOtherwiseIsAnErrorThatChangesNothing() async throws {
        fixture.fail(Fixture.detail(.movie, 1002), .status(500))
        try await loadPopular()
        let mark = self.mark()

        calls.expect([.detail(.movie, 1002)])
        await #expect(throws: HTTPError(.status(500), endpoint: "/movie/1002")) { try await viewModel.open("2") }
        state.expectUnchanged()
        await #expect(throws: ListError.rowNotLoaded(21, loaded: "1–20", morePages: true)) { try await viewModel.open("21") }
        state.expectUnchanged()
        await #expect(throws: ListError.noRow(601, count: 600)) { try await viewModel.open("601") }
        state.expectUnchanged()
        expectLoadingThenBeforeThenAgreed(since: mark, "only the detail asked for showed loading")
        calls.expectAllMade()
    }

    @Test func onTheEmbeddedSourceTheFourDetailsAreFullAndTheRestAreTheListsWithANote() async throws {
        let embedded = Self(.embedded)
        let viewModel = embedded.viewModel
        try await viewModel.load()
        embedded.state.takeCurrent()
        let list = embedded.state.expected

        var mark = embedded.mark()
        try await viewModel.open("1")
        let fastX = try #require(viewModel.item(number: 1))
        #expect(fastX.title == "Fast X")
        let note = "the embedded data has the full detail of Ad Astra, Black Panther: Wakanda Forever, Extraction 2, Rick and Morty only; "
            + "this is what the list says (`source live` fetches the rest)"
        embedded.state.expect { $0 = detail($0, row: 1, fastX, note: note) }
        embedded.expectLoadingThenBeforeThenAgreed(since: mark)

        #expect(viewModel.back())
        embedded.state.expect { $0 = list }
        mark = embedded.mark()
        try await viewModel.open("2")
        let extraction = try #require(MovieDBEmbeddedData.details.first { $0.id == 697843 })
        embedded.state.expect { $0 = detail($0, row: 2, extraction) }
        embedded.expectLoadingThenAgreed(since: mark)
        #expect(extraction.voteCount == 1097, "the detail's own figures")
        #expect(extraction.genreIDs == [28, 53])
    }

    // MARK: Trailers

    @Test func trailerPicksFromTheDetailsVideosOfficialTrailersFirst() async throws {
        fixture.answerDetail(Self.starWarsDetail)
        try await loadPopular()
        #expect(throws: MovieDBError.noTitleOpen) { try viewModel.video(nil) }
        state.expectUnchanged()
        try await given([.detail(.movie, 11)]) { try await viewModel.open("1") }

        let first = try viewModel.video(nil)
        #expect(first.number == 1)
        #expect(first.video.name == "Official Trailer")
        #expect(first.url.absoluteString == "https://www.youtube.com/watch?v=vJ4")
        let third = try viewModel.video(3)
        #expect(third.video.name == "Teaser")
        #expect(third.url.absoluteString == "https://www.youtube.com/watch?v=teaser1")
        state.expectUnchanged("a trailer is only looked up")

        #expect(throws: MovieDBError.noWebPage(video: 2, site: "Dailymotion")) { try viewModel.video(2) }
        #expect(throws: MovieDBError.noVideo(5, title: "Star Wars", count: 4)) { try viewModel.video(5) }
        #expect(throws: MovieDBError.noVideo(0, title: "Star Wars", count: 4)) { try viewModel.video(0) }
        state.expectUnchanged()
        calls.expectAllMade()
    }

    // MARK: Favourites

    @Test func aMovieAndAShowWithTheSameNumberAreDifferentFavourites() async throws {
        try await given([Self.top]) { try await viewModel.showCategory(kind: .movie, word: "top") }

        let movie = try viewModel.toggleFavourite("3")
        #expect(movie == FavouriteToggle(number: 3, itemID: "movie/603", title: "The Matrix", isFavourite: true))
        state.expect { $0.rows[2].isFavourite = true }

        calls.expect([.list(.tvTopRated, page: 1)])
        try await viewModel.showCategory(kind: .tv, word: "top")
        state.expect("tv/603 is not a favourite") { $0 = tvTop }

        let show = try viewModel.toggleFavourite("1")
        #expect(show == FavouriteToggle(number: 1, itemID: "tv/603", title: "The Matrix Show", isFavourite: true))
        state.expect { $0.rows[0].isFavourite = true }
        #expect(try store.ids(in: "moviedb") == ["movie/603", "tv/603"])

        let unmarked = try viewModel.toggleFavourite("1")
        #expect(unmarked == FavouriteToggle(number: 1, itemID: "tv/603", title: "The Matrix Show", isFavourite: false))
        state.expect { $0.rows[0].isFavourite = false }
        #expect(try store.ids(in: "moviedb") == ["movie/603"])

        try await viewModel.showCategory(kind: .movie, word: nil)
        state.expect { $0 = topRated(favourites: ["movie/603"]) }
        calls.expectAllMade()
    }

    @Test func aFavouriteMarkedOnTheDetailIsStarredOnTheListAfterBack() async throws {
        fixture.answerDetail(Self.matrixDetail)
        try await given([Self.top]) { try await viewModel.showCategory(kind: .movie, word: "top") }
        try await given([.detail(.movie, 603)]) { try await viewModel.open("3") }

        let toggle = try viewModel.toggleFavourite(nil)
        #expect(toggle == FavouriteToggle(number: 3, itemID: "movie/603", title: "The Matrix", isFavourite: true))
        state.expect {
            $0.rows[2].isFavourite = true
            $0.detail?.isFavourite = true
        }

        #expect(viewModel.back())
        state.expect { $0 = topRated(favourites: ["movie/603"]) }
        #expect(throws: ListError.nothingToFavourite) { try viewModel.toggleFavourite(nil) }
        state.expectUnchanged()
        calls.expectAllMade()
    }

    /// Set-up: The Matrix (top rated) marked, popular movies on show, then the favourites.
    func showTheMatrixAmongTheFavourites() async throws {
        try await given([Self.top]) { try await viewModel.showCategory(kind: .movie, word: "top") }
        try await given { _ = try viewModel.toggleFavourite("3") }
        try await given([Self.p1]) { try await viewModel.showCategory(kind: .movie, word: "popular") }
        try viewModel.showFavourites()
        state.expect {
            $0.screen = .favourites
            $0.favourites = [FavouriteRow(number: 1, favourite: Favourite(feature: "moviedb", itemID: "movie/603", title: "The Matrix",
                                                                         createdAt: clock.now), isFavourite: true)]
        }
    }

    @Test func aFavouriteThatIsNotOnTheListOpensFromTMDB() async throws {
        fixture.answerDetail(Self.matrixDetail)
        try await showTheMatrixAmongTheFavourites()
        let favourites = state.expected

        let mark = self.mark()
        calls.expect([.detail(.movie, 603)])
        try await viewModel.open("1")
        state.expect {
            $0 = detail($0, row: nil, Self.matrixDetail, favourite: true)
            $0.favourites = []
        }
        expectOnlyAgreed(since: mark)

        #expect(viewModel.back())
        state.expect("back to the favourites it was opened from") { $0 = favourites }
        calls.expectAllMade()
    }

    @Test func offlineAFavouriteNotOnTheListOpensFromTheIndexWithANote() async throws {
        try await showTheMatrixAmongTheFavourites()
        fixture.goOffline()

        // Asked for twice: once for the title itself, once for its detail.
        calls.expect([.detail(.movie, 603), .detail(.movie, 603)])
        try await viewModel.open("1")
        state.expect {
            $0 = detail($0, row: nil, Self.matrix, favourite: true, note: "offline: this detail was never fetched, so this is what the list says")
            $0.favourites = []
        }
        calls.expectAllMade()
    }

    // MARK: Refresh

    @Test func refreshAsksTMDBAgainForThePageOnShow() async throws {
        try await loadPopularPageTwo()
        var renamed = Fixture.popular2
        renamed[0].title = "Film 21 (restored)"
        fixture.answer(.moviePopular, page: 2, renamed, totalPages: 31, totalResults: 601)

        let mark = self.mark()
        calls.expect([.list(.moviePopular, page: 2, fresh: true)])
        try await viewModel.refresh()
        state.expect {
            $0.pageCount = 31
            $0.totalCount = 601
            $0.rows[0].item.title = "Film 21 (restored)"
        }
        expectLoadingThenAgreed(since: mark)
        calls.expectAllMade()
    }

    @Test func aRefreshThatFailsLeavesTheStateExactlyAsItWas() async throws {
        try await loadPopularPageTwo()
        try await given { _ = try viewModel.toggleFavourite("23") }
        fixture.fail(Fixture.list(.moviePopular, 2), .status(500))
        let mark = self.mark()

        calls.expect([.list(.moviePopular, page: 2, fresh: true)])
        await #expect(throws: HTTPError(.status(500), endpoint: "/movie/popular?page=2")) { try await viewModel.refresh() }
        state.expectUnchanged()
        expectLoadingThenBeforeThenAgreed(since: mark)
        calls.expectAllMade()
    }

    @Test func refreshNeverAnswersFromTheCache() async throws {
        fixture.answer(.moviePopular, page: 1, Fixture.popular1, totalPages: 30, totalResults: 600,
                       cachedAt: clock.now.addingTimeInterval(Self.twoHoursAgo))
        fixture.goOffline()
        calls.expect([Self.p1])
        try await viewModel.load()
        state.expect {
            $0 = popular1()
            $0.offline = "offline — cached 2 h ago"
        }

        let mark = self.mark()
        calls.expect([.list(.moviePopular, page: 1, fresh: true)])
        await #expect(throws: HTTPError(.networkUnavailable(.refused), endpoint: "/movie/popular?page=1")) { try await viewModel.refresh() }
        state.expectUnchanged()
        expectLoadingThenBeforeThenAgreed(since: mark)

        fixture.heal()
        fixture.answer(.moviePopular, page: 1, Fixture.popular1, totalPages: 30, totalResults: 600)
        calls.expect([.list(.moviePopular, page: 1, fresh: true)])
        try await viewModel.refresh()
        state.expect("fresh again: no offline note") { $0.offline = nil }
        calls.expectAllMade()
    }

    @Test func refreshOnADetailFetchesItAgainAndKeepsItWhenThatFails() async throws {
        fixture.answerDetail(Self.starWarsDetail)
        try await loadPopular()
        try await given([.detail(.movie, 11)]) { try await viewModel.open("1") }
        var newer = Self.starWarsDetail
        newer.voteCount = 101
        fixture.answerDetail(newer)

        var mark = self.mark()
        calls.expect([.detail(.movie, 11, fresh: true)])
        try await viewModel.refresh()
        state.expect { $0.detail?.item.voteCount = 101 }
        expectLoadingThenAgreed(since: mark)

        fixture.fail(Fixture.detail(.movie, 11), .networkUnavailable(.refused))
        mark = self.mark()
        calls.expect([.detail(.movie, 11, fresh: true)])
        await #expect(throws: HTTPError(.networkUnavailable(.refused), endpoint: "/movie/11")) { try await viewModel.refresh() }
        state.expectUnchanged()
        expectLoadingThenBeforeThenAgreed(since: mark)
        calls.expectAllMade()
    }

    @Test func refreshOfASearchThatFailsKeepsTheResultsAndTheCacheStaysOut() async throws {
        fixture.answerSearch(.movie, "star wars", page: 1, Self.starSearch1, totalPages: 2, totalResults: 25)
        try await loadPopular()
        try await given([.search(.movie, "star wars", page: 1)]) { try await viewModel.search(["star", "wars"]) }
        fixture.goOffline()
        let mark = self.mark()

        calls.expect([.search(.movie, "star wars", page: 1, fresh: true)])
        await #expect(throws: HTTPError(.networkUnavailable(.refused), endpoint: "/search/movie?query=star wars&page=1")) {
            try await viewModel.refresh()
        }
        state.expectUnchanged()
        expectLoadingThenBeforeThenAgreed(since: mark)
        calls.expectAllMade()
    }

    @Test func refreshOfAFilterReadsTheCacheAgain() async throws {
        try await loadPopularPageTwo()
        try await viewModel.filter(["star"])
        state.expect { $0 = filtered($0, ["star"], [Self.starWars, Self.starTrek], cached: 40) }

        let mark = self.mark()
        try await viewModel.refresh()
        state.expectUnchanged()
        expectOnlyAgreed(since: mark, "read again, with nothing asked of TMDB")
        calls.expectAllMade()
    }

    // MARK: Reset

    @Test func resetForgetsEverythingLoadedButTheCategoryOnShow() async throws {
        fixture.answerDetail(Self.matrixDetail)
        try await loadPopular()
        try await given([Self.top]) { try await viewModel.showCategory(kind: .movie, word: "top") }
        try await given([.detail(.movie, 603)]) { try await viewModel.open("3") }

        let mark = self.mark()
        viewModel.reset()
        state.expect {
            $0 = MovieDBState()
            $0.category = .movieTopRated
        }
        expectOnlyAgreed(since: mark)
        #expect(!viewModel.isLoaded)
        #expect(viewModel.rowNumbers == [])
        #expect(viewModel.pageCount == 0)

        calls.expect([Self.top])
        try await viewModel.load()
        state.expect { $0 = topRated() }
        calls.expect([.detail(.movie, 603)])
        try await viewModel.open("3")
        state.expect { $0 = detail($0, row: 3, Self.matrixDetail) }
        calls.expectAllMade()  // the page and the detail are asked for again
    }

    @Test func resetLeavesASearchOrAFilterForTheCategorysPages() async throws {
        try await loadPopular()
        try await given { try await viewModel.filter(["star"]) }
        viewModel.reset()
        state.expect { $0 = MovieDBState() }

        calls.expect([Self.p1])
        try await viewModel.load()
        state.expect { $0 = popular1() }
        calls.expectAllMade()
    }
}
