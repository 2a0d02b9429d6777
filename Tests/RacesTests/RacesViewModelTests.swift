import CustomDump
import ExplorerClock
import ExplorerCore
import ExplorerHTTP
import ExplorerStore
import Foundation
@testable import Races
import Reactive
import TestSupport
import Testing

/// The view model driven intent by intent, with every state it emits asserted whole (as a test
/// store would): Neds is a service of canned answers (``RacesServiceFake``), the interactor runs
/// on a virtual ``SchedulingClock`` moved only with `advance`, and favourites live in memory.
@MainActor
@Suite("Races view model")
struct RacesViewModelTests {
    let clock = SchedulingClock(virtualAt: RacesFixture.start)
    let neds: RacesServiceFake
    let store: FavouritesStore
    let interactor: RacesInteractor
    let viewModel: RacesViewModel
    let recorder: StateRecorder<RacesState>

    init() {
        self.init(settings: RacesInteractor.Settings())
    }

    init(settings: RacesInteractor.Settings, races: [Race] = Self.races) {
        neds = RacesServiceFake(clock: clock, races)
        store = FavouritesStore.inMemory(clock: clock)
        interactor = RacesInteractor(service: neds.service, clock: clock, selection: SourceSelection(.live), settings: settings)
        viewModel = RacesViewModel(interactor: interactor, favourites: store)
        recorder = StateRecorder(viewModel.state)
    }

    // MARK: Races

    static func race(_ id: String, _ meeting: String, _ number: Int, _ category: RaceCategory?, at seconds: TimeInterval) -> Race {
        RacesFixture.race(id, meeting, number, category, at: seconds)
    }

    static let addington = race("r1", "Addington", 10, .harness, at: 300)
    static let launceston = race("r2", "Launceston", 4, .horse, at: 300)
    static let newcastle = race("r3", "Newcastle", 3, .harness, at: 480)
    static let kawasaki = race("r4", "Kawasaki", 12, .horse, at: 600)
    static let hobart = race("r5", "Hobart", 4, .harness, at: 660)
    static let geelong = race("r6", "Geelong", 1, .greyhound, at: 720)
    static let pakenham = race("r7", "Pakenham", 4, .horse, at: 900)
    static let wagga = race("r8", "Wagga", 2, .greyhound, at: 960)
    static let albion = race("r9", "Albion Park", 1, .harness, at: 1080)
    static let sandown = race("r10", "Sandown", 7, nil, at: 1200)

    /// Ten races as Neds answers them: in no order, one of no known category.
    static let races = [wagga, hobart, sandown, addington, geelong, kawasaki, launceston, albion, newcastle, pakenham]
    /// ``races`` soonest first (Addington before Launceston: same start, by meeting).
    static let sorted = [addington, launceston, newcastle, kawasaki, hobart, geelong, pakenham, wagga, albion, sandown]

    // MARK: Expected states

    typealias Row = RacesState.Row

    /// The list showing `rows` (numbered from 1), of `known` races, `matching` of them let through.
    func listing(_ rows: [Race], known: Int = 10, matching: Int? = nil, filter: Set<RaceCategory> = [],
                 favourites: Set<String> = [], updated: TimeInterval? = 0, failure: HTTPError? = nil) -> RacesState {
        var state = RacesState()
        state.rows = rows.enumerated().map { Row(number: $0.offset + 1, item: $0.element, isFavourite: favourites.contains($0.element.id)) }
        state.knownCount = known
        state.matchingCount = matching ?? known
        state.filter = filter
        state.updatedAt = updated.map(RacesFixture.at)
        state.failure = failure
        return state
    }

    /// The first five of ``sorted``, loaded at the start.
    var firstFive: RacesState { listing(Array(Self.sorted.prefix(5))) }

    func loading(_ state: RacesState) -> RacesState {
        var state = state
        state.isLoading = true
        return state
    }

    /// `state` with the detail of `race` on show, as row `row` (nil: not in the list).
    func detail(_ state: RacesState, row: Int?, _ race: Race, favourite: Bool = false) -> RacesState {
        var state = state
        state.screen = .detail(number: row)
        state.detail = Row(number: row, item: race, isFavourite: favourite)
        return state
    }

    func emitted(since count: Int) -> [RacesState] {
        Array(recorder.states.dropFirst(count))
    }

    // MARK: Load

