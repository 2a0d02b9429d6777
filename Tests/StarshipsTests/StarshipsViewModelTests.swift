import CustomDump
import ExplorerCore
import ExplorerHTTP
import ExplorerStore
import ExplorerText
import Foundation
import Reactive
@testable import Starships
import TestSupport
import Testing

/// The view model driven intent by intent, with the whole state asserted after each one: each
/// `state.expect { … }` says what the intent changed, and every field it does not name must be
/// as it was (swift-custom-dump prints the difference when not).
@MainActor
@Suite struct StarshipsViewModelTests {
    let fixture = StarshipsFixture()
    let store = FavouritesStore.inMemory()
    let viewModel: StarshipsViewModel
    let recorder: StateRecorder<StarshipsState>
    let state: StateExpectations<StarshipsState>

    init() {
        viewModel = StarshipsViewModel(service: fixture.service, favourites: store)
        recorder = StateRecorder(viewModel.state)
        state = StateExpectations(viewModel.state)
    }

    @Test func loadingShowsPageOneWithLoadingInBetween() async throws {
        try await viewModel.load()

        var loading = StarshipsState()
        loading.isLoading = true
        expectNoDifference(recorder.states, [StarshipsState(), loading, viewModel.state.value])
        try state.expect {
            $0.page = 1
            $0.pageCount = 4
            $0.totalCount = 36
            $0.loadedCount = 10
            $0.rows = try fixture.rows(page: 1)
        }
        #expect(fixture.requests == [1])

        try await viewModel.load()
        state.expectUnchanged("a second load changes nothing")
        #expect(fixture.requests == [1], "a second load reuses what is loaded")
    }

    @Test func rowNumbersContinueAcrossPagesAndLoadedPagesAreNotFetchedAgain() async throws {
        try await viewModel.load()
        state.takeCurrent()

        try await viewModel.showPage(.next)
        try state.expect {
            $0.page = 2
            $0.loadedCount = 20
            $0.rows = try fixture.rows(page: 2)
        }
        #expect(state.expected.rows.first?.item.name == "Slave 1")

        try await viewModel.showPage(.previous)
        try state.expect {
            $0.page = 1
            $0.rows = try fixture.rows(page: 1)
        }

        try await viewModel.showPage(.number(4))
        try state.expect {
            $0.page = 4
            $0.loadedCount = 26
            $0.rows = try fixture.rows(page: 4)
        }
        #expect(state.expected.rows.compactMap(\.number) == Array(31...36))
        #expect(fixture.requests == [1, 2, 4])
    }

    @Test func pagingPastEitherEndIsAnErrorThatChangesNothing() async throws {
        try await viewModel.load()
        state.takeCurrent()

        await #expect(throws: PageError.alreadyOnFirstPage) { try await viewModel.showPage(.previous) }
        await #expect(throws: PageError.noPage(5, count: 4)) { try await viewModel.showPage(.number(5)) }
        state.expectUnchanged("an error changes nothing")

        try await viewModel.showPage(.number(4))
        state.takeCurrent()
        await #expect(throws: PageError.alreadyOnLastPage(count: 4)) { try await viewModel.showPage(.next) }
        state.expectUnchanged("an error changes nothing")
    }

    @Test func openShowsAnyLoadedRowAndRejectsOthers() async throws {
        try await viewModel.load()
        try await viewModel.showPage(.next)
        state.takeCurrent()

        try await viewModel.open("3")
        try state.expect("the list behind the detail is unchanged") {
            $0.screen = .detail(number: 3)
            $0.detail = try fixture.row(3)
        }
        #expect(state.expected.detail?.item.name == "Sentinel-class landing craft")

        await #expect(throws: ListError.noRow(999, count: 36)) { try await viewModel.open("999") }
        await #expect(throws: ListError.notARowNumber("x")) { try await viewModel.open("x") }
        state.expectUnchanged("a bad open leaves the detail on show")

        #expect(viewModel.back())
        state.expect {
            $0.screen = .list
            $0.detail = nil
            $0.linkNames = [:]
        }
        #expect(!viewModel.back(), "back on the list is for the shell to handle")
        state.expectUnchanged()
    }

