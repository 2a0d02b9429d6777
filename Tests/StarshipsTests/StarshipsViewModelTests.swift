import ExplorerCore
import Foundation
import Reactive
import Testing
import TestSupport
@testable import Starships

/// The view model driven intent by intent, with the whole state asserted after each one.
@MainActor
@Suite struct StarshipsViewModelTests {
    let fixture = StarshipsFixture()
    let store = FavouritesStore.inMemory()
    let viewModel: StarshipsViewModel
    let recorder: StateRecorder<StarshipsState>

    init() {
        viewModel = StarshipsViewModel(service: fixture.service, favourites: store)
        recorder = StateRecorder(viewModel.state)
    }

    @Test func loadingShowsPageOneWithLoadingInBetween() async throws {
        try await viewModel.load()

        #expect(recorder.states.count == 3)  // initial, loading, loaded
        #expect(recorder.states[0] == StarshipsState())
        #expect(recorder.states[1].isLoading)
        let state = viewModel.state.value
        #expect(state.screen == .list)
        #expect(state.page == 1)
        #expect(state.pageCount == 4)
        #expect(state.totalCount == 36)
        #expect(state.loadedCount == 10)
        #expect(state.rows.compactMap(\.number) == Array(1...10))
        #expect(state.rows.first?.item.name == "CR90 corvette")
        #expect(state.rows.allSatisfy { !$0.isFavourite })
        #expect(state.detail == nil)
        #expect(state.sort == nil)
        #expect(!state.isLoading)
        #expect(state.favouritesProblem == nil)
        #expect(fixture.requests == [1])

        try await viewModel.load()
        #expect(fixture.requests == [1], "a second load reuses what is loaded")
    }

    @Test func rowNumbersContinueAcrossPagesAndLoadedPagesAreNotFetchedAgain() async throws {
        try await viewModel.load()
        try await viewModel.showPage(.next)
        #expect(viewModel.state.value.page == 2)
        #expect(viewModel.state.value.rows.compactMap(\.number) == Array(11...20))
        #expect(viewModel.state.value.rows.first?.item.name == "Slave 1")

        try await viewModel.showPage(.previous)
        #expect(viewModel.state.value.page == 1)
        #expect(viewModel.state.value.rows.compactMap(\.number) == Array(1...10))

        try await viewModel.showPage(.number(4))
        #expect(viewModel.state.value.rows.compactMap(\.number) == Array(31...36))
        #expect(viewModel.state.value.loadedCount == 26)
        #expect(fixture.requests == [1, 2, 4])
    }

    @Test func pagingPastEitherEndIsAnErrorThatChangesNothing() async throws {
        try await viewModel.load()
        let before = viewModel.state.value

        await #expect(throws: CommandError("already on the first page")) { try await viewModel.showPage(.previous) }
        await #expect(throws: CommandError("no page 5: there are 4 pages")) { try await viewModel.showPage(.number(5)) }
        #expect(viewModel.state.value == before)

        try await viewModel.showPage(.number(4))
        await #expect(throws: CommandError("already on the last page (4)")) { try await viewModel.showPage(.next) }
    }

    @Test func openShowsAnyLoadedRowAndRejectsOthers() async throws {
        try await viewModel.load()
        try await viewModel.showPage(.next)

        try await viewModel.open("3")
        var state = viewModel.state.value
        #expect(state.screen == .detail(number: 3))
        #expect(state.detail?.number == 3)
        #expect(state.detail?.item.name == "Sentinel-class landing craft")
        #expect(state.rows.compactMap(\.number) == Array(11...20), "the list behind the detail is unchanged")

        await #expect(throws: CommandError("no row 999: there are 36 rows")) { try await viewModel.open("999") }
        await #expect(throws: CommandError("expected a row number, not 'x'")) { try await viewModel.open("x") }
        state = viewModel.state.value
        #expect(state.screen == .detail(number: 3), "a bad open leaves the detail on show")

        #expect(viewModel.back())
        #expect(viewModel.state.value.screen == .list)
        #expect(viewModel.state.value.detail == nil)
        #expect(!viewModel.back(), "back on the list is for the shell to handle")
    }

    /// The spec's key behaviour: a favourite set on the detail shows on the list after `back`.
    @Test func favouriteSetOnTheDetailShowsOnTheListAfterBack() async throws {
        try await viewModel.load()
        try await viewModel.open("5")
        let row = try viewModel.toggleFavourite(nil)
        #expect(row.number == 5)
        #expect(row.title == "Millennium Falcon")
        #expect(row.isFavourite)
        #expect(viewModel.state.value.detail?.isFavourite == true)

        #expect(viewModel.back())
        let stars = viewModel.state.value.rows.map(\.isFavourite)
        #expect(stars == [false, false, false, false, true, false, false, false, false, false])
        #expect(try store.ids(in: "starships") == ["10"])
        #expect(try store.list().map(\.title) == ["Millennium Falcon"])

        let again = try viewModel.toggleFavourite("5")
        #expect(!again.isFavourite)
        #expect(viewModel.state.value.rows.allSatisfy { !$0.isFavourite })
    }

