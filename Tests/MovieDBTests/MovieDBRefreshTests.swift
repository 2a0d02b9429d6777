import CustomDump
import ExplorerClock
import ExplorerCore
import ExplorerHTTP
import ExplorerStore
import Foundation
@testable import MovieDB
import TestSupport
import Testing

/// `refresh` keeps the user where they are: the search page on show, the favourites; and the
/// embedded data's lists keep their own numbers in `filter`. The whole state is asserted after
/// each intent, over a service that answers only the calls each test expects.
@MainActor
@Suite("MovieDB refresh and the embedded index")
struct MovieDBRefreshTests {
    let clock = VirtualClock()
    let calls = ExpectedCalls<MovieDBCall>()
    let fixture: MovieDBFixture
    let store: FavouritesStore
    let viewModel: MovieDBViewModel
    let state: StateExpectations<MovieDBState>

    init() {
        fixture = MovieDBFixture.standard(calls: calls)
        store = FavouritesStore.inMemory(clock: clock)
        viewModel = MovieDBViewModel(service: fixture.service, favourites: store, index: .inMemory(prefix: "moviedb"),
                                     selection: SourceSelection(.live), clock: clock)
        state = StateExpectations(viewModel.state)
    }

    /// A view model over the embedded data, as the feature wires it (no service calls).
    func embeddedViewModel() -> MovieDBViewModel {
        MovieDBViewModel(service: .http(EmbeddedHTTPClient(responder: MovieDBEmbeddedData.responder)),
                         favourites: store, index: .inMemory(prefix: "moviedb"),
                         selection: SourceSelection(.embedded), clock: clock)
    }

    func rows(_ items: [MovieDBItem], from first: Int = 1) -> [MovieDBState.Row] {
        items.enumerated().map { ListRow(number: first + $0, item: $1, isFavourite: false) }
    }

    /// Set-up: page 1 of popular movies loaded (as MovieDBViewModelTests specify).
    func loadPopular() async throws {
        calls.expect([.list(.moviePopular, page: 1)])
        try await viewModel.load()
        state.takeCurrent()
    }

    @Test func refreshOnSearchPageTwoAsksForPageTwoAgainAndStaysThere() async throws {
        let first = (1...20).map { MovieDBFixture.movie(2000 + $0, "Star \($0)") }
        let second = (21...25).map { MovieDBFixture.movie(2000 + $0, "Star \($0)") }
        fixture.answerSearch(.movie, "star", page: 1, first, totalPages: 2, totalResults: 25)
        fixture.answerSearch(.movie, "star", page: 2, second, totalPages: 2, totalResults: 25)
        try await loadPopular()
        calls.expect([.search(.movie, "star", page: 1)])
        try await viewModel.search(["star"])
        state.expect {
            $0.mode = .search(term: "star", kind: .movie, origin: .tmdb)
            $0.pageCount = 2
            $0.totalCount = 25
            $0.rows = rows(first)
        }
        calls.expect([.search(.movie, "star", page: 2)])
        try await viewModel.showPage(.next)
        state.expect {
            $0.page = 2
            $0.rows = rows(second, from: 21)
        }

        var restored = second
        restored[0].title = "Star 21 (restored)"
        fixture.answerSearch(.movie, "star", page: 2, restored, totalPages: 2, totalResults: 25)
        calls.expect([.search(.movie, "star", page: 2, fresh: true)])
        try await viewModel.refresh()
        state.expect("page 2 asked for again, and still on show") { $0.rows = rows(restored, from: 21) }

        try await viewModel.showPage(.previous)
        state.expect("page 1 is kept: not asked for again") {
            $0.page = 1
            $0.rows = rows(first)
        }
        calls.expectAllMade()
    }

    @Test func refreshOnTheFavouritesStaysOnTheFavourites() async throws {
        try await loadPopular()
        _ = try viewModel.toggleFavourite("1")
        state.expect { $0.rows[0].isFavourite = true }
        try viewModel.showFavourites()
        let starWars = MovieDBFixture.popular1[0]
        state.expect {
            $0.screen = .favourites
            $0.favourites = [FavouriteRow(number: 1, favourite: Favourite(feature: "moviedb", itemID: "movie/\(starWars.id)",
                                                                         title: starWars.title, createdAt: clock.now), isFavourite: true)]
        }

        try await viewModel.refresh()
        state.expectUnchanged("the favourites are read again, nothing is asked of TMDB")
        calls.expectAllMade()
    }

    @Test func theEmbeddedFilterShowsTheListsNumbersNotTheDetails() async throws {
        let embedded = embeddedViewModel()
        let state = StateExpectations(embedded.state)
        try await embedded.load()
        state.takeCurrent()
        let listed = try #require(state.expected.rows.first { $0.item.title == "Extraction 2" })

        try await embedded.filter(["extraction"])
        try state.expect {
            $0.mode = .filter(words: ["extraction"])
            $0.page = 1
            $0.pageCount = 1
            $0.heldPages = nil
            $0.totalCount = 1
            $0.cachedCount = try #require(MovieDBEmbeddedData.pages.first { $0.category == .moviePopular }?.page.results.count)
            $0.rows = [ListRow(number: 1, item: listed.item, isFavourite: false)]
        }

        try await embedded.search(["astra"])
        var astra = try #require(MovieDBEmbeddedData.details.first { $0.title == "Ad Astra" })
        astra.detail = nil  // the title as the index keeps it; the detail is fetched on open
        state.expect("a title only a detail has is still found") {
            $0.mode = .search(term: "astra", kind: .movie, origin: .embedded)
            $0.cachedCount = 0
            $0.rows = [ListRow(number: 1, item: astra, isFavourite: false)]
        }
    }

    @Test func refreshingAnEmbeddedDetailWithNothingFullerSaysSo() async throws {
        let embedded = embeddedViewModel()
        let state = StateExpectations(embedded.state)
        try await embedded.load()
        try await embedded.open("1")
        state.takeCurrent()

        await #expect(throws: MovieDBError.nothingFuller(title: "Fast X")) {
            try await embedded.refresh()
        }
        state.expectUnchanged()
    }
}