    /// `follow` from another feature: a ship is opened by its API id, and the place it left
    /// can be returned to.
    @Test func openingByIDShowsTheLoadedRowOrAsksForTheShipAndItsPlaceCanBeRestored() async throws {
        try await viewModel.load()
        state.takeCurrent()
        let list = viewModel.place()

        try await viewModel.open(id: "12", title: "X-wing")
        try state.expect("a loaded ship opens on its row, as `open 7` does") {
            $0.screen = .detail(number: 7)
            $0.detail = try fixture.row(7)
        }
        #expect(fixture.itemRequests == [], "a loaded ship is not asked for")
        let xwing = viewModel.place()
        #expect(xwing.isCurrent && !list.isCurrent)

        try await viewModel.open(id: "22", title: "Imperial shuttle")
        let shuttle = try #require(try fixture.rows(page: 2).first { $0.item.name == "Imperial shuttle" })
        state.expect("a ship on a page not loaded is asked for by id; its detail has no row number") {
            $0.screen = .detail(number: nil)
            $0.detail = ListRow(number: nil, item: shuttle.item, isFavourite: false)
        }
        #expect(fixture.itemRequests == ["22"])
        #expect(fixture.requests == [1], "no page is loaded for it")

        await #expect(throws: ListError.notInData(title: "starships/999", feature: "starships", answered404: true)) {
            try await viewModel.open(id: "999", title: "starships/999")
        }
        state.expectUnchanged("a ship the API does not have changes nothing")

