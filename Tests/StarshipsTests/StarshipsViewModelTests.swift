import CustomDump
import ExplorerCore
import ExplorerHTTP
import ExplorerStore
import ExplorerText
import Foundation
import Reactive
import SWAPI
@testable import Starships
import TestSupport
import Testing

/// The view model driven intent by intent, with the whole state asserted after each one: each
/// `state.expect { … }` says what the intent changed, and every field it does not name must be
/// as it was (swift-custom-dump prints the difference when not). The service answers only the
/// calls each test expects, from the embedded data (pilots and films named as it names them).
@MainActor
@Suite struct StarshipsViewModelTests {
    let calls = ExpectedCalls<SWAPICall>()
    let fixture = StarshipsFixture()
    let store = FavouritesStore.inMemory()
    let viewModel: StarshipsViewModel
    let recorder: StateRecorder<StarshipsState>
    let state: StateExpectations<StarshipsState>

    init() {
        viewModel = StarshipsViewModel(service: calls.swapiService(Starship.self, resource: "starships"), favourites: store)
        recorder = StateRecorder(viewModel.state)
        state = StateExpectations(viewModel.state)
    }

    /// People by their SWAPI URL (`…/people/13/`), named.
    func people(_ names: KeyValuePairs<Int, String>) -> [String: String] {
        Dictionary(uniqueKeysWithValues: names.map { ("https://swapi.dev/api/people/\($0.key)/", $0.value) })
    }

    /// Films by their SWAPI URL (`…/films/1/`), named by their titles.
    func films(_ titles: KeyValuePairs<Int, String>) -> [String: String] {
        Dictionary(uniqueKeysWithValues: titles.map { ("https://swapi.dev/api/films/\($0.key)/", $0.value) })
    }

    /// The films of the original trilogy, in which most ships on page 1 fly.
    var originalTrilogy: [String: String] {
        films([1: "A New Hope", 2: "The Empire Strikes Back", 3: "Return of the Jedi"])
    }

    /// The calls asking for those people's (or films') names.
    func nameCalls(_ names: [String: String]) -> [SWAPICall] {
        names.keys.sorted().map { .name($0) }
    }

    @Test func loadingShowsPageOneWithLoadingInBetween() async throws {
        calls.expect([.page(1)])
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

        try await viewModel.load()
        state.expectUnchanged("a second load changes nothing")
        calls.expectAllMade()  // a second load reuses what is loaded: page 1 once
    }

    @Test func rowNumbersContinueAcrossPagesAndLoadedPagesAreNotFetchedAgain() async throws {
        calls.expect([.page(1)])
        try await viewModel.load()
        state.takeCurrent()

        calls.expect([.page(2)])
        try await viewModel.showPage(.next)
        try state.expect {
            $0.page = 2
            $0.loadedCount = 20
            $0.rows = try fixture.rows(page: 2)
        }
        #expect(state.expected.rows.first?.item.name == "Slave 1")

        try await viewModel.showPage(.previous)
        try state.expect("page 1 is not fetched again") {
            $0.page = 1
            $0.rows = try fixture.rows(page: 1)
        }

        calls.expect([.page(4)])
        try await viewModel.showPage(.number(4))
        try state.expect {
            $0.page = 4
            $0.loadedCount = 26
            $0.rows = try fixture.rows(page: 4)
        }
        #expect(state.expected.rows.compactMap(\.number) == Array(31...36))
        calls.expectAllMade()
    }

    @Test func pagingPastEitherEndIsAnErrorThatChangesNothing() async throws {
        calls.expect([.page(1)])
        try await viewModel.load()
        state.takeCurrent()

        await #expect(throws: PageError.alreadyOnFirstPage) { try await viewModel.showPage(.previous) }
        await #expect(throws: PageError.noPage(5, count: 4)) { try await viewModel.showPage(.number(5)) }
        state.expectUnchanged("an error changes nothing")

        calls.expect([.page(4)])
        try await viewModel.showPage(.number(4))
        state.takeCurrent()
        await #expect(throws: PageError.alreadyOnLastPage(count: 4)) { try await viewModel.showPage(.next) }
        state.expectUnchanged("an error changes nothing")
        calls.expectAllMade()
    }

