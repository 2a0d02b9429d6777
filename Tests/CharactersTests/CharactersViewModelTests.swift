@testable import Characters
import CustomDump
import ExplorerClock
import ExplorerCore
import ExplorerHTTP
import ExplorerStore
import ExplorerTrace
import Foundation
import Reactive
import SWAPI
import TestSupport
import Testing

/// The view model driven intent by intent, with the whole state asserted after each one: each
/// `state.expect { … }` says what the intent changed, and every field it does not name must be
/// as it was. The fixture's service answers only the calls each test expects.
@MainActor
@Suite struct CharactersViewModelTests {
    let calls = ExpectedCalls<SWAPICall>()
    let fixture: CharactersFixture
    let store = FavouritesStore.inMemory()
    let progress = ProgressRecorder()
    let viewModel: CharactersViewModel
    let recorder: StateRecorder<CharactersState>
    let state: StateExpectations<CharactersState>

    init() {
        fixture = CharactersFixture(calls: calls)
        viewModel = CharactersViewModel(service: fixture.service, favourites: store, progress: progress.report)
        recorder = StateRecorder(viewModel.state)
        state = StateExpectations(viewModel.state)
    }

    /// The rows with these numbers in the embedded data.
    func rows(_ numbers: [Int], favourites: Set<Int> = []) -> [CharactersState.Row] {
        fixture.rows(numbers, favourites: favourites)
    }

    /// Set-up: everyone loaded (the loading tests say how).
    func loadEveryone() async throws {
        calls.expect(Self.everyPage)
        try await viewModel.load()
        state.takeCurrent()
    }

    /// Opens row `number`, whose detail asks for the names of what it links to.
    func open(_ number: Int) async throws {
        calls.expect(fixture.nameCalls(number))
        try await viewModel.open("\(number)")
    }

    /// The pages of a load of the embedded people.
    static let everyPage: [SWAPICall] = (1...9).map { .page($0) }
    static let everyone = Array(1...82)
    static let blueEyed = [1, 6, 7, 11, 12, 13, 18, 25, 27, 31, 33, 38, 54, 58, 61, 63, 64, 73, 74, 79]
    static let blueEyedWomen = [7, 27, 54, 63, 64, 73, 74]
    static let unknownMass = [12, 27, 28, 33, 37, 38, 39, 41, 42, 44, 48, 53, 55, 56, 58, 60, 61, 65, 67, 72, 73, 74, 76]
    static let byMass = [46, 19, 29, 3, 8, 40, 34, 47, 75, 81, 5, 54, 64, 45, 69, 63, 77, 49, 35, 30, 15, 2, 7, 20, 1, 10, 17, 21, 24, 25, 68, 80, 14, 43, 57, 62, 66, 82, 36, 51, 26, 9, 11, 50, 59, 52, 71, 31, 32, 70, 18, 13, 23, 6, 4, 79, 22, 78, 16] + unknownMass

    // MARK: Loading

    @Test func loadAssemblesEveryCharacterInAPIOrderWithLoadingInBetween() async throws {
        #expect(!viewModel.isLoaded)
        calls.expect(Self.everyPage)
        try await viewModel.load()

        var loading = CharactersState()
        loading.isLoading = true
        expectNoDifference(recorder.states, [CharactersState(), loading, fixture.loadedState()])
        state.expect { fixture.everyoneLoaded(&$0) }
        #expect(viewModel.isLoaded)
        #expect(viewModel.rowNumbers == Array(1...82))
        #expect(fixture.requests.first == 1)
        calls.expectAllMade()  // every page exactly once

        try await viewModel.load()
        state.expectUnchanged("a second load reuses what is loaded")
        calls.expectAllMade()
    }

    @Test func pageOneIsFetchedAloneBeforeAllTheOthers() async throws {
        fixture.delay(page: 1, by: .milliseconds(50))
        calls.expect(Self.everyPage)
        try await viewModel.load()
        state.expect { fixture.everyoneLoaded(&$0) }

        let events = fixture.events
        #expect(Array(events.prefix(2)) == ["start 1", "end 1"])
        #expect(events.count == 18)
        #expect(events.filter { $0.hasPrefix("start") }.sorted() == (1...9).map { "start \($0)" }.sorted())
        #expect(events.filter { $0.hasPrefix("end") }.sorted() == (1...9).map { "end \($0)" }.sorted())
        calls.expectAllMade()
    }

    @Test func progressCountsPagesUpToTheLast() async throws {
        calls.expect(Self.everyPage)
        try await viewModel.load()
        state.expect { fixture.everyoneLoaded(&$0) }

        let messages = progress.messages
        #expect(messages == (1...9).map { "loading characters \($0)/9" })
        let loaded = messages.compactMap { Int($0.split(separator: " ").last!.split(separator: "/")[0]) }
        #expect(loaded == loaded.sorted(), "non-decreasing")
        #expect(messages.last == "loading characters 9/9")
        calls.expectAllMade()
    }