    @Test func favouriteWithoutANumberOnTheListIsAUsageError() async throws {
        try await viewModel.load()
        #expect(throws: CommandError("usage: fav N (or `fav` alone on a detail)")) { try viewModel.toggleFavourite(nil) }
        #expect(throws: CommandError("no row 11 (rows 1–10 are loaded; `page next` loads more)")) { try viewModel.toggleFavourite("11") }
    }

    @Test func favouritesPersistForANewViewModelOnTheSameStore() async throws {
        try await viewModel.load()
        _ = try viewModel.toggleFavourite("2")

        let second = StarshipsViewModel(service: fixture.service, favourites: store)
        try await second.load()
        #expect(second.state.value.rows.filter(\.isFavourite).map(\.item.name) == ["Star Destroyer"])
    }

    @Test func sortingOrdersAllLoadedRowsNumericallyWithUnknownLast() async throws {
        try await viewModel.load()
        try await viewModel.showPage(.next)

        viewModel.sort(by: StarshipSort(.length, descending: true))
        var state = viewModel.state.value
        #expect(state.sort == StarshipSort(.length, descending: true))
        #expect(state.rows.count == 20)
        #expect(Array(state.rows.prefix(3).map(\.item.name)) == ["Death Star", "Executor", "Droid control ship"])
        #expect(state.rows.compactMap(\.number).sorted() == Array(1...20), "numbers stay with their starships")

        viewModel.sort(by: StarshipSort(.cost))
        state = viewModel.state.value
        let costs = state.rows.map(\.item.costInCredits)
        let known = costs.prefix { $0 != "unknown" }
        #expect(costs.suffix(costs.count - known.count).allSatisfy { $0 == "unknown" }, "unknown sorts last")
        let numbers = known.compactMap { ReadableNumber.value($0) }
        #expect(numbers == numbers.sorted())

        viewModel.sort(by: StarshipSort(.crew))
        #expect(viewModel.state.value.rows.first.map { ReadableNumber.value($0.item.crew) } == 1)

        viewModel.sort(by: nil)
        #expect(viewModel.state.value.rows.compactMap(\.number) == Array(11...20), "sort off returns to the page")
    }

    @Test func nameSortIsCaseInsensitiveAndDescendingWorks() async throws {
        try await viewModel.load()
        viewModel.sort(by: StarshipSort(.name))
        #expect(viewModel.state.value.rows.map(\.item.name) == [
            "CR90 corvette", "Death Star", "Executor", "Millennium Falcon", "Rebel transport",
            "Sentinel-class landing craft", "Star Destroyer", "TIE Advanced x1", "X-wing", "Y-wing",
        ])
        viewModel.sort(by: StarshipSort(.name, descending: true))
        #expect(viewModel.state.value.rows.first?.item.name == "Y-wing")
    }

    @Test func aFailedPageLeavesTheLastGoodState() async throws {
        try await viewModel.load()
        let before = viewModel.state.value
        fixture.fail(page: 2, status: 500)

        await #expect(throws: HTTPError(.status(500), endpoint: "/starships/?page=2")) {
            try await viewModel.showPage(.next)
        }
        #expect(viewModel.state.value == before)
        #expect(recorder.states.suffix(2).first?.isLoading == true, "loading was shown, then the old state again")

        fixture.heal()
        try await viewModel.showPage(.next)
        #expect(viewModel.state.value.page == 2)
    }

    @Test func aFailedFirstLoadLeavesNothingHalfLoaded() async throws {
        fixture.fail(page: 1, status: 503)
        await #expect(throws: HTTPError(.status(503), endpoint: "/starships/?page=1")) { try await viewModel.load() }
        #expect(viewModel.state.value == StarshipsState())
        #expect(!viewModel.isLoaded)
    }

    @Test func refreshFetchesEveryLoadedPageAndKeepsTheLastGoodListOnFailure() async throws {
        try await viewModel.load()
        try await viewModel.showPage(.number(3))
        try await viewModel.open("21")
        let before = viewModel.state.value

        fixture.fail(page: 3, status: 500)
        await #expect(throws: HTTPError(.status(500), endpoint: "/starships/?page=3")) { try await viewModel.refresh() }
        #expect(viewModel.state.value == before)

        fixture.heal()
        try await viewModel.refresh()
        #expect(viewModel.state.value == before, "same data again, same screen")
        #expect(fixture.requests.sorted() == [1, 1, 1, 3, 3, 3])
    }

    @Test func resetForgetsEverything() async throws {
        try await viewModel.load()
        viewModel.reset()
        #expect(!viewModel.isLoaded)
        #expect(viewModel.state.value.page == 0)
        #expect(viewModel.state.value.rows.isEmpty)
    }

    @Test func anUnusableDatabaseStillListsButFavouritingFails() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("starships-corrupt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let garbage = Data("this is not a database, it is a starship manifest".utf8)
        try garbage.write(to: directory.appendingPathComponent("explorer.sqlite"))
        let broken = StarshipsViewModel(service: fixture.service, favourites: FavouritesStore(database: AppDatabase(directory: directory)))

        try await broken.load()
        #expect(broken.state.value.rows.count == 10)
        #expect(broken.state.value.favouritesProblem?.contains("is damaged (file is not a database)") == true)
        #expect(throws: StoreError.self) { try broken.toggleFavourite("1") }
        #expect(try Data(contentsOf: directory.appendingPathComponent("explorer.sqlite")) == garbage)
    }
}
