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
/// embedded data's lists keep their own numbers in `filter`.
@MainActor
@Suite("MovieDB refresh and the embedded index")
struct MovieDBRefreshTests {
    let fixture = MovieDBFixture.standard()
    let store = FavouritesStore.inMemory()
    let viewModel: MovieDBViewModel

    init() {
        viewModel = MovieDBViewModel(service: fixture.service, favourites: store, index: .inMemory(prefix: "moviedb"),
                                     selection: SourceSelection(.live), clock: VirtualClock())
    }

    @Test func refreshOnSearchPageTwoAsksForPageTwoAgainAndStaysThere() async throws {
        let first = (1...20).map { MovieDBFixture.movie(2000 + $0, "Star \($0)") }
        let second = (21...25).map { MovieDBFixture.movie(2000 + $0, "Star \($0)") }
        fixture.answerSearch(.movie, "star", page: 1, first, totalPages: 2, totalResults: 25)
        fixture.answerSearch(.movie, "star", page: 2, second, totalPages: 2, totalResults: 25)
        try await viewModel.load()
        try await viewModel.search(["star"])
        try await viewModel.showPage(.next)

        try await viewModel.refresh()
        #expect(viewModel.state.value.page == 2)
        #expect(viewModel.state.value.rows.compactMap(\.number) == Array(21...25))
        #expect(fixture.requests.last == "/search/movie?query=star&page=2 fresh")
        try await viewModel.showPage(.previous)
        #expect(viewModel.state.value.rows.compactMap(\.number) == Array(1...20), "page 1 is kept")
    }

    @Test func refreshOnTheFavouritesStaysOnTheFavourites() async throws {
        try await viewModel.load()
        _ = try viewModel.toggleFavourite("1")
        try viewModel.showFavourites()
        let before = fixture.requests.count

        try await viewModel.refresh()
        #expect(viewModel.state.value.screen == .favourites)
        #expect(viewModel.state.value.favourites.count == 1)
        #expect(fixture.requests.count == before, "the favourites are read again, nothing is asked of TMDB")
    }

    @Test func theEmbeddedFilterShowsTheListsNumbersNotTheDetails() async throws {
        let embedded = MovieDBViewModel(service: .http(EmbeddedHTTPClient(responder: MovieDBEmbeddedData.responder)),
                                        favourites: store, index: .inMemory(prefix: "moviedb"),
                                        selection: SourceSelection(.embedded), clock: VirtualClock())
        try await embedded.load()
        let listed = try #require(embedded.state.value.rows.first { $0.item.title == "Extraction 2" })
        try await embedded.filter(["extraction"])
        let filtered = try #require(embedded.state.value.rows.first)
        #expect(filtered.item.voteCount == listed.item.voteCount)
        #expect(filtered.item.voteAverage == listed.item.voteAverage)
        try await embedded.search(["astra"])
        #expect(embedded.state.value.rows.map(\.item.title) == ["Ad Astra"], "a title only a detail has is still found")
    }

    @Test func refreshingAnEmbeddedDetailWithNothingFullerSaysSo() async throws {
        let embedded = MovieDBViewModel(service: .http(EmbeddedHTTPClient(responder: MovieDBEmbeddedData.responder)),
                                        favourites: store, index: .inMemory(prefix: "moviedb"),
                                        selection: SourceSelection(.embedded), clock: VirtualClock())
        try await embedded.load()
        try await embedded.open("1")
        let before = embedded.state.value
        await #expect(throws: MovieDBError.nothingFuller(title: "Fast X")) {
            try await embedded.refresh()
        }
        expectNoDifference(embedded.state.value, before)
    }
}