    @Test func countsFollowTheDataNotAnAssumedEightyTwo() async throws {
        let fixture = CharactersFixture.synthetic(count: 87, pageSize: 10, calls: calls)
        let progress = ProgressRecorder()
        let viewModel = CharactersViewModel(service: fixture.service, favourites: store, progress: progress.report)
        let state = StateExpectations(viewModel.state)
        calls.expect(Self.everyPage)
        try await viewModel.load()

        state.expect {
            $0.page = 1
            $0.pageCount = 1
            $0.totalCount = 87
            $0.loadedCount = 87
            $0.rows = fixture.rows(Array(1...87))
            $0.refinement.segments = Segment.all(in: fixture.people)
        }
        #expect(state.expected.rows.last?.item.url == "https://swapi.dev/api/people/87/")
        #expect(state.expected.rows[0].item.hairColor == "unknown", "a missing field reads unknown")
        #expect(state.expected.rows[0].item.films == [])
        #expect(viewModel.rowNumbers == Array(1...87))
        #expect(fixture.requests.first == 1)
        #expect(progress.messages == (1...9).map { "loading characters \($0)/9" })
        await #expect(throws: ListError.noRow(88, count: 87)) { try await viewModel.open("88") }
        state.expectUnchanged()
        calls.expectAllMade()
    }

    // MARK: Parallelism

    @Test(arguments: [6, 3])
    func pagesAreFetchedInParallelUpToTheLimit(limit: Int) async throws {
        fixture.gather(pages: 2...9, inFlight: limit)
        let viewModel = CharactersViewModel(service: fixture.service, favourites: store, maxConcurrentRequests: limit)
        let state = StateExpectations(viewModel.state)
        calls.expect(Self.everyPage)
        try await viewModel.load()

        #expect(fixture.maximumInFlight == limit, "as many at once as the limit allows, no more")
        state.expect("order does not depend on who finishes first") { fixture.everyoneLoaded(&$0) }
        calls.expectAllMade()
    }

    @Test func aLimitOfOneFetchesOnePageAtATime() async throws {
        fixture.delayEveryPage(by: .milliseconds(50))  // so that pages fetched at once would overlap
        let viewModel = CharactersViewModel(service: fixture.service, favourites: store, maxConcurrentRequests: 1)
        let state = StateExpectations(viewModel.state)
        calls.expect(Self.everyPage)
        try await viewModel.load()

        #expect(fixture.maximumInFlight == 1)
        #expect(fixture.requests == Array(1...9), "one at a time means in page order")
        state.expect { fixture.everyoneLoaded(&$0) }
        calls.expectAllMade()
    }

    @Test func pagesFinishingOutOfOrderAreStillAssembledInAPIOrder() async throws {
        fixture.hold(page: 2, untilEnded: Array(3...9))
        calls.expect(Self.everyPage)
        try await viewModel.load()

        let ends = fixture.events.filter { $0.hasPrefix("end") }
        #expect(ends.last == "end 2", "page 2 came back last")
        state.expect { fixture.everyoneLoaded(&$0) }
        #expect(progress.messages == (1...9).map { "loading characters \($0)/9" })
        calls.expectAllMade()
    }

