@testable import Characters
import CustomDump
import ExplorerCore
import ExplorerHTTP
import ExplorerStore
import Foundation
import Reactive
import SWAPI
import TestSupport
import Testing

/// The view model driven intent by intent, with the whole state asserted after each one.
@MainActor
@Suite struct CharactersViewModelTests {
    let fixture = CharactersFixture()
    let store = FavouritesStore.inMemory()
    let progress = ProgressRecorder()
    let viewModel: CharactersViewModel
    let recorder: StateRecorder<CharactersState>

    init() {
        viewModel = CharactersViewModel(service: fixture.service, favourites: store, progress: progress.report)
        recorder = StateRecorder(viewModel.state)
    }

    /// The rows with these numbers in the embedded data.
    func rows(_ numbers: [Int], favourites: Set<Int> = []) -> [CharactersState.Row] {
        fixture.rows(numbers, favourites: favourites)
    }

    static let blueEyed = [1, 6, 7, 11, 12, 13, 18, 25, 27, 31, 33, 38, 54, 58, 61, 63, 64, 73, 74, 79]
    static let blueEyedWomen = [7, 27, 54, 63, 64, 73, 74]

    // MARK: Loading

    @Test func loadAssemblesEveryCharacterInAPIOrderWithLoadingInBetween() async throws {
        #expect(!viewModel.isLoaded)
        try await viewModel.load()

        var loading = CharactersState()
        loading.isLoading = true
        expectNoDifference(recorder.states, [CharactersState(), loading, fixture.loadedState()])
        #expect(viewModel.isLoaded)
        #expect(viewModel.rowNumbers == Array(1...82))

        #expect(fixture.requests.first == 1)
        #expect(fixture.requests.count == 9)
        #expect(fixture.requests.sorted() == Array(1...9), "every page exactly once")

        try await viewModel.load()
        #expect(fixture.requests.count == 9, "a second load reuses what is loaded")
        expectNoDifference(viewModel.state.value, fixture.loadedState())
    }

    @Test func pageOneIsFetchedAloneBeforeAllTheOthers() async throws {
        fixture.delay(page: 1, by: .milliseconds(50))
        try await viewModel.load()

        let events = fixture.events
        #expect(Array(events.prefix(2)) == ["start 1", "end 1"])
        #expect(events.count == 18)
        #expect(events.filter { $0.hasPrefix("start") }.sorted() == (1...9).map { "start \($0)" }.sorted())
        #expect(events.filter { $0.hasPrefix("end") }.sorted() == (1...9).map { "end \($0)" }.sorted())
    }

    @Test func progressCountsPagesUpToTheLast() async throws {
        try await viewModel.load()

        let messages = progress.messages
        #expect(messages == (1...9).map { "loading characters \($0)/9" })
        let loaded = messages.compactMap { Int($0.split(separator: " ").last!.split(separator: "/")[0]) }
        #expect(loaded == loaded.sorted(), "non-decreasing")
        #expect(messages.last == "loading characters 9/9")
    }

    @Test func countsFollowTheDataNotAnAssumedEightyTwo() async throws {
        let fixture = CharactersFixture.synthetic(count: 87, pageSize: 10)
        let progress = ProgressRecorder()
        let viewModel = CharactersViewModel(service: fixture.service, favourites: store, progress: progress.report)
        try await viewModel.load()

        let state = viewModel.state.value
        #expect(state == fixture.loadedState())
        #expect(state.rows.last?.item.url == "https://swapi.dev/api/people/87/")
        #expect(state.rows[0].item.hairColor == "unknown", "a missing field reads unknown")
        #expect(state.rows[0].item.films == [])
        #expect(viewModel.rowNumbers == Array(1...87))
        #expect(fixture.requests.first == 1)
        #expect(fixture.requests.sorted() == Array(1...9))
        #expect(progress.messages == (1...9).map { "loading characters \($0)/9" })
        await #expect(throws: ListError.noRow(88, count: 87)) { try await viewModel.open("88") }
    }

    // MARK: Parallelism

    @Test(arguments: [6, 3])
    func pagesAreFetchedInParallelUpToTheLimit(limit: Int) async throws {
        fixture.delayEveryPage(by: .milliseconds(50))
        let viewModel = CharactersViewModel(service: fixture.service, favourites: store, maxConcurrentRequests: limit)
        try await viewModel.load()

        #expect(fixture.maximumInFlight > 1)
        #expect(fixture.maximumInFlight <= limit)
        #expect(fixture.requests.sorted() == Array(1...9))
        expectNoDifference(viewModel.state.value, fixture.loadedState(), "order does not depend on who finishes first")
    }