    @Test func openShowsAnyLoadedRowAndRejectsOthers() async throws {
        calls.expect([.page(1), .page(2)])
        try await viewModel.load()
        try await viewModel.showPage(.next)
        state.takeCurrent()

        let sentinelFilms = films([1: "A New Hope"])
        calls.expect(nameCalls(sentinelFilms))
        try await viewModel.open("3")
        try state.expect("the list behind the detail is unchanged; a ship without pilots asks only its film's name") {
            $0.screen = .detail(number: 3)
            $0.detail = try fixture.row(3)
            $0.linkNames = sentinelFilms
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
        calls.expectAllMade()
    }

    @Test func aDetailNamesItsPilotsOnceEach() async throws {
        calls.expect([.page(1)])
        try await viewModel.load()
        state.takeCurrent()

        let pilots = people([13: "Chewbacca", 14: "Han Solo", 25: "Lando Calrissian", 31: "Nien Nunb"])
        let names = pilots.merging(originalTrilogy) { _, film in film }
        calls.expect(nameCalls(names))
        try await viewModel.open("5")
        try state.expect("its pilots and its films, each named") {
            $0.screen = .detail(number: 5)
            $0.detail = try fixture.row(5)
            $0.linkNames = names
        }
        #expect(viewModel.links?.map(\.titleWithReference).first == "Chewbacca (people/13)")
        #expect(viewModel.links?.map(\.titleWithReference).last == "Return of the Jedi (films/3)")

        #expect(viewModel.back())
        state.expect {
            $0.screen = .list
            $0.detail = nil
            $0.linkNames = [:]
        }
        try await viewModel.open("5")
        try state.expect("names are asked for once: opening it again asks for nothing") {
            $0.screen = .detail(number: 5)
            $0.detail = try fixture.row(5)
            $0.linkNames = names
        }
        calls.expectAllMade()
    }

    /// `follow` from another feature: a ship is opened by its API id, and the place it left
    /// can be returned to.
    @Test func openingByIDShowsTheLoadedRowOrAsksForTheShipAndItsPlaceCanBeRestored() async throws {
        calls.expect([.page(1)])
        try await viewModel.load()
        state.takeCurrent()
        let list = viewModel.place()

        let xwingNames = people([1: "Luke Skywalker", 9: "Biggs Darklighter", 18: "Wedge Antilles", 19: "Jek Tono Porkins"])
            .merging(originalTrilogy) { _, film in film }
        calls.expect(nameCalls(xwingNames))
        try await viewModel.open(id: "12", title: "X-wing")
        try state.expect("a loaded ship opens on its row, as `open 7` does, and is not asked for") {
            $0.screen = .detail(number: 7)
            $0.detail = try fixture.row(7)
            $0.linkNames = xwingNames
        }
        let xwing = viewModel.place()
        #expect(xwing.isCurrent && !list.isCurrent)

        let shuttleNames = people([1: "Luke Skywalker", 13: "Chewbacca", 14: "Han Solo"])
            .merging(films([2: "The Empire Strikes Back", 3: "Return of the Jedi"])) { _, film in film }
        calls.expect([.item("22")] + nameCalls(shuttleNames.filter { xwingNames[$0.key] == nil }))
        try await viewModel.open(id: "22", title: "Imperial shuttle")
        let shuttle = try fixture.row(12)
        #expect(shuttle.item.name == "Imperial shuttle")
        state.expect("a ship on a page not loaded is asked for by id (no page is loaded for it); its detail has no row number; a name known is not asked again") {
            $0.screen = .detail(number: nil)
            $0.detail = ListRow(number: nil, item: shuttle.item, isFavourite: false)
            $0.linkNames.merge(shuttleNames) { known, _ in known }
        }

        calls.expect([.item("999")])
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
            $0.linkNames = [:]
        }
        #expect(!viewModel.back(), "a detail reached by id goes back to the list, and the list is the top")
        calls.expectAllMade()
    }

    /// The spec's key behaviour: a favourite set on the detail shows on the list after `back`.
    @Test func favouriteSetOnTheDetailShowsOnTheListAfterBack() async throws {
        let falconNames = people([13: "Chewbacca", 14: "Han Solo", 25: "Lando Calrissian", 31: "Nien Nunb"])
            .merging(originalTrilogy) { _, film in film }
        calls.expect([.page(1)] + nameCalls(falconNames))
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
        calls.expectAllMade()
    }

    @Test func favouriteWithoutANumberOnTheListIsAUsageError() async throws {
        calls.expect([.page(1)])
        try await viewModel.load()
        state.takeCurrent()
        #expect(throws: ListError.nothingToFavourite) { try viewModel.toggleFavourite(nil) }
        #expect(throws: ListError.rowNotLoaded(11, loaded: "1–10", morePages: true)) { try viewModel.toggleFavourite("11") }
        state.expectUnchanged("a refused fav changes nothing")
        calls.expectAllMade()
    }