    @Test func loadShowsTheFiveSoonestRacesSoonestFirst() async throws {
        expectNoDifference(recorder.states, [RacesState()])
        #expect(viewModel.rowNumbers == [])

        try await viewModel.load()
        // The interactor's snapshot is published as it arrives, and once more as the intent ends.
        expectNoDifference(recorder.states, [RacesState(), loading(RacesState()), firstFive, firstFive])
        #expect(viewModel.rowNumbers == [1, 2, 3, 4, 5])
        #expect(viewModel.item(number: 1) == Self.addington)
        #expect(viewModel.item(number: 6) == nil)
        #expect(neds.calls == [0])
        #expect(interactor.isRunning)

        let count = recorder.states.count
        try await viewModel.load()
        #expect(emitted(since: count) == [loading(firstFive), firstFive], "loaded already: nothing fetched")
        #expect(neds.calls == [0])
    }

    @Test func atMostTheVisibleNumberOfRowsAreShown() async throws {
        var settings = RacesInteractor.Settings()
        settings.visible = 3
        let test = RacesViewModelTests(settings: settings)
        try await test.viewModel.load()
        expectNoDifference(test.viewModel.state.value, test.listing([Self.addington, Self.launceston, Self.newcastle]))
        #expect(test.viewModel.rowNumbers == [1, 2, 3])
    }

    @Test func aFirstLoadThatFailsThrowsAndNotesWhy() async throws {
        neds.fail(.networkUnavailable)
        await #expect(throws: HTTPError.networkUnavailable) { try await viewModel.load() }
        let failed = listing([], known: 0, updated: nil, failure: .networkUnavailable)
        expectNoDifference(recorder.states, [RacesState(), loading(RacesState()), failed, failed])
        await #expect(throws: CommandError("no row 1: no race is coming up")) { try await viewModel.open("1") }

        neds.answer(Self.races)
        try await viewModel.load()
        expectNoDifference(viewModel.state.value, firstFive, "the failure is gone")
    }

    // MARK: Filter