    @Test func aLimitOfOneFetchesOnePageAtATime() async throws {
        fixture.delayEveryPage(by: .milliseconds(50))
        let viewModel = CharactersViewModel(service: fixture.service, favourites: store, maxConcurrentRequests: 1)
        try await viewModel.load()

        #expect(fixture.maximumInFlight == 1)
        #expect(fixture.requests == Array(1...9), "one at a time means in page order")
        expectNoDifference(viewModel.state.value, fixture.loadedState())
    }

    @Test func pagesFinishingOutOfOrderAreStillAssembledInAPIOrder() async throws {
        fixture.hold(page: 2, untilEnded: Array(3...9))
        try await viewModel.load()

        let ends = fixture.events.filter { $0.hasPrefix("end") }
        #expect(ends.last == "end 2", "page 2 came back last")
        expectNoDifference(viewModel.state.value, fixture.loadedState())
        #expect(progress.messages == (1...9).map { "loading characters \($0)/9" })
    }

    @Test func theHTTPServiceOverTheEmbeddedDataLoadsTheSameCharacters() async throws {
        let http = EmbeddedHTTPClient(responder: SWAPIEmbeddedData.responder)
        let viewModel = CharactersViewModel(service: .http(http, resource: "people"), favourites: store)
        try await viewModel.load()
        expectNoDifference(viewModel.state.value, fixture.loadedState())

        await #expect(throws: HTTPError(.status(404), endpoint: "/people/?page=10", host: HTTPLocation.embeddedServer)) {
            try await SWAPIService<Person>.http(http, resource: "people").page(10)
        }
    }

    // MARK: Failures

    @Test func aFailingPageFailsTheWholeLoadAndShowsNothing() async throws {
        fixture.fail(page: 4, status: 500)

        let error = await #expect(throws: PageLoadError.self) { try await viewModel.load() }
        #expect(error?.description == "page 4 of 9 failed: HTTP 500 for /people/?page=4")
        #expect(error?.page == 4)
        #expect(error?.pageCount == 9)
        #expect(error?.underlying as? HTTPError == HTTPError(.status(500), endpoint: "/people/?page=4"))

        var loading = CharactersState()
        loading.isLoading = true
        expectNoDifference(recorder.states, [CharactersState(), loading, CharactersState()], "nothing half-assembled")
        expectNoDifference(viewModel.state.value, CharactersState())
        #expect(!viewModel.isLoaded)
        #expect(viewModel.rowNumbers == [])
        await #expect(throws: ListError.noRow(1, count: 0)) { try await viewModel.open("1") }

        fixture.heal()
        try await viewModel.load()
        expectNoDifference(viewModel.state.value, fixture.loadedState())
    }

    @Test func aFailingFirstPageNamesNoPageCount() async throws {
        fixture.fail(page: 1, status: 503)

        let error = await #expect(throws: PageLoadError.self) { try await viewModel.load() }
        #expect(error?.description == "page 1 failed: HTTP 503 for /people/?page=1")
        #expect(fixture.requests == [1], "no other page is asked for")
        expectNoDifference(viewModel.state.value, CharactersState())
        #expect(!viewModel.isLoaded)
    }

    @Test func aFailedRefreshKeepsTheLastGoodStateExactly() async throws {
        try await viewModel.load()
        try viewModel.filter(["eye=blue"])
        viewModel.sort(by: CharacterSort(.name))
        try await viewModel.open("7")
        _ = try viewModel.toggleFavourite(nil)
        let before = viewModel.state.value
        var expected = fixture.loadedState(favourites: [7])
        expected.refinement.filter = CharacterFilter([.eye: "blue"])
        expected.sort = CharacterSort(.name)
        expected.rows = rows([54, 11, 64, 7, 13, 61, 33, 18, 73, 25, 1, 63, 58, 27, 6, 31, 74, 38, 79, 12], favourites: [7])
        expected.screen = .detail(number: 7)
        expected.detail = rows([7], favourites: [7])[0]
        #expect(before == expected)
        let emitted = recorder.states.count

        fixture.fail(page: 9, status: 500)
        let error = await #expect(throws: PageLoadError.self) { try await viewModel.refresh() }
        #expect(error?.description == "page 9 of 9 failed: HTTP 500 for /people/?page=9")
        expectNoDifference(viewModel.state.value, before)
        var loading = before
        loading.isLoading = true
        #expect(Array(recorder.states.dropFirst(emitted)) == [loading, before], "loading shown, then the old state again")
        #expect(viewModel.isLoaded)

        fixture.heal()
        try await viewModel.refresh()
        expectNoDifference(viewModel.state.value, before, "same data again, same screen")
        #expect(fixture.requests.sorted() == (1...9).flatMap { [$0, $0, $0] }, "page 9 is the last to start: all were asked for")
    }

    @Test func refreshOntoNewDataDropsFiltersAndDetailsThatNoLongerExist() async throws {
        let fixture = CharactersFixture.synthetic(count: 87) { number in
            CharactersFixture.SyntheticPerson(number: number, eye: number == 87 ? "violet" : "brown")
        }
        let viewModel = CharactersViewModel(service: fixture.service, favourites: store)
        try await viewModel.load()
        try viewModel.filter(["eye=violet"])
        try await viewModel.open("87")
        #expect(viewModel.state.value.detail?.item.name == "Person 87")

        fixture.replacePages(with: EmbeddedPeoplePages.pages)
        try await viewModel.refresh()
        expectNoDifference(viewModel.state.value, self.fixture.loadedState(), "row 87 and eye=violet are gone")

        try viewModel.filter(["eye=blue"])
        try await viewModel.open("3")
        fixture.replacePages(with: EmbeddedPeoplePages.pages)
        try await viewModel.refresh()
        var expected = self.fixture.loadedState()
        expected.refinement.filter = CharacterFilter([.eye: "blue"])
        expected.rows = rows(Self.blueEyed)
        expected.screen = .detail(number: 3)
        expected.detail = rows([3])[0]
        expectNoDifference(viewModel.state.value, expected, "what still exists is kept")
    }

    @Test func resetForgetsTheDataButNotTheSort() async throws {
        try await viewModel.load()
        try viewModel.filter(["eye=blue"])
        viewModel.sort(by: CharacterSort(.mass))
        try await viewModel.open("1")
        viewModel.reset()

        var expected = CharactersState()
        expected.sort = CharacterSort(.mass)
        expectNoDifference(viewModel.state.value, expected)
        #expect(!viewModel.isLoaded)

        try await viewModel.load()
        #expect(fixture.requests.count == 18, "loads again after a reset")
    }

    // MARK: Segments and filters

    @Test func segmentsComeFromTheLoadedData() async throws {
        #expect(viewModel.segments(of: .eye) == [])
        try await viewModel.load()
        #expect(viewModel.segments(of: .eye) == [
            Segment("blue", 20), Segment("brown", 20), Segment("yellow", 12), Segment("black", 9),
            Segment("orange", 8), Segment("red", 6), Segment("hazel", 2), Segment("unknown", 2),
            Segment("blue-gray", 1), Segment("gold", 1), Segment("green", 1), Segment("pink", 1), Segment("white", 1),
        ])
        #expect(viewModel.segments(of: .gender) == [
            Segment("male", 60), Segment("female", 17), Segment("n/a", 3), Segment("hermaphrodite", 1), Segment("none", 1),
        ])
    }

    @Test func filterShowsTheMatchingRowsWithTheirOwnNumbers() async throws {
        try await viewModel.load()
        try viewModel.filter(["eye=blue"])

        var expected = fixture.loadedState()
        expected.refinement.filter = CharacterFilter([.eye: "blue"])
        expected.rows = rows(Self.blueEyed)
        expectNoDifference(viewModel.state.value, expected)
        #expect(viewModel.rowNumbers == Array(1...82), "completion still offers every row")

        try viewModel.filter(["gender=female", "eye=blue"])
        expected.refinement.filter = CharacterFilter([.eye: "blue", .gender: "female"])
        expected.rows = rows(Self.blueEyedWomen)
        expectNoDifference(viewModel.state.value, expected)
        #expect(viewModel.state.value.rows.map(\.item.name) == [
            "Beru Whitesun lars", "Mon Mothma", "Adi Gallia", "Luminara Unduli", "Barriss Offee", "Jocasta Nu", "R4-P17",
        ])

        try viewModel.filter([])
        expectNoDifference(viewModel.state.value, fixture.loadedState())
    }

    @Test func filterValuesAndKeysAreCaseInsensitive() async throws {
        try await viewModel.load()
        try viewModel.filter(["EYE=Blue"])

        var expected = fixture.loadedState()
        expected.refinement.filter = CharacterFilter([.eye: "blue"])
        expected.rows = rows(Self.blueEyed)
        expectNoDifference(viewModel.state.value, expected)
    }

    @Test func aTwoColourCharacterMatchesEitherColour() async throws {
        try await viewModel.load()
        try viewModel.filter(["eye=red"])
        #expect(viewModel.state.value.rows == rows([3, 8, 22, 23, 32, 74]))
        #expect(viewModel.state.value.rows.last?.item.eyeColor == "red, blue")

        try viewModel.filter(["eye=blue"])
        #expect(viewModel.state.value.rows.contains(rows([74])[0]))
    }

    @Test func unknownAndNotApplicableAreValuesLikeAnyOther() async throws {
        try await viewModel.load()
        try viewModel.filter(["eye=unknown"])
        #expect(viewModel.state.value.rows == rows([46, 75]))
        try viewModel.filter(["gender=n/a"])
        #expect(viewModel.state.value.rows == rows([2, 3, 8]))
    }

    @Test func aFilterNobodyMatchesListsNobody() async throws {
        try await viewModel.load()
        try viewModel.filter(["eye=white", "gender=male"])

        var expected = fixture.loadedState()
        expected.refinement.filter = CharacterFilter([.eye: "white", .gender: "male"])
        expected.rows = []
        expectNoDifference(viewModel.state.value, expected)
    }

    @Test func aFailedFilterLeavesThePreviousStateIntact() async throws {
        try await viewModel.load()
        try viewModel.filter(["eye=blue"])
        try await viewModel.open("2")
        let before = viewModel.state.value
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
        expectNoDifference(viewModel.state.value, before)
        #expect(recorder.states.count == emitted, "nothing was published")
    }

    @Test func filteringFromADetailReturnsToTheList() async throws {
        try await viewModel.load()
        try await viewModel.open("5")
        try viewModel.filter(["gender=female"])

        var expected = fixture.loadedState()
        expected.refinement.filter = CharacterFilter([.gender: "female"])
        expected.rows = rows([5, 7, 27, 34, 42, 45, 54, 60, 63, 64, 65, 69, 72, 73, 74, 77, 81])
        expectNoDifference(viewModel.state.value, expected)
    }

    @Test func openAndFavWorkForARowTheFilterHides() async throws {
        try await viewModel.load()
        try viewModel.filter(["eye=blue"])

        try await viewModel.open("2")  // C-3PO, yellow eyes
        var expected = fixture.loadedState()
        expected.refinement.filter = CharacterFilter([.eye: "blue"])
        expected.rows = rows(Self.blueEyed)
        expected.screen = .detail(number: 2)
        expected.detail = rows([2])[0]
        expectNoDifference(viewModel.state.value, expected)
        #expect(viewModel.state.value.detail?.item.name == "C-3PO")

        #expect(viewModel.back())
        expected.screen = .list
        expected.detail = nil
        expectNoDifference(viewModel.state.value, expected, "back to the filtered list")

        let row = try viewModel.toggleFavourite("2")
        #expect(row == fixture.toggle(2, isFavourite: true))
        expectNoDifference(viewModel.state.value, expected, "the hidden row's star changes nothing shown")
        #expect(try store.ids(in: "characters") == ["2"])

        try viewModel.filter([])
        expectNoDifference(viewModel.state.value, fixture.loadedState(favourites: [2]))
    }

    // MARK: Sorting

    @Test func sortByNameAscendingAndDescending() async throws {
        try await viewModel.load()
        viewModel.sort(by: CharacterSort(.name))

        let names = viewModel.state.value.rows.map(\.item.name)
        #expect(Array(names.prefix(5)) == ["Ackbar", "Adi Gallia", "Anakin Skywalker", "Arvel Crynyd", "Ayla Secura"])
        #expect(Array(names.suffix(4)) == ["Wilhuff Tarkin", "Yarael Poof", "Yoda", "Zam Wesell"])
        #expect(Array(names[57...59]) == ["R2-D2", "R4-P17", "R5-D4"])
        #expect(names.count == 82)
        #expect(viewModel.state.value.rows.compactMap(\.number).sorted() == Array(1...82), "numbers stay with their characters")

        viewModel.sort(by: CharacterSort(.name, descending: true))
        #expect(viewModel.state.value.rows.map(\.item.name) == names.reversed())
    }

    @Test func sortByHeightPutsUnknownLastInBothDirections() async throws {
        try await viewModel.load()
        viewModel.sort(by: CharacterSort(.height))
        var expected = fixture.loadedState()
        expected.sort = CharacterSort(.height)
        expected.rows = rows([19, 46, 29, 47, 3, 74, 8, 40, 48, 39, 5, 27, 60, 30, 42, 49, 7, 65, 64, 2, 73, 69, 17, 20, 33, 63, 53, 1, 15, 16, 25, 43, 24, 6, 45, 77, 81, 12, 14, 18, 26, 44, 10, 9, 21, 38, 41, 61, 62, 68, 54, 34, 59, 11, 50, 55, 57, 80, 23, 32, 67, 76, 31, 66, 75, 35, 52, 58, 51, 70, 22, 4, 37, 82, 72, 78, 36, 13, 71, 79, 56, 28])
        expectNoDifference(viewModel.state.value, expected)
        #expect(viewModel.state.value.rows.first?.item.name == "Yoda")
        #expect(viewModel.state.value.rows.last?.item.height == "unknown")

        viewModel.sort(by: CharacterSort(.height, descending: true))
        expected.sort = CharacterSort(.height, descending: true)
        expected.rows = rows([56, 79, 71, 13, 36, 78, 72, 37, 82, 4, 22, 51, 70, 35, 52, 58, 31, 66, 75, 32, 67, 76, 23, 11, 50, 55, 57, 80, 34, 59, 54, 9, 21, 38, 41, 61, 62, 68, 10, 12, 14, 18, 26, 44, 6, 45, 77, 81, 24, 16, 25, 43, 15, 1, 53, 17, 20, 33, 63, 69, 2, 73, 64, 7, 65, 42, 49, 30, 60, 5, 27, 39, 48, 40, 8, 3, 74, 47, 29, 46, 19, 28])
        expectNoDifference(viewModel.state.value, expected)
        #expect(viewModel.state.value.rows.last?.item.height == "unknown")
    }

    @Test func sortByMassReadsThousandsSeparatorsAndPutsUnknownLast() async throws {
        try await viewModel.load()
        viewModel.sort(by: CharacterSort(.mass, descending: true))
        let unknownMass = [12, 27, 28, 33, 37, 38, 39, 41, 42, 44, 48, 53, 55, 56, 58, 60, 61, 65, 67, 72, 73, 74, 76]
        var expected = fixture.loadedState()
        expected.sort = CharacterSort(.mass, descending: true)
        expected.rows = rows([16, 78, 22, 4, 79, 6, 23, 13, 18, 70, 32, 31, 71, 52, 59, 9, 11, 50, 26, 36, 51, 14, 43, 57, 62, 66, 82, 24, 25, 68, 80, 21, 1, 10, 17, 2, 7, 20, 15, 30, 35, 49, 77, 63, 45, 69, 54, 64, 5, 75, 81, 34, 47, 40, 3, 8, 29, 19, 46] + unknownMass)
        expectNoDifference(viewModel.state.value, expected)
        #expect(viewModel.state.value.rows.first?.item.name == "Jabba Desilijic Tiure")
        #expect(viewModel.state.value.rows.first?.item.mass == "1,358")
        #expect(Array(viewModel.state.value.rows.compactMap(\.number)[3...4]) == [4, 79], "a tie (136) keeps row order")

        viewModel.sort(by: CharacterSort(.mass))
        expected.sort = CharacterSort(.mass)
        expected.rows = rows([46, 19, 29, 3, 8, 40, 34, 47, 75, 81, 5, 54, 64, 45, 69, 63, 77, 49, 35, 30, 15, 2, 7, 20, 1, 10, 17, 21, 24, 25, 68, 80, 14, 43, 57, 62, 66, 82, 36, 51, 26, 9, 11, 50, 59, 52, 71, 31, 32, 70, 18, 13, 23, 6, 4, 79, 22, 78, 16] + unknownMass)
        expectNoDifference(viewModel.state.value, expected)
        #expect(viewModel.state.value.rows[58].item.name == "Jabba Desilijic Tiure", "1,358 is the heaviest, not 1")
    }

    @Test func sortByBirthPutsTheOldestFirstAndUnknownLast() async throws {
        try await viewModel.load()
        let unknownBirth = [8, 18, 28, 30, 32, 36, 37, 38, 39, 40, 44, 46, 47, 48, 49, 52, 53, 54, 55, 56, 58, 59, 60, 62, 65, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82]
        viewModel.sort(by: CharacterSort(.birth))
        var expected = fixture.loadedState()
        expected.sort = CharacterSort(.birth)
        expected.rows = rows([19, 16, 13, 2, 66, 31, 51, 33, 20, 61, 42, 50, 67, 68, 12, 41, 63, 10, 43, 23, 6, 35, 27, 45, 7, 34, 15, 4, 11, 26, 64, 25, 3, 21, 24, 14, 9, 57, 17, 1, 5, 22, 29] + unknownBirth)
        expectNoDifference(viewModel.state.value, expected)
        #expect(viewModel.state.value.rows.first?.item.name == "Yoda")
        #expect(viewModel.state.value.rows.first?.item.birthYear == "896BBY")

        viewModel.sort(by: CharacterSort(.birth, descending: true))
        expected.sort = CharacterSort(.birth, descending: true)
        expected.rows = rows([29, 22, 1, 5, 17, 57, 9, 14, 24, 21, 3, 25, 64, 26, 4, 11, 15, 34, 7, 27, 45, 6, 35, 23, 43, 10, 63, 41, 12, 68, 67, 42, 50, 20, 61, 33, 31, 51, 66, 2, 13, 16, 19] + unknownBirth)
        expectNoDifference(viewModel.state.value, expected)
        #expect(viewModel.state.value.rows.first?.item.name == "Wicket Systri Warrick")
    }

    @Test func birthYearsAfterTheBattleComeAfterThoseBefore() async throws {
        let years = ["4ABY", "19BBY", "unknown", "896BBY", "0ABY", "41.9BBY", "22ABY"]
        let fixture = CharactersFixture.synthetic(count: years.count) { number in
            CharactersFixture.SyntheticPerson(number: number, birthYear: years[number - 1])
        }
        let viewModel = CharactersViewModel(service: fixture.service, favourites: store)
        try await viewModel.load()

        viewModel.sort(by: CharacterSort(.birth))
        #expect(viewModel.state.value.rows.map(\.item.birthYear) == ["896BBY", "41.9BBY", "19BBY", "0ABY", "4ABY", "22ABY", "unknown"])
        viewModel.sort(by: CharacterSort(.birth, descending: true))
        #expect(viewModel.state.value.rows.map(\.item.birthYear) == ["22ABY", "4ABY", "0ABY", "19BBY", "41.9BBY", "896BBY", "unknown"])
    }

    @Test func sortAppliesToTheFilteredRowsAndSortOffRestoresAPIOrder() async throws {
        try await viewModel.load()
        try viewModel.filter(["eye=blue", "gender=female"])
        try await viewModel.open("7")
        viewModel.sort(by: CharacterSort(.name))

        var expected = fixture.loadedState()
        expected.refinement.filter = CharacterFilter([.eye: "blue", .gender: "female"])
        expected.sort = CharacterSort(.name)
        expected.rows = rows([54, 64, 7, 73, 63, 27, 74])
        expectNoDifference(viewModel.state.value, expected, "sorting returns to the list")
        #expect(viewModel.state.value.rows.map(\.item.name) == [
            "Adi Gallia", "Barriss Offee", "Beru Whitesun lars", "Jocasta Nu", "Luminara Unduli", "Mon Mothma", "R4-P17",
        ])

        viewModel.sort(by: nil)
        expected.sort = nil
        expected.rows = rows(Self.blueEyedWomen)
        expectNoDifference(viewModel.state.value, expected)
    }

    // MARK: Details and favourites

    @Test func openShowsAnyRowAndBackReturnsToTheList() async throws {
        try await viewModel.load()
        try await viewModel.open("16")

        var expected = fixture.loadedState()
        expected.screen = .detail(number: 16)
        expected.detail = rows([16])[0]
        expectNoDifference(viewModel.state.value, expected)
        #expect(viewModel.state.value.detail?.item.name == "Jabba Desilijic Tiure")

        await #expect(throws: ListError.noRow(83, count: 82)) { try await viewModel.open("83") }
        await #expect(throws: ListError.noRow(0, count: 82)) { try await viewModel.open("0") }
        await #expect(throws: ListError.notARowNumber("x")) { try await viewModel.open("x") }
        expectNoDifference(viewModel.state.value, expected, "a bad open leaves the detail on show")

        #expect(viewModel.back())
        expectNoDifference(viewModel.state.value, fixture.loadedState())
        let emitted = recorder.states.count
        #expect(!viewModel.back(), "back on the list is for the shell to handle")
        #expect(recorder.states.count == emitted)
    }

    /// The spec's key behaviour: a favourite set on the detail shows on the list after `back`.
    @Test func favouriteSetOnTheDetailShowsOnTheListAfterBack() async throws {
        try await viewModel.load()
        try await viewModel.open("19")
        let row = try viewModel.toggleFavourite(nil)
        #expect(row == fixture.toggle(19, isFavourite: true))
        #expect(row.title == "Yoda")

        var expected = fixture.loadedState(favourites: [19])
        expected.screen = .detail(number: 19)
        expected.detail = rows([19], favourites: [19])[0]
        expectNoDifference(viewModel.state.value, expected)

        #expect(viewModel.back())
        expectNoDifference(viewModel.state.value, fixture.loadedState(favourites: [19]))
        #expect(viewModel.state.value.rows.filter(\.isFavourite).map(\.number) == [19])
        #expect(try store.ids(in: "characters") == ["20"], "the id is SWAPI's (people/20), not the row")
        #expect(try store.list().map(\.title) == ["Yoda"])

        let again = try viewModel.toggleFavourite("19")
        #expect(again == fixture.toggle(19, isFavourite: false))
        expectNoDifference(viewModel.state.value, fixture.loadedState())
        #expect(try store.ids(in: "characters") == [])
    }

    @Test func favByNumberAndItsErrors() async throws {
        try await viewModel.load()
        _ = try viewModel.toggleFavourite("1")
        _ = try viewModel.toggleFavourite("82")
        expectNoDifference(viewModel.state.value, fixture.loadedState(favourites: [1, 82]))

        #expect(throws: ListError.nothingToFavourite) { try viewModel.toggleFavourite(nil) }
        #expect(throws: ListError.noRow(83, count: 82)) { try viewModel.toggleFavourite("83") }
        #expect(throws: ListError.notARowNumber("x")) { try viewModel.toggleFavourite("x") }
        expectNoDifference(viewModel.state.value, fixture.loadedState(favourites: [1, 82]))
    }

    @Test func favouritesPersistForANewViewModelOnTheSameStore() async throws {
        try await viewModel.load()
        _ = try viewModel.toggleFavourite("4")

        let second = CharactersViewModel(service: fixture.service, favourites: store)
        try await second.load()
        expectNoDifference(second.state.value, fixture.loadedState(favourites: [4]))
    }

    @Test func anUnusableDatabaseStillListsButFavouritingFails() async throws {
        let directory = TemporaryDirectory("characters-corrupt")
        defer { directory.remove() }
        let garbage = Data("this is not a database, it is a cantina menu".utf8)
        try garbage.write(to: directory.file("explorer.sqlite"))
        let broken = CharactersViewModel(service: fixture.service, favourites: FavouritesStore(database: AppDatabase(directory: directory.url)))

        try await broken.load()
        let problem = try #require(broken.state.value.favouritesProblem)
        #expect(problem.contains("is damaged (file is not a database)"))
        var expected = fixture.loadedState()
        expected.favouritesProblem = problem
        expectNoDifference(broken.state.value, expected, "listed, with why favourites cannot be shown")
        #expect(throws: StoreError.self) { try broken.toggleFavourite("1") }
        expectNoDifference(broken.state.value, expected, "a failed fav changes nothing")
        #expect(try Data(contentsOf: directory.file("explorer.sqlite")) == garbage)
    }

    /// Expects `body` to throw a filter error whose description, the line the user reads, is `message`.
    func expectFilterError(_ message: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) {
        let error = #expect(throws: CharacterFilterError.self, sourceLocation: sourceLocation) { try body() }
        #expect(error?.description == message, sourceLocation: sourceLocation)
    }
}