    @Test func favouritesPersistForANewViewModelOnTheSameStore() async throws {
        calls.expect([.page(1)])
        try await viewModel.load()
        _ = try viewModel.toggleFavourite("2")

        let second = StarshipsViewModel(service: calls.swapiService(Starship.self, resource: "starships"), favourites: store)
        let secondState = StateExpectations(second.state)
        calls.expect([.page(1)])
        try await second.load()
        try secondState.expect("Star Destroyer is starred") {
            $0.page = 1
            $0.pageCount = 4
            $0.totalCount = 36
            $0.loadedCount = 10
            $0.rows = try fixture.rows(page: 1, favourites: [2])
        }
        calls.expectAllMade()
    }

    @Test func sortingOrdersAllLoadedRowsNumericallyWithUnknownLast() async throws {
        calls.expect([.page(1), .page(2)])
        try await viewModel.load()
        try await viewModel.showPage(.next)
        state.takeCurrent()

        viewModel.sort(by: StarshipSort(.length, descending: true))
        try state.expect("every loaded row, each with its own number; Death Star, Executor, Droid control ship first") {
            $0.sort = StarshipSort(.length, descending: true)
            $0.rows = try fixture.rows([4, 9, 18, 2, 14, 13, 1, 17, 10, 20, 3, 5, 11, 12, 16, 6, 7, 19, 15, 8])
        }

        viewModel.sort(by: StarshipSort(.cost))
        try state.expect("cheapest first, a tie (240,000) in row order, the six unknown last in row order") {
            $0.sort = StarshipSort(.cost)
            $0.rows = try fixture.rows([5, 6, 7, 15, 19, 16, 3, 12, 1, 13, 14, 2, 9, 4] + [8, 10, 11, 17, 18, 20])
        }

        viewModel.sort(by: StarshipSort(.crew))
        try state.expect("a crew of 1 first; a range (CR90's 30–165) by its first number") {
            $0.sort = StarshipSort(.crew)
            $0.rows = try fixture.rows([7, 8, 11, 15, 16, 19, 6, 5, 3, 10, 12, 20, 17, 1, 18, 13, 14, 2, 9, 4])
        }

        viewModel.sort(by: nil)
        try state.expect("sort off returns to the page") {
            $0.sort = nil
            $0.rows = try fixture.rows(page: 2)
        }
        calls.expectAllMade()
    }

    @Test func nameSortIsCaseInsensitiveAndDescendingWorks() async throws {
        calls.expect([.page(1)])
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
        calls.expectAllMade()
    }

    @Test func aFailedPageLeavesTheLastGoodState() async throws {
        calls.expect([.page(1)])
        try await viewModel.load()
        state.takeCurrent()

        let failure = HTTPError(.status(500), endpoint: "/starships/?page=2")
        calls.expect([.page(2)], failing: [.page(2): failure])
        await #expect(throws: failure) { try await viewModel.showPage(.next) }
        state.expectUnchanged()
        var loading = state.expected
        loading.isLoading = true
        expectNoDifference(recorder.states.suffix(2), [loading, state.expected], "loading was shown, then the old state again")

        calls.expect([.page(2)])
        try await viewModel.showPage(.next)
        try state.expect("asked again, it answers") {
            $0.page = 2
            $0.loadedCount = 20
            $0.rows = try fixture.rows(page: 2)
        }
        calls.expectAllMade()
    }

    @Test func aFailedFirstLoadLeavesNothingHalfLoaded() async throws {
        let failure = HTTPError(.status(503), endpoint: "/starships/?page=1")
        calls.expect([.page(1)], failing: [.page(1): failure])
        await #expect(throws: failure) { try await viewModel.load() }
        state.expectUnchanged("still the state before anything was loaded")
        #expect(!viewModel.isLoaded)
        calls.expectAllMade()
    }

    @Test func refreshFetchesEveryLoadedPageAndKeepsTheLastGoodListOnFailure() async throws {
        calls.expect([.page(1), .page(3)] + nameCalls(people([44: "Darth Maul"])) + nameCalls(films([4: "The Phantom Menace"])))
        try await viewModel.load()
        try await viewModel.showPage(.number(3))
        try await viewModel.open("21")
        state.takeCurrent()

        let failure = HTTPError(.status(500), endpoint: "/starships/?page=3")
        calls.expect([.page(1), .page(3)], failing: [.page(3): failure])
        await #expect(throws: failure) { try await viewModel.refresh() }
        state.expectUnchanged("the last good list")
        calls.expectAllMade()

        calls.expect([.page(1), .page(3)])
        try await viewModel.refresh()
        state.expectUnchanged("same data again, same screen")
        calls.expectAllMade()
    }