    @Test func filterKeepsOnlyThoseCategoriesAndRefillsFromTheOtherRaces() async throws {
        try await viewModel.load()

        var count = recorder.states.count
        try viewModel.filter(["horse", "Greyhound"])
        let horsesAndDogs = listing([Self.launceston, Self.kawasaki, Self.geelong, Self.pakenham, Self.wagga],
                                    matching: 5, filter: [.horse, .greyhound])
        #expect(emitted(since: count) == [horsesAndDogs])
        #expect(viewModel.item(number: 3) == Self.geelong, "row 3 is of the filtered list")

        count = recorder.states.count
        try viewModel.filter(["harness"])
        let harness = listing([Self.addington, Self.newcastle, Self.hobart, Self.albion], matching: 4, filter: [.harness])
        #expect(emitted(since: count) == [harness])
        await #expect(throws: ListError.noRow(5, count: 4)) { try await viewModel.open("5") }

        count = recorder.states.count
        try viewModel.filter(["clear"])
        try viewModel.filter(["greyhound"])
        try viewModel.filter([])
        #expect(emitted(since: count) == [firstFive, listing([Self.geelong, Self.wagga], matching: 2, filter: [.greyhound]), firstFive],
                "`filter clear` and `filter` alone show all, Sandown (no category) among them")
    }

    @Test func aFilterThatLetsNoRaceThroughSaysSoOnOpen() async throws {
        let test = RacesViewModelTests(settings: RacesInteractor.Settings(), races: [Self.launceston, Self.kawasaki])
        try await test.viewModel.load()
        try test.viewModel.filter(["greyhound", "harness"])
        expectNoDifference(test.viewModel.state.value, test.listing([], known: 2, matching: 0, filter: [.harness, .greyhound]))
        #expect(test.viewModel.rowNumbers == [])
        await #expect(throws: CommandError("no row 1: no race of harness or greyhound is coming up")) {
            try await test.viewModel.open("1")
        }
        #expect(throws: CommandError("no row 2: no race of harness or greyhound is coming up")) { try test.viewModel.toggleFavourite("2") }
        await #expect(throws: ListError.notARowNumber("x")) { try await test.viewModel.open("x") }
    }

    @Test func anUnknownCategoryIsAnErrorThatLeavesTheStateAsItWas() async throws {
        try await viewModel.load()
        try viewModel.filter(["horse"])
        try await viewModel.open("2")
        let before = viewModel.state.value
        let horses = listing([Self.launceston, Self.kawasaki, Self.pakenham], matching: 3, filter: [.horse])
        #expect(before == detail(horses, row: 2, Self.kawasaki))

        let count = recorder.states.count
        #expect(throws: CommandError("no category 'trotters' (categories: horse, harness, greyhound; `filter clear` shows all)")) {
            try viewModel.filter(["greyhound", "trotters"])
        }
        #expect(throws: CommandError("usage: filter horse|harness|greyhound … | filter clear")) {
            try viewModel.filter(["clear", "greyhound"])
        }
        #expect(emitted(since: count) == [], "nothing emitted")
        expectNoDifference(viewModel.state.value, before)
        #expect(viewModel.rowNumbers == [1, 2, 3], "the filter is still horse alone")

        #expect(viewModel.back())
        expectNoDifference(viewModel.state.value, horses)
    }

    // MARK: Open and back

    @Test func openShowsThatRaceAndBackReturnsToTheList() async throws {
        try await viewModel.load()

        var count = recorder.states.count
        try await viewModel.open("2")
        #expect(emitted(since: count) == [detail(firstFive, row: 2, Self.launceston)])
        #expect(viewModel.detailItem?.item == Self.launceston)

        count = recorder.states.count
        await #expect(throws: ListError.noRow(6, count: 5)) { try await viewModel.open("6") }
        await #expect(throws: ListError.noRow(0, count: 5)) { try await viewModel.open("0") }
        await #expect(throws: ListError.notARowNumber("R4")) { try await viewModel.open("R4") }
        #expect(emitted(since: count) == [], "nothing emitted")
        expectNoDifference(viewModel.state.value, detail(firstFive, row: 2, Self.launceston))

        #expect(viewModel.back())
        #expect(emitted(since: count) == [firstFive])
        #expect(!viewModel.back(), "on the list already")
        #expect(emitted(since: count) == [firstFive], "nothing more emitted")
    }

    // MARK: Time

    @Test func theDetailKeepsItsRaceAndFollowsItsRowThroughAReSortAndAPoll() async throws {
        try await viewModel.load()
        try await viewModel.open("3")
        expectNoDifference(viewModel.state.value, detail(firstFive, row: 3, Self.newcastle))

        // The poll at 300 fetches the same ten; the re-sort at 400 drops the two 08:05 races
        // (100 s past): Newcastle moves up from row 3 to row 1.
        let count = recorder.states.count
        #expect(await clock.advance(by: 400) == 2, "the poll at 300 and the re-sort at 400")
        #expect(neds.calls == [0, 300])
        let moved = listing(Array(Self.sorted[2..<7]), known: 8, updated: 300)
        #expect(emitted(since: count) == [detail(firstFive.with { $0.updatedAt = RacesFixture.at(300) }, row: 3, Self.newcastle),
                                          detail(moved, row: 1, Self.newcastle)])
        #expect(viewModel.detailItem?.number == 1)

        // A poll that moves Newcastle's start: the detail shows it as now known.
        var delayed = Self.newcastle
        delayed.advertisedStart = RacesFixture.at(1000)
        neds.answer(Self.races.map { $0.id == delayed.id ? delayed : $0 })
        await clock.advance(by: 200)
        #expect(neds.calls == [0, 300, 600])
        // The poll at 600 brings Newcastle (08:08, gone by now) back at 08:16:40, sixth: it has no
        // row of the five, and the detail shows its new start.
        let polled = listing([Self.kawasaki, Self.hobart, Self.geelong, Self.pakenham, Self.wagga], known: 8, updated: 600)
        expectNoDifference(viewModel.state.value, detail(polled, row: nil, delayed))

        #expect(viewModel.back())
        expectNoDifference(viewModel.state.value, polled)
    }

    @Test func anOpenDetailWhoseRaceExpiresStaysOnItWithoutARow() async throws {
        try await viewModel.load()
        try await viewModel.open("1")
        _ = try viewModel.toggleFavourite(nil)

        await clock.advance(by: 400)
        let left = listing(Array(Self.sorted[2..<7]), known: 8, updated: 300)
        expectNoDifference(viewModel.state.value, detail(left, row: nil, Self.addington, favourite: true),
                "Addington left at the re-sort at 400: the detail stays on it, with no row")
        #expect(viewModel.rowNumbers == [1, 2, 3, 4, 5])

        let unmarked = try viewModel.toggleFavourite(nil)
        #expect(unmarked == FavouriteToggle(number: nil, itemID: "r1", title: "Addington R10", isFavourite: false),
                "fav on the detail still reaches it")
        #expect(viewModel.back())
        expectNoDifference(viewModel.state.value, left)
    }

    @Test func aFailedPollIsShownInTheStateAndTheListKept() async throws {
        try await viewModel.load()

        neds.fail(.networkUnavailable)
        let count = recorder.states.count
        #expect(await clock.advance(by: 300) == 2)
        #expect(neds.calls == [0, 300])
        let failed = listing(Array(Self.sorted.prefix(5)), failure: .networkUnavailable)
        #expect(emitted(since: count) == [failed], "updated at the start still, the failure noted")

        neds.answer(Self.races)
        #expect(await clock.advance(by: 300) == 2)
        expectNoDifference(viewModel.state.value, listing(Array(Self.sorted[3..<8]), known: 7, updated: 600), "the failure is gone")
    }

    // MARK: Refresh

    @Test func refreshFetchesTheListNow() async throws {
        try await viewModel.load()
        await clock.advance(by: 60)

        neds.answer([Self.sandown, Self.pakenham])
        var count = recorder.states.count
        try await viewModel.refresh()
        let refreshed = listing([Self.pakenham, Self.sandown], known: 2, updated: 60)
        #expect(emitted(since: count) == [loading(firstFive), refreshed, refreshed])
        #expect(neds.calls == [0, 60])

        neds.fail(.status(500))
        count = recorder.states.count
        await #expect(throws: HTTPError.status(500)) { try await viewModel.refresh() }
        let failed = refreshed.with { $0.failure = .status(500) }
        #expect(emitted(since: count) == [loading(refreshed), failed, failed], "the list kept, the failure noted")
    }

    @Test func resetForgetsTheList() async throws {
        try await viewModel.load()
        try await viewModel.open("1")

        let count = recorder.states.count
        viewModel.reset()
        #expect(emitted(since: count).last == RacesState())
        #expect(!interactor.isRunning)
        #expect(viewModel.rowNumbers == [])
    }

    // MARK: Favourites

    @Test func favMarksAndUnmarksARowOrTheDetail() async throws {
        try await viewModel.load()

        var count = recorder.states.count
        let marked = try viewModel.toggleFavourite("3")
        #expect(marked == FavouriteToggle(number: 3, itemID: "r3", title: "Newcastle R3", isFavourite: true))
        #expect(emitted(since: count) == [listing(Array(Self.sorted.prefix(5)), favourites: ["r3"])])
        #expect(try store.ids(in: "races") == ["r3"])

        try await viewModel.open("5")
        count = recorder.states.count
        let detailMarked = try viewModel.toggleFavourite(nil)
        #expect(detailMarked == FavouriteToggle(number: 5, itemID: "r5", title: "Hobart R4", isFavourite: true))
        let both = listing(Array(Self.sorted.prefix(5)), favourites: ["r3", "r5"])
        #expect(emitted(since: count) == [detail(both, row: 5, Self.hobart, favourite: true)])

        #expect(viewModel.back())
        count = recorder.states.count
        let unmarked = try viewModel.toggleFavourite("3")
        #expect(unmarked == FavouriteToggle(number: 3, itemID: "r3", title: "Newcastle R3", isFavourite: false))
        #expect(emitted(since: count) == [listing(Array(Self.sorted.prefix(5)), favourites: ["r5"])])
        #expect(try store.ids(in: "races") == ["r5"])

        #expect(throws: ListError.nothingToFavourite) { try viewModel.toggleFavourite(nil) }
        #expect(throws: ListError.noRow(6, count: 5)) { try viewModel.toggleFavourite("6") }
        #expect(emitted(since: count).count == 1, "a failed fav emits nothing")
    }

    @Test func aFavouriteStaysMarkedWhenAReSortMovesItsRow() async throws {
        try await viewModel.load()
        _ = try viewModel.toggleFavourite("4")
        expectNoDifference(viewModel.state.value, listing(Array(Self.sorted.prefix(5)), favourites: ["r4"]))

        await clock.advance(by: 400)
        expectNoDifference(viewModel.state.value, listing(Array(Self.sorted[2..<7]), known: 8, favourites: ["r4"], updated: 300),
                "Kawasaki moved from row 4 to row 2, still starred")
        #expect(viewModel.state.value.rows[1] == Row(number: 2, item: Self.kawasaki, isFavourite: true))

        let unmarked = try viewModel.toggleFavourite("2")
        #expect(unmarked == FavouriteToggle(number: 2, itemID: "r4", title: "Kawasaki R12", isFavourite: false))
        #expect(try store.ids(in: "races") == [])
    }

    @Test func aFavouriteIsOpenedFromFavsWhileItIsKnown() async throws {
        try await viewModel.load()
        _ = try viewModel.toggleFavourite("2")
        try viewModel.showFavourites()
        #expect(viewModel.state.value.screen == .favourites)
        #expect(viewModel.state.value.favourites.map(\.favourite.itemID) == ["r2"])

        try await viewModel.open("1")
        expectNoDifference(viewModel.state.value, detail(listing(Array(Self.sorted.prefix(5)), favourites: ["r2"]), row: 2, Self.launceston,
                                                favourite: true))

        #expect(viewModel.back(), "back to the favourites")
        await clock.advance(by: 400)
        await #expect(throws: ListError.favouriteNotLoaded(title: "Launceston R4", feature: "races", id: "r2")) {
            try await viewModel.open("1")
        }
    }
}

extension RacesState {
    /// A copy changed by `change`.
    func with(_ change: (inout RacesState) -> Void) -> RacesState {
        var state = self
        change(&state)
        return state
    }
}