    /// Not over the fixture: the HTTP service production uses, over the embedded data.
    @Test func theHTTPServiceOverTheEmbeddedDataLoadsTheSameCharacters() async throws {
        let http = EmbeddedHTTPClient(responder: SWAPIEmbeddedData.responder)
        let viewModel = CharactersViewModel(service: .http(http, resource: "people"), favourites: store)
        let state = StateExpectations(viewModel.state)
        try await viewModel.load()
        state.expect { fixture.everyoneLoaded(&$0) }

        await #expect(throws: HTTPError(.status(404), endpoint: "/people/?page=10", host: HTTPLocation.embeddedServer)) {
            try await SWAPIService<Person>.http(http, resource: "people").page(10)
        }
    }

    // MARK: Failures

    @Test func aFailingPageFailsTheWholeLoadAndShowsNothing() async throws {
        fixture.fail(page: 4, status: 500)
        calls.expect(Self.everyPage)

        let error = await #expect(throws: PageLoadError.self) { try await viewModel.load() }
        #expect(error?.description == "page 4 of 9 failed: HTTP 500 for /people/?page=4")
        #expect(error?.page == 4)
        #expect(error?.pageCount == 9)
        #expect(error?.underlying as? HTTPError == HTTPError(.status(500), endpoint: "/people/?page=4"))

        var loading = CharactersState()
        loading.isLoading = true
        expectNoDifference(recorder.states, [CharactersState(), loading, CharactersState()], "nothing half-assembled")
        state.expectUnchanged()
        #expect(!viewModel.isLoaded)
        #expect(viewModel.rowNumbers == [])
        await #expect(throws: ListError.noRow(1, count: 0)) { try await viewModel.open("1") }
        state.expectUnchanged()
        calls.expectAllMade()

        fixture.heal()
        calls.expect(Self.everyPage)
        try await viewModel.load()
        state.expect { fixture.everyoneLoaded(&$0) }
        calls.expectAllMade()
    }

    @Test func aFailingFirstPageNamesNoPageCount() async throws {
        fixture.fail(page: 1, status: 503)
        calls.expect([.page(1)])

        let error = await #expect(throws: PageLoadError.self) { try await viewModel.load() }
        #expect(error?.description == "page 1 failed: HTTP 503 for /people/?page=1")
        state.expectUnchanged()
        #expect(!viewModel.isLoaded)
        calls.expectAllMade()  // no other page is asked for
    }

    @Test func aFailedRefreshKeepsTheLastGoodStateExactly() async throws {
        try await loadEveryone()
        try viewModel.filter(["eye=blue"])
        viewModel.sort(by: CharacterSort(.name))
        try await open(7)
        _ = try viewModel.toggleFavourite(nil)
        state.expect("set up: filtered, sorted, a favourite's detail on show") {
            $0.refinement.filter = CharacterFilter([.eye: "blue"])
            $0.sort = CharacterSort(.name)
            $0.rows = rows([54, 11, 64, 7, 13, 61, 33, 18, 73, 25, 1, 63, 58, 27, 6, 31, 74, 38, 79, 12], favourites: [7])
            $0.screen = .detail(number: 7)
            $0.detail = rows([7], favourites: [7])[0]
        }
        calls.expectAllMade()
        let before = state.expected
        let emitted = recorder.states.count

        fixture.fail(page: 9, status: 500)
        calls.expect(Self.everyPage)
        let error = await #expect(throws: PageLoadError.self) { try await viewModel.refresh() }
        #expect(error?.description == "page 9 of 9 failed: HTTP 500 for /people/?page=9")
        state.expectUnchanged()
        var loading = before
        loading.isLoading = true
        expectNoDifference(Array(recorder.states.dropFirst(emitted)), [loading, before], "loading shown, then the old state again")
        #expect(viewModel.isLoaded)
        calls.expectAllMade()  // page 9 is the last to start: all were asked for

        fixture.heal()
        calls.expect(Self.everyPage)
        try await viewModel.refresh()
        state.expectUnchanged("same data again, same screen")
        calls.expectAllMade()
    }

    @Test func refreshOntoNewDataDropsFiltersAndDetailsThatNoLongerExist() async throws {
        let fixture = CharactersFixture.synthetic(count: 87, calls: calls) { number in
            CharactersFixture.SyntheticPerson(number: number, eye: number == 87 ? "violet" : "brown")
        }
        let viewModel = CharactersViewModel(service: fixture.service, favourites: store)
        let state = StateExpectations(viewModel.state)
        calls.expect(Self.everyPage)
        try await viewModel.load()
        try viewModel.filter(["eye=violet"])
        try await viewModel.open("87")  // no links: no names asked for
        state.expect("set up: a violet-eyed person's detail, which only the synthetic data has") {
            fixture.everyoneLoaded(&$0)
            $0.refinement.filter = CharacterFilter([.eye: "violet"])
            $0.rows = fixture.rows([87])
            $0.screen = .detail(number: 87)
            $0.detail = fixture.rows([87])[0]
        }
        #expect(state.expected.detail?.item.name == "Person 87")

        fixture.replacePages(with: EmbeddedPeoplePages.pages)
        calls.expect(Self.everyPage)
        try await viewModel.refresh()
        state.expect("row 87 and eye=violet are gone") {
            self.fixture.everyoneLoaded(&$0)
            $0.refinement.filter = CharacterFilter()
            $0.screen = .list
            $0.detail = nil
        }

        try viewModel.filter(["eye=blue"])
        calls.expect(self.fixture.nameCalls(3))
        try await viewModel.open("3")
        state.expect("set up: R2-D2's detail behind a filter") {
            $0.refinement.filter = CharacterFilter([.eye: "blue"])
            $0.rows = rows(Self.blueEyed)
            $0.screen = .detail(number: 3)
            $0.detail = rows([3])[0]
        }
        fixture.replacePages(with: EmbeddedPeoplePages.pages)
        calls.expect(Self.everyPage)
        try await viewModel.refresh()
        state.expectUnchanged("what still exists is kept")
        calls.expectAllMade()
    }

    @Test func resetForgetsTheDataButNotTheSort() async throws {
        try await loadEveryone()
        try viewModel.filter(["eye=blue"])
        viewModel.sort(by: CharacterSort(.mass))
        try await open(1)
        state.takeCurrent()

        viewModel.reset()
        state.expect {
            $0 = CharactersState()
            $0.sort = CharacterSort(.mass)
        }
        #expect(!viewModel.isLoaded)

        calls.expect(Self.everyPage)
        try await viewModel.load()
        state.expect("loads again after a reset, sorted as before") {
            fixture.everyoneLoaded(&$0)
            $0.rows = rows(Self.byMass)
        }
        calls.expectAllMade()
    }

    // MARK: The binding

    @Test func theSegmentsAndFilterAreDerivedFromThePeopleLoadedAndTheFilterChosen() async throws {
        let tracer = Tracer(clock: SchedulingClock(), write: { _ in })
        let viewModel = CharactersViewModel(service: fixture.service, favourites: store, tracer: tracer)
        #expect(tracer.liveSubscriptions.live.map(\.owner) == ["CharactersViewModel"], "bound as it is made, for as long as it lives")
        #expect(tracer.liveSubscriptions.live.map(\.chainText) == [
            "CharactersViewModel.peopleLoaded → map → combineLatest(with: CharactersViewModel.filterChosen) → map → CharactersViewModel.refinement",
        ])
        let loaded = LockedValue<[Int]>([]), chosen = LockedValue<[String]>([])
        let a = viewModel.peopleLoaded.sink { people in loaded.withLock { $0.append(people.count) } }
        let b = viewModel.filterChosen.sink { filter in chosen.withLock { $0.append(filter.description) } }

        calls.expect(Self.everyPage)
        try await viewModel.load()
        try viewModel.filter(["eye=red"])
        #expect(viewModel.state.value.refinement == CharactersRefinement(filter: CharacterFilter([.eye: "red"]),
                                                                          segments: Segment.all(in: fixture.people)))
        viewModel.reset()
        #expect(loaded.value == [82, 0])
        #expect(chosen.value == ["eye=red", ""], "nobody left with red eyes: the condition is chosen no longer")
        #expect(viewModel.state.value.refinement == CharactersRefinement())
        calls.expectAllMade()
        _ = (a, b)
    }

    // MARK: Segments and filters

    @Test func segmentsComeFromTheLoadedData() async throws {
        #expect(viewModel.segments(of: .eye) == [])
        try await loadEveryone()
        #expect(viewModel.segments(of: .eye) == [
            Segment("blue", 20), Segment("brown", 20), Segment("yellow", 12), Segment("black", 9),
            Segment("orange", 8), Segment("red", 6), Segment("hazel", 2), Segment("unknown", 2),
            Segment("blue-gray", 1), Segment("gold", 1), Segment("green", 1), Segment("pink", 1), Segment("white", 1),
        ])
        #expect(viewModel.segments(of: .gender) == [
            Segment("male", 60), Segment("female", 17), Segment("n/a", 3), Segment("hermaphrodite", 1), Segment("none", 1),
        ])
        calls.expectAllMade()
    }

    @Test func filterShowsTheMatchingRowsWithTheirOwnNumbers() async throws {
        try await loadEveryone()
        try viewModel.filter(["eye=blue"])
        state.expect {
            $0.refinement.filter = CharacterFilter([.eye: "blue"])
            $0.rows = rows(Self.blueEyed)
        }
        #expect(viewModel.rowNumbers == Array(1...82), "completion still offers every row")

        try viewModel.filter(["gender=female", "eye=blue"])
        state.expect {
            $0.refinement.filter = CharacterFilter([.eye: "blue", .gender: "female"])
            $0.rows = rows(Self.blueEyedWomen)
        }
        #expect(state.expected.rows.map(\.item.name) == [
            "Beru Whitesun lars", "Mon Mothma", "Adi Gallia", "Luminara Unduli", "Barriss Offee", "Jocasta Nu", "R4-P17",
        ])

        try viewModel.filter([])
        state.expect {
            $0.refinement.filter = CharacterFilter()
            $0.rows = rows(Self.everyone)
        }
        calls.expectAllMade()
    }

    @Test func filterValuesAndKeysAreCaseInsensitive() async throws {
        try await loadEveryone()
        try viewModel.filter(["EYE=Blue"])
        state.expect {
            $0.refinement.filter = CharacterFilter([.eye: "blue"])
            $0.rows = rows(Self.blueEyed)
        }
        calls.expectAllMade()
    }

    @Test func aTwoColourCharacterMatchesEitherColour() async throws {
        try await loadEveryone()
        try viewModel.filter(["eye=red"])
        state.expect {
            $0.refinement.filter = CharacterFilter([.eye: "red"])
            $0.rows = rows([3, 8, 22, 23, 32, 74])
        }
        #expect(state.expected.rows.last?.item.eyeColor == "red, blue")

        try viewModel.filter(["eye=blue"])
        state.expect {
            $0.refinement.filter = CharacterFilter([.eye: "blue"])
            $0.rows = rows(Self.blueEyed)
        }
        #expect(Self.blueEyed.contains(74))
        calls.expectAllMade()
    }

    @Test func unknownAndNotApplicableAreValuesLikeAnyOther() async throws {
        try await loadEveryone()
        try viewModel.filter(["eye=unknown"])
        state.expect {
            $0.refinement.filter = CharacterFilter([.eye: "unknown"])
            $0.rows = rows([46, 75])
        }
        try viewModel.filter(["gender=n/a"])
        state.expect {
            $0.refinement.filter = CharacterFilter([.gender: "n/a"])
            $0.rows = rows([2, 3, 8])
        }
        calls.expectAllMade()
    }

    @Test func aFilterNobodyMatchesListsNobody() async throws {
        try await loadEveryone()
        try viewModel.filter(["eye=white", "gender=male"])
        state.expect {
            $0.refinement.filter = CharacterFilter([.eye: "white", .gender: "male"])
            $0.rows = []
        }
        calls.expectAllMade()
    }

    @Test func aFailedFilterLeavesThePreviousStateIntact() async throws {
        try await loadEveryone()
        try viewModel.filter(["eye=blue"])
        try await open(2)
        state.takeCurrent()
        let emitted = recorder.states.count

        #expect(throws: CharacterFilterError.unknownKey("ey", suggestion: "eye")) {
            try viewModel.filter(["ey=blue"])
        }
        expectFilterError("no character has eye=purple (values: black, blue, blue-gray, brown, gold, green, hazel, orange, pink, red, unknown, white, yellow)") {
            try viewModel.filter(["eye=purple"])
        }
        #expect(throws: CharacterFilterError.missingValue(.eye, argument: "eye")) {
            try viewModel.filter(["eye"])
        }
        expectFilterError("no character has gender=purple (values: female, hermaphrodite, male, n/a, none)") {
            try viewModel.filter(["eye=brown", "gender=purple"])
        }
        state.expectUnchanged()
        expectNoDifference(Array(recorder.states.dropFirst(emitted)), [], "nothing was published")
        calls.expectAllMade()
    }

    @Test func filteringFromADetailReturnsToTheList() async throws {
        try await loadEveryone()
        try await open(5)
        state.takeCurrent()

        try viewModel.filter(["gender=female"])
        state.expect {
            $0.refinement.filter = CharacterFilter([.gender: "female"])
            $0.rows = rows([5, 7, 27, 34, 42, 45, 54, 60, 63, 64, 65, 69, 72, 73, 74, 77, 81])
            $0.screen = .list
            $0.detail = nil
        }
        calls.expectAllMade()
    }

    @Test func openAndFavWorkForARowTheFilterHides() async throws {
        try await loadEveryone()
        try viewModel.filter(["eye=blue"])
        state.takeCurrent()

        try await open(2)  // C-3PO, yellow eyes
        state.expect {
            $0.screen = .detail(number: 2)
            $0.detail = rows([2])[0]
        }
        #expect(state.expected.detail?.item.name == "C-3PO")

        #expect(viewModel.back())
        state.expect("back to the filtered list") {
            $0.screen = .list
            $0.detail = nil
        }

        let row = try viewModel.toggleFavourite("2")
        #expect(row == fixture.toggle(2, isFavourite: true))
        state.expectUnchanged("the hidden row's star changes nothing shown")
        #expect(try store.ids(in: "characters") == ["2"])

        try viewModel.filter([])
        state.expect {
            $0.refinement.filter = CharacterFilter()
            $0.rows = rows(Self.everyone, favourites: [2])
        }
        calls.expectAllMade()
    }

    // MARK: Sorting

    @Test func sortByNameAscendingAndDescending() async throws {
        try await loadEveryone()
        let byName = [
            26, 54, 11, 28, 45, 67, 64, 49, 7, 44, 9, 21, 23, 2, 13, 61, 60, 43, 4, 70, 66, 65, 47, 53, 33, 48, 15,
            59, 78, 14, 22, 16, 68, 35, 18, 73, 51, 52, 71, 24, 5, 25, 1, 63, 50, 58, 27, 30, 32, 10, 6, 34, 20, 57,
            62, 41, 31, 3, 74, 8, 46, 80, 38, 36, 37, 55, 76, 40, 77, 42, 81, 79, 72, 82, 75, 39, 17, 29, 12, 56, 19, 69,
        ]
        #expect(byName.sorted() == Self.everyone, "numbers stay with their characters")

        viewModel.sort(by: CharacterSort(.name))
        state.expect {
            $0.sort = CharacterSort(.name)
            $0.rows = rows(byName)
        }
        let names = state.expected.rows.map(\.item.name)
        #expect(Array(names.prefix(5)) == ["Ackbar", "Adi Gallia", "Anakin Skywalker", "Arvel Crynyd", "Ayla Secura"])
        #expect(Array(names.suffix(4)) == ["Wilhuff Tarkin", "Yarael Poof", "Yoda", "Zam Wesell"])
        #expect(Array(names[57...59]) == ["R2-D2", "R4-P17", "R5-D4"])

        viewModel.sort(by: CharacterSort(.name, descending: true))
        state.expect {
            $0.sort = CharacterSort(.name, descending: true)
            $0.rows = rows(byName.reversed())
        }
        calls.expectAllMade()
    }

    @Test func sortByHeightPutsUnknownLastInBothDirections() async throws {
        try await loadEveryone()
        viewModel.sort(by: CharacterSort(.height))
        state.expect {
            $0.sort = CharacterSort(.height)
            $0.rows = rows([19, 46, 29, 47, 3, 74, 8, 40, 48, 39, 5, 27, 60, 30, 42, 49, 7, 65, 64, 2, 73, 69, 17, 20, 33, 63, 53, 1, 15, 16, 25, 43, 24, 6, 45, 77, 81, 12, 14, 18, 26, 44, 10, 9, 21, 38, 41, 61, 62, 68, 54, 34, 59, 11, 50, 55, 57, 80, 23, 32, 67, 76, 31, 66, 75, 35, 52, 58, 51, 70, 22, 4, 37, 82, 72, 78, 36, 13, 71, 79, 56, 28])
        }
        #expect(state.expected.rows.first?.item.name == "Yoda")
        #expect(state.expected.rows.last?.item.height == "unknown")

        viewModel.sort(by: CharacterSort(.height, descending: true))
        state.expect {
            $0.sort = CharacterSort(.height, descending: true)
            $0.rows = rows([56, 79, 71, 13, 36, 78, 72, 37, 82, 4, 22, 51, 70, 35, 52, 58, 31, 66, 75, 32, 67, 76, 23, 11, 50, 55, 57, 80, 34, 59, 54, 9, 21, 38, 41, 61, 62, 68, 10, 12, 14, 18, 26, 44, 6, 45, 77, 81, 24, 16, 25, 43, 15, 1, 53, 17, 20, 33, 63, 69, 2, 73, 64, 7, 65, 42, 49, 30, 60, 5, 27, 39, 48, 40, 8, 3, 74, 47, 29, 46, 19, 28])
        }
        #expect(state.expected.rows.last?.item.height == "unknown")
        calls.expectAllMade()
    }

    @Test func sortByMassReadsThousandsSeparatorsAndPutsUnknownLast() async throws {
        try await loadEveryone()
        viewModel.sort(by: CharacterSort(.mass, descending: true))
        state.expect {
            $0.sort = CharacterSort(.mass, descending: true)
            $0.rows = rows([16, 78, 22, 4, 79, 6, 23, 13, 18, 70, 32, 31, 71, 52, 59, 9, 11, 50, 26, 36, 51, 14, 43, 57, 62, 66, 82, 24, 25, 68, 80, 21, 1, 10, 17, 2, 7, 20, 15, 30, 35, 49, 77, 63, 45, 69, 54, 64, 5, 75, 81, 34, 47, 40, 3, 8, 29, 19, 46] + Self.unknownMass)
        }
        #expect(state.expected.rows.first?.item.name == "Jabba Desilijic Tiure")
        #expect(state.expected.rows.first?.item.mass == "1,358")
        #expect(Array(state.expected.rows.compactMap(\.number)[3...4]) == [4, 79], "a tie (136) keeps row order")

        viewModel.sort(by: CharacterSort(.mass))
        state.expect {
            $0.sort = CharacterSort(.mass)
            $0.rows = rows(Self.byMass)
        }
        #expect(state.expected.rows[58].item.name == "Jabba Desilijic Tiure", "1,358 is the heaviest, not 1")
        calls.expectAllMade()
    }

    @Test func sortByBirthPutsTheOldestFirstAndUnknownLast() async throws {
        try await loadEveryone()
        let unknownBirth = [8, 18, 28, 30, 32, 36, 37, 38, 39, 40, 44, 46, 47, 48, 49, 52, 53, 54, 55, 56, 58, 59, 60, 62, 65, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82]
        viewModel.sort(by: CharacterSort(.birth))
        state.expect {
            $0.sort = CharacterSort(.birth)
            $0.rows = rows([19, 16, 13, 2, 66, 31, 51, 33, 20, 61, 42, 50, 67, 68, 12, 41, 63, 10, 43, 23, 6, 35, 27, 45, 7, 34, 15, 4, 11, 26, 64, 25, 3, 21, 24, 14, 9, 57, 17, 1, 5, 22, 29] + unknownBirth)
        }
        #expect(state.expected.rows.first?.item.name == "Yoda")
        #expect(state.expected.rows.first?.item.birthYear == "896BBY")

        viewModel.sort(by: CharacterSort(.birth, descending: true))
        state.expect {
            $0.sort = CharacterSort(.birth, descending: true)
            $0.rows = rows([29, 22, 1, 5, 17, 57, 9, 14, 24, 21, 3, 25, 64, 26, 4, 11, 15, 34, 7, 27, 45, 6, 35, 23, 43, 10, 63, 41, 12, 68, 67, 42, 50, 20, 61, 33, 31, 51, 66, 2, 13, 16, 19] + unknownBirth)
        }
        #expect(state.expected.rows.first?.item.name == "Wicket Systri Warrick")
        calls.expectAllMade()
    }

    @Test func birthYearsAfterTheBattleComeAfterThoseBefore() async throws {
        let years = ["4ABY", "19BBY", "unknown", "896BBY", "0ABY", "41.9BBY", "22ABY"]
        let fixture = CharactersFixture.synthetic(count: years.count, calls: calls) { number in
            CharactersFixture.SyntheticPerson(number: number, birthYear: years[number - 1])
        }
        let viewModel = CharactersViewModel(service: fixture.service, favourites: store)
        let state = StateExpectations(viewModel.state)
        calls.expect([.page(1)])
        try await viewModel.load()
        state.takeCurrent()

        viewModel.sort(by: CharacterSort(.birth))
        state.expect {
            $0.sort = CharacterSort(.birth)
            $0.rows = fixture.rows([4, 6, 2, 5, 1, 7, 3])
        }
        #expect(state.expected.rows.map(\.item.birthYear) == ["896BBY", "41.9BBY", "19BBY", "0ABY", "4ABY", "22ABY", "unknown"])
        viewModel.sort(by: CharacterSort(.birth, descending: true))
        state.expect {
            $0.sort = CharacterSort(.birth, descending: true)
            $0.rows = fixture.rows([7, 1, 5, 2, 6, 4, 3])
        }
        #expect(state.expected.rows.map(\.item.birthYear) == ["22ABY", "4ABY", "0ABY", "19BBY", "41.9BBY", "896BBY", "unknown"])
        calls.expectAllMade()
    }

    @Test func sortAppliesToTheFilteredRowsAndSortOffRestoresAPIOrder() async throws {
        try await loadEveryone()
        try viewModel.filter(["eye=blue", "gender=female"])
        try await open(7)
        state.takeCurrent()

        viewModel.sort(by: CharacterSort(.name))
        state.expect("sorting returns to the list") {
            $0.sort = CharacterSort(.name)
            $0.rows = rows([54, 64, 7, 73, 63, 27, 74])
            $0.screen = .list
            $0.detail = nil
        }
        #expect(state.expected.rows.map(\.item.name) == [
            "Adi Gallia", "Barriss Offee", "Beru Whitesun lars", "Jocasta Nu", "Luminara Unduli", "Mon Mothma", "R4-P17",
        ])

        viewModel.sort(by: nil)
        state.expect {
            $0.sort = nil
            $0.rows = rows(Self.blueEyedWomen)
        }
        calls.expectAllMade()
    }

    // MARK: Details and favourites

    @Test func openShowsAnyRowAndBackReturnsToTheList() async throws {
        try await loadEveryone()
        try await open(16)
        state.expect {
            $0.screen = .detail(number: 16)
            $0.detail = rows([16])[0]
        }
        #expect(state.expected.detail?.item.name == "Jabba Desilijic Tiure")

        await #expect(throws: ListError.noRow(83, count: 82)) { try await viewModel.open("83") }
        await #expect(throws: ListError.noRow(0, count: 82)) { try await viewModel.open("0") }
        await #expect(throws: ListError.notARowNumber("x")) { try await viewModel.open("x") }
        state.expectUnchanged("a bad open leaves the detail on show")

        #expect(viewModel.back())
        state.expect {
            $0.screen = .list
            $0.detail = nil
        }
        let emitted = recorder.states.count
        #expect(!viewModel.back(), "back on the list is for the shell to handle")
        state.expectUnchanged()
        expectNoDifference(Array(recorder.states.dropFirst(emitted)), [], "nothing was published")
        calls.expectAllMade()
    }

    @Test func openingADetailAgainAsksAgainForNamesItDidNotGet() async throws {
        try await loadEveryone()
        #expect(fixture.nameCalls(1).count == 9, "Luke's homeworld, 4 films, 2 vehicles, 2 starships")
        try await open(1)
        #expect(viewModel.back())
        try await open(1)
        state.expect("this fixture names nobody; Luke's links show as they are") {
            $0.screen = .detail(number: 1)
            $0.detail = rows([1])[0]
        }
        calls.expectAllMade()
    }

    /// The spec's key behaviour: a favourite set on the detail shows on the list after `back`.
    @Test func favouriteSetOnTheDetailShowsOnTheListAfterBack() async throws {
        try await loadEveryone()
        try await open(19)
        state.takeCurrent()

        let row = try viewModel.toggleFavourite(nil)
        #expect(row == fixture.toggle(19, isFavourite: true))
        #expect(row.title == "Yoda")
        state.expect("the star shows on the detail and on the list behind it") {
            $0.detail?.isFavourite = true
            $0.rows = rows(Self.everyone, favourites: [19])
        }

        #expect(viewModel.back())
        state.expect {
            $0.screen = .list
            $0.detail = nil
        }
        #expect(try store.ids(in: "characters") == ["20"], "the id is SWAPI's (people/20), not the row")
        #expect(try store.list().map(\.title) == ["Yoda"])

        let again = try viewModel.toggleFavourite("19")
        #expect(again == fixture.toggle(19, isFavourite: false))
        state.expect { $0.rows = rows(Self.everyone) }
        #expect(try store.ids(in: "characters") == [])
        calls.expectAllMade()
    }

    @Test func favByNumberAndItsErrors() async throws {
        try await loadEveryone()
        _ = try viewModel.toggleFavourite("1")
        state.expect { $0.rows = rows(Self.everyone, favourites: [1]) }
        _ = try viewModel.toggleFavourite("82")
        state.expect { $0.rows = rows(Self.everyone, favourites: [1, 82]) }

        #expect(throws: ListError.nothingToFavourite) { try viewModel.toggleFavourite(nil) }
        #expect(throws: ListError.noRow(83, count: 82)) { try viewModel.toggleFavourite("83") }
        #expect(throws: ListError.notARowNumber("x")) { try viewModel.toggleFavourite("x") }
        state.expectUnchanged()
        calls.expectAllMade()
    }

    @Test func favouritesPersistForANewViewModelOnTheSameStore() async throws {
        try await loadEveryone()
        _ = try viewModel.toggleFavourite("4")

        let second = CharactersViewModel(service: fixture.service, favourites: store)
        let secondState = StateExpectations(second.state)
        calls.expect(Self.everyPage)
        try await second.load()
        secondState.expect("Darth Vader is starred") { fixture.everyoneLoaded(&$0, favourites: [4]) }
        calls.expectAllMade()
    }

    @Test func anUnusableDatabaseStillListsButFavouritingFails() async throws {
        let directory = TemporaryDirectory("characters-corrupt")
        defer { directory.remove() }
        let garbage = Data("this is not a database, it is a cantina menu".utf8)
        try garbage.write(to: directory.file("explorer.sqlite"))
        let broken = CharactersViewModel(service: fixture.service, favourites: FavouritesStore(database: AppDatabase(directory: directory.url)))
        let state = StateExpectations(broken.state)

        calls.expect(Self.everyPage)
        try await broken.load()
        let problem = try #require(broken.state.value.favouritesProblem)
        #expect(problem.contains("is damaged (file is not a database)"))
        state.expect("listed, with why favourites cannot be shown") {
            fixture.everyoneLoaded(&$0)
            $0.favouritesProblem = problem
        }
        #expect(throws: StoreError.self) { try broken.toggleFavourite("1") }
        state.expectUnchanged("a failed fav changes nothing")
        #expect(try Data(contentsOf: directory.file("explorer.sqlite")) == garbage)
        calls.expectAllMade()
    }

    @Test func aCallNobodyExpectedFailsTheTest() async {
        var error: PageLoadError?
        await withKnownIssue("the service answers only what the test expects") {
            error = await #expect(throws: PageLoadError.self) { try await viewModel.load() }
        }
        #expect(error?.underlying is UnexpectedCall, "page 1 was not expected")
        state.expectUnchanged()
    }

    /// Expects `body` to throw a filter error whose description, the line the user reads, is `message`.
    func expectFilterError(_ message: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) {
        let error = #expect(throws: CharacterFilterError.self, sourceLocation: sourceLocation) { try body() }
        #expect(error?.description == message, sourceLocation: sourceLocation)
    }
}