    @Test func resetForgetsEverything() async throws {
        calls.expect([.page(1)] + nameCalls(originalTrilogy))
        try await viewModel.load()
        try await viewModel.open("2")
        state.takeCurrent()

        viewModel.reset()
        state.expect { $0 = StarshipsState() }
        #expect(!viewModel.isLoaded)
        calls.expectAllMade()
    }

    @Test func anUnusableDatabaseStillListsButFavouritingFails() async throws {
        let directory = TemporaryDirectory("starships-corrupt")
        defer { directory.remove() }
        let garbage = Data("this is not a database, it is a starship manifest".utf8)
        try garbage.write(to: directory.file("explorer.sqlite"))
        let broken = StarshipsViewModel(service: calls.swapiService(Starship.self, resource: "starships"),
                                        favourites: FavouritesStore(database: AppDatabase(directory: directory.url)))
        let state = StateExpectations(broken.state)

        calls.expect([.page(1)])
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
        calls.expectAllMade()
    }

    // MARK: page all

    /// The service of `calls`, saying in `asked` which pages were asked for, in the order asked.
    func recordingService(_ asked: LockedValue<[Int]>) -> SWAPIService<Starship> {
        var service = calls.swapiService(Starship.self, resource: "starships")
        let page = service.page
        service.page = { number in
            asked.withLock { $0.append(number) }
            return try await page(number)
        }
        return service
    }

    @Test func pageAllFetchesThePagesNotLoadedInOrderAndListsEveryLoadedRow() async throws {
        let asked = LockedValue<[Int]>([])
        let progress = ProgressRecorder()
        let viewModel = StarshipsViewModel(service: recordingService(asked), favourites: store, progress: progress.report)
        let state = StateExpectations(viewModel.state)
        calls.expect([.page(1), .page(3)])
        try await viewModel.load()
        try await viewModel.showPage(.number(3))
        state.takeCurrent()

        calls.expect([.page(2), .page(4)])
        try await viewModel.showPage(.all(limit: nil))
        try state.expect("every row, numbered as it is; the page `page next` moves from stays 3") {
            $0.all = AllPages(pages: 4)
            $0.loadedCount = 36
            $0.rows = try fixture.rows(Array(1...36))
        }
        calls.expectAllMade()
        #expect(asked.value == [1, 3, 2, 4], "one after another, in order, the loaded pages not asked again")
        #expect(progress.messages == ["loading starships 2/4", "loading starships 4/4"])

        let sith = films([6: "Revenge of the Sith"])
        calls.expect(nameCalls(sith))
        try await viewModel.open("36")
        try state.expect("any loaded row opens, its film named") {
            $0.screen = .detail(number: 36)
            $0.detail = try fixture.row(36)
            $0.linkNames = sith
        }
        #expect(viewModel.back())
        state.expect {
            $0.screen = .list
            $0.detail = nil
            $0.linkNames = [:]
        }

        viewModel.sort(by: StarshipSort(.name))
        try state.expect("a sort orders every loaded row, as before") {
            $0.sort = StarshipSort(.name)
            $0.rows = StarshipSort(.name).sorted(try fixture.rows(Array(1...36)))
        }
        #expect(state.expected.rows.prefix(3).map(\.item.name) == ["A-wing", "AA-9 Coruscant freighter", "arc-170"])
        viewModel.sort(by: nil)
        try state.expect("sort off lists them all again, in page order") {
            $0.sort = nil
            $0.rows = try fixture.rows(Array(1...36))
        }

        try await viewModel.showPage(.next)
        try state.expect("`page next` leaves `all`, from the page it stayed on; nothing is asked again") {
            $0.all = nil
            $0.page = 4
            $0.rows = try fixture.rows(page: 4)
        }
        calls.expectAllMade()
    }

    @Test func pageAllWithEveryPageLoadedAsksForNothing() async throws {
        calls.expect([.page(1), .page(2), .page(3), .page(4)])
        try await viewModel.load()
        for page in 2...4 { try await viewModel.showPage(.number(page)) }
        state.takeCurrent()

        try await viewModel.showPage(.all(limit: 2))
        try state.expect("a bound below the last page stops nothing when every page is loaded") {
            $0.all = AllPages(pages: 4)
            $0.rows = try fixture.rows(Array(1...36))
        }
        calls.expectAllMade()
    }