        xwing.restore()
        try state.expect("restored to the X-wing's detail") {
            $0.screen = .detail(number: 7)
            $0.detail = try fixture.row(7)
        }
        list.restore()
        state.expect("and to the list") {
            $0.screen = .list
            $0.detail = nil
        }
        #expect(!viewModel.back(), "a detail reached by id goes back to the list, and the list is the top")
    }

    /// The spec's key behaviour: a favourite set on the detail shows on the list after `back`.
    @Test func favouriteSetOnTheDetailShowsOnTheListAfterBack() async throws {
        try await viewModel.load()
        try await viewModel.open("5")
        state.takeCurrent()

        let row = try viewModel.toggleFavourite(nil)
        #expect(row.number == 5)
        #expect(row.title == "Millennium Falcon")
        #expect(row.isFavourite)
        try state.expect("the star shows on the detail and on the list behind it") {
            $0.detail?.isFavourite = true
            $0.rows = try fixture.rows(page: 1, favourites: [5])
        }

        #expect(viewModel.back())
        state.expect {
            $0.screen = .list
            $0.detail = nil
            $0.linkNames = [:]
        }
        #expect(try store.ids(in: "starships") == ["10"])
        #expect(try store.list().map(\.title) == ["Millennium Falcon"])

        let again = try viewModel.toggleFavourite("5")
        #expect(!again.isFavourite)
        try state.expect { $0.rows = try fixture.rows(page: 1) }
    }

    @Test func favouriteWithoutANumberOnTheListIsAUsageError() async throws {
        try await viewModel.load()
        state.takeCurrent()
        #expect(throws: ListError.nothingToFavourite) { try viewModel.toggleFavourite(nil) }
        #expect(throws: ListError.rowNotLoaded(11, loaded: "1–10", morePages: true)) { try viewModel.toggleFavourite("11") }
        state.expectUnchanged("a refused fav changes nothing")
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
        state.takeCurrent()
        let loaded = try fixture.rows(page: 1) + fixture.rows(page: 2)

        viewModel.sort(by: StarshipSort(.length, descending: true))
        let byLength = viewModel.state.value.rows
        #expect(byLength.sorted { $0.number! < $1.number! } == loaded, "every loaded row, each with its own number")
        #expect(Array(byLength.prefix(3).map(\.item.name)) == ["Death Star", "Executor", "Droid control ship"])
        state.expect {
            $0.sort = StarshipSort(.length, descending: true)
            $0.rows = byLength
        }

        viewModel.sort(by: StarshipSort(.cost))
        let byCost = viewModel.state.value.rows
        #expect(byCost.sorted { $0.number! < $1.number! } == loaded)
        let costs = byCost.map(\.item.costInCredits)
        let known = costs.prefix { $0 != "unknown" }
        #expect(costs.suffix(costs.count - known.count).allSatisfy { $0 == "unknown" }, "unknown sorts last")
        let numbers = known.compactMap { ReadableNumber.value($0) }
        #expect(numbers == numbers.sorted())
        state.expect {
            $0.sort = StarshipSort(.cost)
            $0.rows = byCost
        }

        viewModel.sort(by: StarshipSort(.crew))
        #expect(viewModel.state.value.rows.first.map { ReadableNumber.value($0.item.crew) } == 1)
        state.takeCurrent()

        viewModel.sort(by: nil)
        try state.expect("sort off returns to the page") {
            $0.sort = nil
            $0.rows = try fixture.rows(page: 2)
        }
    }

    @Test func nameSortIsCaseInsensitiveAndDescendingWorks() async throws {
        try await viewModel.load()
        state.takeCurrent()
        let names = [
            "CR90 corvette", "Death Star", "Executor", "Millennium Falcon", "Rebel transport",
            "Sentinel-class landing craft", "Star Destroyer", "TIE Advanced x1", "X-wing", "Y-wing",
        ]
        let byName = try names.map { name in try #require(fixture.rows(page: 1).first { $0.item.name == name }) }

        viewModel.sort(by: StarshipSort(.name))
        state.expect {
            $0.sort = StarshipSort(.name)
            $0.rows = byName
        }
        viewModel.sort(by: StarshipSort(.name, descending: true))
        state.expect {
            $0.sort = StarshipSort(.name, descending: true)
            $0.rows = byName.reversed()
        }
    }

    @Test func aFailedPageLeavesTheLastGoodState() async throws {
        try await viewModel.load()
        state.takeCurrent()
        fixture.fail(page: 2, status: 500)

        await #expect(throws: HTTPError(.status(500), endpoint: "/starships/?page=2")) {
            try await viewModel.showPage(.next)
        }
        state.expectUnchanged()
        var loading = state.expected
        loading.isLoading = true
        expectNoDifference(recorder.states.suffix(2), [loading, state.expected], "loading was shown, then the old state again")

        fixture.heal()
        try await viewModel.showPage(.next)
        try state.expect {
            $0.page = 2
            $0.loadedCount = 20
            $0.rows = try fixture.rows(page: 2)
        }
    }

    @Test func aFailedFirstLoadLeavesNothingHalfLoaded() async throws {
        fixture.fail(page: 1, status: 503)
        await #expect(throws: HTTPError(.status(503), endpoint: "/starships/?page=1")) { try await viewModel.load() }
        state.expectUnchanged("still the state before anything was loaded")
        #expect(!viewModel.isLoaded)
    }

    @Test func refreshFetchesEveryLoadedPageAndKeepsTheLastGoodListOnFailure() async throws {
        try await viewModel.load()
        try await viewModel.showPage(.number(3))
        try await viewModel.open("21")
        state.takeCurrent()

        fixture.fail(page: 3, status: 500)
        await #expect(throws: HTTPError(.status(500), endpoint: "/starships/?page=3")) { try await viewModel.refresh() }
        state.expectUnchanged("the last good list")

        fixture.heal()
        try await viewModel.refresh()
        state.expectUnchanged("same data again, same screen")
        #expect(fixture.requests.sorted() == [1, 1, 1, 3, 3, 3])
    }

    @Test func resetForgetsEverything() async throws {
        try await viewModel.load()
        try await viewModel.open("2")
        state.takeCurrent()

        viewModel.reset()
        state.expect { $0 = StarshipsState() }
        #expect(!viewModel.isLoaded)
    }

    @Test func anUnusableDatabaseStillListsButFavouritingFails() async throws {
        let directory = TemporaryDirectory("starships-corrupt")
        defer { directory.remove() }
        let garbage = Data("this is not a database, it is a starship manifest".utf8)
        try garbage.write(to: directory.file("explorer.sqlite"))
        let broken = StarshipsViewModel(service: fixture.service, favourites: FavouritesStore(database: AppDatabase(directory: directory.url)))
        let state = StateExpectations(broken.state)

        try await broken.load()
        let problem = try #require(broken.state.value.favouritesProblem)
        #expect(problem.contains("is damaged (file is not a database)"))
        try state.expect("listed, with why favourites cannot be shown") {
            $0.page = 1
            $0.pageCount = 4
            $0.totalCount = 36
            $0.loadedCount = 10
            $0.rows = try fixture.rows(page: 1)
            $0.favouritesProblem = problem
        }
        #expect(throws: StoreError.self) { try broken.toggleFavourite("1") }
        state.expectUnchanged("a failed fav changes nothing")
        #expect(try Data(contentsOf: directory.file("explorer.sqlite")) == garbage)
    }
}