    @Test func pageAllStopsAtItsBoundAndSaysSo() async throws {
        calls.expect([.page(1)])
        try await viewModel.load()
        state.takeCurrent()

        calls.expect([.page(2)])
        try await viewModel.showPage(.all(limit: 2))
        try state.expect("pages 1 and 2, the bound kept") {
            $0.all = AllPages(pages: 2, stoppedAfter: 2)
            $0.loadedCount = 20
            $0.rows = try fixture.rows(Array(1...20))
        }
        calls.expectAllMade()

        calls.expect([.page(3), .page(4)])
        try await viewModel.showPage(.all(limit: 500))
        try state.expect("a higher bound loads the rest") {
            $0.all = AllPages(pages: 4)
            $0.loadedCount = 36
            $0.rows = try fixture.rows(Array(1...36))
        }
        calls.expectAllMade()
    }

    @Test func reloadAfterPageAllListsTheNewFirstPage() async throws {
        calls.expect([.page(1), .page(2), .page(3), .page(4)])
        try await viewModel.load()
        try await viewModel.showPage(.all(limit: nil))
        state.takeCurrent()

        calls.expect([.page(1)])
        try await viewModel.reload()
        try state.expect("the list asked for again (a described API's search) is its first page, not every page as one") {
            $0.all = nil
            $0.loadedCount = 10
            $0.rows = try fixture.rows(page: 1)
        }
        calls.expectAllMade()
    }

    /// An API reporting a million pages: `page all` asks for 100 of them, then stops.
    @Test func pageAllAsksForAHundredPagesByDefault() async throws {
        let asked = LockedValue<[Int]>([])
        let first = try JSONDecoder().decode(SWAPIPage<Starship>.self, from: Data(EmbeddedStarshipPages.pages[0].utf8))
        let service = SWAPIService<Starship>(
            page: { number in
                asked.withLock { $0.append(number) }
                return SWAPIPage(count: 10_000_000, results: first.results)
            },
            item: { id in throw HTTPError(.status(404), endpoint: "/starships/\(id)/") },
            name: { _ in nil })
        let viewModel = StarshipsViewModel(service: service, favourites: store)
        let state = StateExpectations(viewModel.state)

        try await viewModel.showPage(.all(limit: nil))
        state.expect("the first 100 pages, page 1 first as nothing was loaded") {
            $0.page = 1
            $0.pageCount = 1_000_000
            $0.totalCount = 10_000_000
            $0.loadedCount = 1_000
            $0.all = AllPages(pages: 100, stoppedAfter: 100)
            $0.rows = (0..<1_000).map { ListRow(number: $0 + 1, item: first.results[$0 % 10], isFavourite: false) }
        }
        #expect(asked.value == Array(1...100))
    }

    @Test func aFailureOnPageThreeChangesNothing() async throws {
        calls.expect([.page(1)])
        try await viewModel.load()
        state.takeCurrent()

        let failure = HTTPError(.status(500), endpoint: "/starships/?page=3")
        calls.expect([.page(2), .page(3)], failing: [.page(3): failure])
        let error = await #expect(throws: PageLoadError.self) { try await viewModel.showPage(.all(limit: nil)) }
        #expect(error?.description == "page 3 of 4 failed: \(failure)")
        state.expectUnchanged("page 1 on show, only page 1 loaded")
        var loading = state.expected
        loading.isLoading = true
        expectNoDifference(recorder.states.suffix(2), [loading, state.expected], "loading was shown, then the old state again")
        calls.expectAllMade()

        calls.expect([.page(2)])
        try await viewModel.showPage(.next)
        try state.expect("page 2 was not kept: it is asked for again") {
            $0.page = 2
            $0.loadedCount = 20
            $0.rows = try fixture.rows(page: 2)
        }
        calls.expectAllMade()
    }

    @Test func pageAllInterruptedChangesNothing() async throws {
        let asking = Gate()
        var service = calls.swapiService(Starship.self, resource: "starships")
        let page = service.page
        service.page = { number in
            guard number == 3 else { return try await page(number) }
            asking.open()
            await Gate.untilCancelled()
            throw CancellationError()
        }
        let viewModel = StarshipsViewModel(service: service, favourites: store)
        let state = StateExpectations(viewModel.state)
        calls.expect([.page(1)])
        try await viewModel.load()
        state.takeCurrent()

        calls.expect([.page(2)])
        let command = Task { try await viewModel.showPage(.all(limit: nil)) }
        await asking.wait()
        command.cancel()
        await #expect(throws: CancellationError.self) { try await command.value }
        state.expectUnchanged("Ctrl-C on page 3 keeps page 1 alone, as it was")
        calls.expectAllMade()
    }

    @Test func aCallNobodyExpectedFailsTheTest() async {
        var error: (any Error)?
        await withKnownIssue("the service answers only what the test expects") {
            error = await #expect(throws: UnexpectedCall.self) { try await viewModel.load() }
        }
        #expect(error is UnexpectedCall, "page 1 was not expected")
        state.expectUnchanged()
    }
}
