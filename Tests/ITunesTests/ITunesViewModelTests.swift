import CustomDump
import ExplorerCore
import ExplorerHTTP
import ExplorerStore
import Foundation
@testable import ITunes
import Reactive
import TestSupport
import Testing

/// The view model driven intent by intent, with the whole state asserted after each one.
@MainActor
@Suite struct ITunesViewModelTests {
    let fixture = ITunesFixture()
    let store = FavouritesStore.inMemory()
    let progress = ProgressRecorder()
    let viewModel: ITunesViewModel
    let recorder: StateRecorder<ITunesState>
    let state: StateExpectations<ITunesState>

    init() {
        viewModel = ITunesViewModel(service: fixture.service, favourites: store, progress: progress.report)
        recorder = StateRecorder(viewModel.state)
        state = StateExpectations(viewModel.state)
    }

    // MARK: Expected states

    /// Rows `first…` of the hand-sorted "jack johnson" results.
    static func jackJohnsonRows(_ numbers: ClosedRange<Int>, favourites: Set<Int> = []) -> [ITunesState.Row] {
        numbers.map { number in
            let id = Recorded.jackJohnsonSortedIDs[number - 1]
            return ITunesState.Row(number: number, item: Recorded.jackJohnson(id: id), isFavourite: favourites.contains(id))
        }
    }

    static func jackJohnsonPage(_ page: Int, status: ITunesState.Status = .results) -> ITunesState {
        var state = ITunesState()
        state.status = status
        state.term = "jack johnson"
        state.page = page
        state.pageCount = 5
        state.totalCount = 50
        state.rows = jackJohnsonRows((page - 1) * 10 + 1...page * 10)
        return state
    }

    /// What `fav` says of `item` on row `number`.
    static func toggle(_ number: Int?, _ item: ITunesItem, isFavourite: Bool) -> FavouriteToggle {
        FavouriteToggle(number: number, itemID: item.itemID!, title: item.favouriteTitle, isFavourite: isFavourite)
    }

    static func searching(_ term: String, over shown: ITunesState = ITunesState()) -> ITunesState {
        var state = shown
        state.isLoading = true
        state.searching = term
        return state
    }

    /// `count` songs by one artist on one album, numbered 1…count, for paging.
    static func numberedSongs(_ count: Int) -> [ITunesItem] {
        (1...count).map { song(7_000 + $0, artist: "Paging Band", album: "Pages", track: "Song \($0)", number: $0) }
    }

    // MARK: Searching

    @Test func searchGoesFromIdleThroughSearchingToResults() async throws {
        expectNoDifference(recorder.states, [ITunesState()])
        #expect(viewModel.state.value.status == .idle)

        try await viewModel.search(["jack", "johnson"])

        expectNoDifference(recorder.states, [ITunesState(), Self.searching("jack johnson"), Self.jackJohnsonPage(1)])
        #expect(progress.messages == ["searching “jack johnson”…"])
        #expect(fixture.calls == ["search jack johnson"])
        #expect(viewModel.rowNumbers == Array(1...50))
        #expect(viewModel.pageCount == 5)
        #expect(viewModel.openItem == nil)
    }

    @Test func theTermIsTheWordsJoinedAndTrimmed() async throws {
        try await viewModel.search(["  jack", "johnson  "])
        #expect(fixture.calls == ["search jack johnson"])
        expectNoDifference(viewModel.state.value, Self.jackJohnsonPage(1))
        #expect(progress.messages == ["searching “jack johnson”…"])
    }

    @Test func progressNamesTheTermWithoutControlCharacters() async throws {
        try await viewModel.search(["café\u{1B}[31m", "\u{7}周杰倫"])
        #expect(progress.messages == ["searching “café[31m 周杰倫”…"])
        #expect(fixture.calls == ["search café\u{1B}[31m \u{7}周杰倫"], "the service gets the term as typed")
    }

    @Test func anEmptyAnswerIsNoResults() async throws {
        try await viewModel.search(["xyzzy"])

        var noResults = ITunesState()
        noResults.status = .noResults(term: "xyzzy")
        noResults.term = "xyzzy"
        expectNoDifference(recorder.states, [ITunesState(), Self.searching("xyzzy"), noResults])
        #expect(viewModel.rowNumbers == [])
        #expect(viewModel.pageCount == 0)
    }

    @Test func noResultsReplaceThePreviousResults() async throws {
        try await viewModel.search(["jack", "johnson"])
        try await viewModel.search(["xyzzy"])

        var noResults = ITunesState()
        noResults.status = .noResults(term: "xyzzy")
        noResults.term = "xyzzy"
        #expect(recorder.states.suffix(2) == [Self.searching("xyzzy", over: Self.jackJohnsonPage(1)), noResults])
        expectNoDifference(viewModel.state.value, noResults)
    }

    @Test func aFailedSearchKeepsThePreviousResultsOnShow() async throws {
        try await viewModel.search(["jack", "johnson"])
        try viewModel.showPage(.number(2))
        state.expect { $0 = Self.jackJohnsonPage(2) }
        fixture.failSearch("star", status: 503)

        await #expect(throws: HTTPError(.status(503), endpoint: "/search?term=star")) {
            try await viewModel.search(["star"])
        }

        state.expectUnchanged("the rows, and the term they are for")
        expectNoDifference(recorder.states.suffix(2), [Self.searching("star", over: state.expected), state.expected],
                           "searching, then as it was")
        #expect(progress.messages == ["searching “jack johnson”…", "searching “star”…"])

        try viewModel.showPage(.next)
        state.expect("the kept results still page") { $0 = Self.jackJohnsonPage(3) }

        try await viewModel.search(["jack", "johnson"])
        expectNoDifference(viewModel.state.value, Self.jackJohnsonPage(1), "a good search afterwards shows its results")
    }

    @Test func aFailedFirstSearchLeavesNothingSearched() async throws {
        fixture.failSearch("star", status: 500)
        await #expect(throws: HTTPError(.status(500), endpoint: "/search?term=star")) { try await viewModel.search(["star"]) }

        expectNoDifference(recorder.states, [ITunesState(), Self.searching("star"), ITunesState()])
    }

    @Test func aCancelledSearchPutsTheStateBack() async throws {
        try await viewModel.search(["jack", "johnson"])
        fixture.cancelEverySearch()

        await #expect(throws: CancellationError.self) { try await viewModel.search(["star"]) }
        #expect(recorder.states.suffix(2) == [Self.searching("star", over: Self.jackJohnsonPage(1)), Self.jackJohnsonPage(1)])
    }

    @Test func searchWithoutWordsIsAUsageErrorThatChangesNothing() async throws {
        await #expect(throws: CommandError("usage: search <words…>")) { try await viewModel.search([]) }
        await #expect(throws: CommandError("usage: search <words…>")) { try await viewModel.search(["  ", " "]) }
        expectNoDifference(recorder.states, [ITunesState()])
        #expect(fixture.calls == [])
        #expect(progress.messages == [])
    }

    // MARK: Sorting

    @Test func resultsAreSortedByArtistAlbumAndTrackNumber() async throws {
        try await viewModel.search(["jack", "johnson"])
        var ids: [Int] = []
        for page in 1...5 {
            try viewModel.showPage(.number(page))
            ids += viewModel.state.value.rows.compactMap(\.item.trackId)
        }
        #expect(ids == Recorded.jackJohnsonSortedIDs)
        #expect(Recorded.jackJohnson.compactMap(\.trackId) != Recorded.jackJohnsonSortedIDs, "the store's order was different")
    }

    @Test func eachTieBreakDecides() async throws {
        let items = [
            song(1, artist: "Zed", album: "A", track: "artist Z last", number: 1),
            song(2, artist: "Abba", album: "Z", track: "artist Abba, album Z", number: 1),
            song(3, artist: "beatles", album: "A", track: "lower-case b still after Abba", number: 9),
            song(4, artist: "Abba", album: "Album 10", track: "album 10", number: 1),
            song(5, artist: "Abba", album: "Album 2", track: "album 2 before album 10", number: 1),
            song(6, artist: "Mid", album: "Same", track: "no number", number: nil),
            song(7, artist: "Mid", album: "Same", track: "number 3", number: 3),
            song(8, artist: "Mid", album: "Same", track: "number 1", number: 1),
            song(9, artist: "Mid", album: "Same", track: "another without number", number: nil),
            song(10, artist: "Mid", album: "Same", track: "another number 3", number: 3),
        ]
        fixture.answer("ties", with: items)
        try await viewModel.search(["ties"])

        #expect(viewModel.state.value.rows.map(\.item.trackId) == [5, 4, 2, 3, 8, 7, 10, 6, 9, 1])
        #expect(viewModel.state.value.rows.compactMap(\.number) == Array(1...10))
        #expect(ITunesViewModel.sorted(items).map(\.trackId) == [5, 4, 2, 3, 8, 7, 10, 6, 9, 1])
    }

    /// Sorting by the places of the distinct names gives the order comparing the names row by
    /// row gives, over the whole embedded catalogue and over names that differ only in case,
    /// accents, numbers and width.
    @Test func sortingByPlacesIsSortingByNames() throws {
        let decoded = try EmbeddedITunesResults.results.map { try JSONDecoder().decode(ITunesItem.self, from: Data($0.utf8)) }
        let names = ["Abba", "ABBA", "abba", "Äbba", "Track 10", "Track 9", "track 9", "Ｔｒａｃｋ 9", "", "Zed", "zed", "Éclair",
                     "eclair", "周杰倫", "スピッツ", "a-ha", "A-HA", "aha"]
        let synthetic = (0..<120).map { index in
            song(index + 1, artist: names[index % names.count], album: names[(index * 7) % names.count], track: "t",
                 number: index % 5 == 0 ? nil : index % 3)
        }
        for items in [decoded, synthetic, synthetic.reversed()] {
            let byNames = items.enumerated().sorted { a, b in
                let (x, y) = (a.element, b.element)
                if let order = SortComparison.names(x.artistName ?? "", y.artistName ?? "", descending: false) { return order }
                if let order = SortComparison.names(x.collectionName ?? "", y.collectionName ?? "", descending: false) { return order }
                if let order = SortComparison.numbers(x.trackNumber.map(Double.init), y.trackNumber.map(Double.init), descending: false) {
                    return order
                }
                return a.offset < b.offset
            }.map(\.element)
            #expect(ITunesViewModel.sorted(items) == byNames)
        }
    }

    @Test func equalKeysKeepTheStoreOrder() {
        let items = (1...6).map { song($0, artist: "Same", album: "Same", track: "take \($0)", number: $0 % 2 == 0 ? nil : 4) }
        #expect(ITunesViewModel.sorted(items).map(\.trackId) == [1, 3, 5, 2, 4, 6])
        #expect(ITunesViewModel.sorted(items.reversed()).map(\.trackId) == [5, 3, 1, 6, 4, 2])
    }

    // MARK: Paging

    @Test func pagesHoldTenRowsAndNumbersContinue() async throws {
        try await viewModel.search(["jack", "johnson"])

        try viewModel.showPage(.next)
        expectNoDifference(viewModel.state.value, Self.jackJohnsonPage(2))
        #expect(viewModel.state.value.rows.compactMap(\.number) == Array(11...20))
        #expect(viewModel.state.value.rows.first?.item.trackName == "Banana Pancakes")

        try viewModel.showPage(.previous)
        expectNoDifference(viewModel.state.value, Self.jackJohnsonPage(1))

        try viewModel.showPage(.number(5))
        expectNoDifference(viewModel.state.value, Self.jackJohnsonPage(5))
        #expect(viewModel.state.value.rows.last?.item.trackName == "A Pirate Looks At Forty")
        #expect(viewModel.state.value.isOnLastPage)
        #expect(fixture.calls == ["search jack johnson"], "paging never asks the store again")
    }

    @Test func theLastPageMayBePartial() async throws {
        fixture.answer("pages", with: Self.numberedSongs(23))
        try await viewModel.search(["pages"])
        #expect(viewModel.state.value.pageCount == 3)
        #expect(viewModel.state.value.totalCount == 23)

        try viewModel.showPage(.number(3))
        var expected = ITunesState()
        expected.status = .results
        expected.term = "pages"
        expected.page = 3
        expected.pageCount = 3
        expected.totalCount = 23
        expected.rows = Self.numberedSongs(23)[20...].enumerated().map { ITunesState.Row(number: 21 + $0, item: $1, isFavourite: false) }
        expectNoDifference(viewModel.state.value, expected)
        #expect(viewModel.state.value.rows.compactMap(\.number) == [21, 22, 23])
    }

    @Test func pagingPastEitherEndIsAnErrorThatChangesNothing() async throws {
        try await viewModel.search(["jack", "johnson"])
        #expect(throws: CommandError("already on the first page")) { try viewModel.showPage(.previous) }
        #expect(throws: CommandError("no page 6: there are 5 pages")) { try viewModel.showPage(.number(6)) }
        expectNoDifference(viewModel.state.value, Self.jackJohnsonPage(1))

        try viewModel.showPage(.number(5))
        let count = recorder.states.count
        #expect(throws: CommandError("end of results (page 5 is the last)")) { try viewModel.showPage(.next) }
        expectNoDifference(viewModel.state.value, Self.jackJohnsonPage(5))
        #expect(recorder.states.count == count, "nothing published")
    }

    @Test func aSinglePageHasNoNextAndNoPageTwo() async throws {
        fixture.answer("one", with: Self.numberedSongs(1))
        try await viewModel.search(["one"])
        #expect(throws: CommandError("end of results (page 1 is the last)")) { try viewModel.showPage(.next) }
        #expect(throws: CommandError("no page 2: there is 1 page")) { try viewModel.showPage(.number(2)) }
        #expect(throws: CommandError("already on the first page")) { try viewModel.showPage(.previous) }
    }

    @Test func pagingBeforeAnySearchOrAfterNoResultsIsAnError() async throws {
        let message = CommandError("nothing to page through: `search <words>` first")
        #expect(throws: message) { try viewModel.showPage(.next) }
        #expect(throws: message) { try viewModel.showPage(.number(1)) }
        try await viewModel.search(["xyzzy"])
        #expect(throws: message) { try viewModel.showPage(.next) }
    }

    @Test func pagingFromADetailGoesBackToTheList() async throws {
        try await viewModel.search(["jack", "johnson"])
        try await viewModel.open("3")
        try viewModel.showPage(.next)
        expectNoDifference(viewModel.state.value, Self.jackJohnsonPage(2))
        #expect(viewModel.openItem == nil)
    }

    // MARK: Opening a result

    @Test func openRefreshesTheDetailWithALookup() async throws {
        try await viewModel.search(["jack", "johnson"])
        var fresh = Recorded.jackJohnson(id: 906900983)
        fresh.trackName = "Flake (Remastered)"
        fresh.trackPrice = 0.69
        fixture.answerLookup(906900983, with: fresh)

        try await viewModel.open("1")

        var expected = Self.jackJohnsonPage(1)
        expected.screen = .detail(number: 1)
        expected.detail = ITunesState.Row(number: 1, item: fresh, isFavourite: false)
        expectNoDifference(viewModel.state.value, expected)
        #expect(viewModel.openItem == fresh)
        #expect(fixture.calls == ["search jack johnson", "lookup 906900983"])
        #expect(viewModel.state.value.rows.first?.item.trackName == "Flake", "the list keeps the search's copy")
    }

    @Test func openOnAnotherPageUsesTheRowNumber() async throws {
        try await viewModel.search(["jack", "johnson"])
        try await viewModel.open("23")
        state.expect("the page behind the detail is unchanged") {
            $0 = Self.jackJohnsonPage(1)
            $0.screen = .detail(number: 23)
            $0.detail = ITunesState.Row(number: 23, item: Recorded.jackJohnson(id: 879273587), isFavourite: false)
        }
        #expect(fixture.lookups == ["lookup 879273587"])
    }

    @Test func aFailedLookupShowsTheSearchCopyWithANote() async throws {
        try await viewModel.search(["jack", "johnson"])
        fixture.failLookups(status: 500)

        try await viewModel.open("9")

        var expected = Self.jackJohnsonPage(1)
        expected.screen = .detail(number: 9)
        expected.detail = ITunesState.Row(number: 9, item: Recorded.betterTogether, isFavourite: false)
        expected.detailNotRefreshed = "HTTP 500 for /lookup?id=879273565&country=US"
        expectNoDifference(viewModel.state.value, expected)

        state.takeCurrent()

        fixture.failLookups(status: nil)
        try await viewModel.open("10")
        state.expect("the next good open has no note") {
            $0.screen = .detail(number: 10)
            $0.detail = ITunesState.Row(number: 10, item: Recorded.jackJohnson(id: Recorded.jackJohnsonSortedIDs[9]), isFavourite: false)
            $0.detailNotRefreshed = nil
        }
        #expect(state.expected.detail?.item.trackName == "Never Know")
    }

    @Test func aLookupThatFindsNothingKeepsTheSearchCopy() async throws {
        try await viewModel.search(["jack", "johnson"])
        fixture.answerLookup(879273565, with: nil)
        try await viewModel.open("9")
        state.expect("the search's copy, with no note") {
            $0 = Self.jackJohnsonPage(1)
            $0.screen = .detail(number: 9)
            $0.detail = ITunesState.Row(number: 9, item: Recorded.betterTogether, isFavourite: false)
        }
    }

    @Test func itemsWithoutATrackIdAreNotLookedUp() async throws {
        fixture.answer("fault", with: [Recorded.audiobook])
        try await viewModel.search(["fault"])
        try await viewModel.open("1")

        #expect(fixture.calls == ["search fault"])
        state.expect {
            $0.status = .results
            $0.term = "fault"
            $0.page = 1
            $0.pageCount = 1
            $0.totalCount = 1
            $0.rows = [ITunesState.Row(number: 1, item: Recorded.audiobook, isFavourite: false)]
            $0.screen = .detail(number: 1)
            $0.detail = ITunesState.Row(number: 1, item: Recorded.audiobook, isFavourite: false)
        }
    }

    @Test func openRejectsRowsThatDoNotExist() async throws {
        await #expect(throws: CommandError("no row 1: nothing found yet (`search <words>` first)")) { try await viewModel.open("1") }
        try await viewModel.search(["jack", "johnson"])
        await #expect(throws: ListError.noRow(51, count: 50)) { try await viewModel.open("51") }
        await #expect(throws: ListError.noRow(0, count: 50)) { try await viewModel.open("0") }
        await #expect(throws: ListError.notARowNumber("x")) { try await viewModel.open("x") }
        expectNoDifference(viewModel.state.value, Self.jackJohnsonPage(1))
        #expect(fixture.lookups == [])
    }

    @Test func backClosesTheDetailOnce() async throws {
        try await viewModel.search(["jack", "johnson"])
        try await viewModel.open("2")
        #expect(viewModel.back())
        expectNoDifference(viewModel.state.value, Self.jackJohnsonPage(1))
        #expect(!viewModel.back(), "back on the list is for the shell")
    }

    // MARK: lookup <id>

    @Test func lookupOpensADetailDirectly() async throws {
        try await viewModel.lookup("256412807")

        var expected = ITunesState()
        expected.screen = .detail(number: nil)
        expected.detail = ITunesState.Row(number: nil, item: Recorded.sakura, isFavourite: false)
        expectNoDifference(viewModel.state.value, expected)
        #expect(fixture.calls == ["lookup 256412807"])
    }

    @Test func lookupOfAResultCarriesItsRowNumber() async throws {
        try await viewModel.search(["jack", "johnson"])
        try await viewModel.lookup("879273565")
        state.expect {
            $0 = Self.jackJohnsonPage(1)
            $0.screen = .detail(number: 9)
            $0.detail = ITunesState.Row(number: 9, item: Recorded.betterTogether, isFavourite: false)
        }

        try await viewModel.lookup("1369438950")  // Bazzi's "Star", not among the results
        state.expect("the results stay behind it") {
            $0.screen = .detail(number: nil)
            $0.detail = ITunesState.Row(number: nil, item: Recorded.mixed[0], isFavourite: false)
        }
    }

    @Test func lookupClearsAnEarlierNote() async throws {
        try await viewModel.search(["jack", "johnson"])
        fixture.failLookups(status: 502)
        try await viewModel.open("1")
        let searchCopy = ITunesState.Row(number: 1, item: Recorded.jackJohnson(id: 906900983), isFavourite: false)
        state.expect {
            $0 = Self.jackJohnsonPage(1)
            $0.screen = .detail(number: 1)
            $0.detail = searchCopy
            $0.detailNotRefreshed = "HTTP 502 for /lookup?id=906900983&country=US"
        }
        fixture.failLookups(status: nil)
        try await viewModel.lookup("906900983")
        state.expect("looked up afresh, on the same row, with no note") {
            $0.detailNotRefreshed = nil
        }
        #expect(state.expected.detail?.number == 1)
    }

    @Test func lookupRejectsUnknownAndNonNumericIds() async throws {
        await #expect(throws: CommandError("no track with id 123")) { try await viewModel.lookup("123") }
        await #expect(throws: CommandError("expected a track id (a number), not 'abc'")) { try await viewModel.lookup("abc") }
        await #expect(throws: CommandError("expected a track id (a number), not '0'")) { try await viewModel.lookup("0") }
        await #expect(throws: CommandError("expected a track id (a number), not '-5'")) { try await viewModel.lookup("-5") }
        #expect(fixture.calls == ["lookup 123"])
        expectNoDifference(recorder.states, [ITunesState()])
    }

    @Test func aFailingLookupCommandChangesNothing() async throws {
        try await viewModel.search(["jack", "johnson"])
        fixture.failLookups(status: 503)
        await #expect(throws: HTTPError(.status(503), endpoint: "/lookup?id=879273565&country=US")) {
            try await viewModel.lookup("879273565")
        }
        expectNoDifference(viewModel.state.value, Self.jackJohnsonPage(1))
    }

    // MARK: Favourites

    @Test func favByRowNumberStarsTheRow() async throws {
        try await viewModel.search(["jack", "johnson"])
        let row = try viewModel.toggleFavourite("9")

        #expect(row == Self.toggle(9, Recorded.betterTogether, isFavourite: true))
        var expected = Self.jackJohnsonPage(1)
        expected.rows = Self.jackJohnsonRows(1...10, favourites: [879273565])
        expectNoDifference(viewModel.state.value, expected)
        #expect(try store.ids(in: "itunes") == ["879273565"])
        #expect(try store.list().map(\.title) == ["Better Together — Jack Johnson"])

        let again = try viewModel.toggleFavourite("9")
        #expect(!again.isFavourite)
        expectNoDifference(viewModel.state.value, Self.jackJohnsonPage(1))
        #expect(try store.ids(in: "itunes") == [])
    }

    @Test func favOnTheDetailShowsOnTheListAfterBack() async throws {
        try await viewModel.search(["jack", "johnson"])
        try viewModel.showPage(.number(2))
        try await viewModel.open("14")

        let row = try viewModel.toggleFavourite(nil)
        #expect(row == Self.toggle(14, Recorded.jackJohnson(id: 879273573), isFavourite: true))
        #expect(viewModel.state.value.detail?.isFavourite == true)

        #expect(viewModel.back())
        #expect(viewModel.state.value.rows.map(\.isFavourite) == [false, false, false, true, false, false, false, false, false, false])
        #expect(try store.list().map(\.title) == ["Sitting, Waiting, Wishing — Jack Johnson"])
    }

    @Test func aLookedUpDetailCanBeAFavouriteWithoutARowNumber() async throws {
        try await viewModel.lookup("256412807")
        let row = try viewModel.toggleFavourite(nil)
        #expect(row == Self.toggle(nil, Recorded.sakura, isFavourite: true))
        #expect(try store.list().map(\.title) == ["桜 — コブクロ"])
        #expect(try store.ids(in: "itunes") == ["256412807"])
    }

    @Test func anAudiobookWithoutTrackIdCannotBeAFavourite() async throws {
        fixture.answer("fault", with: [Recorded.audiobook])
        try await viewModel.search(["fault"])
        let before = viewModel.state.value

        let message = ListError.noID(title: "The Fault in Our Stars (Unabridged) — John Green", idName: "track id")
        #expect(throws: message) { try viewModel.toggleFavourite("1") }
        try await viewModel.open("1")
        #expect(throws: message) { try viewModel.toggleFavourite(nil) }
        #expect(try store.list().isEmpty)
        #expect(viewModel.back())
        expectNoDifference(viewModel.state.value, before)
    }

    @Test func favNeedsARowOrADetail() async throws {
        #expect(throws: ListError.nothingToFavourite) { try viewModel.toggleFavourite(nil) }
        #expect(throws: CommandError("no row 1: nothing found yet (`search <words>` first)")) { try viewModel.toggleFavourite("1") }
        try await viewModel.search(["jack", "johnson"])
        #expect(throws: ListError.nothingToFavourite) { try viewModel.toggleFavourite(nil) }
        #expect(throws: ListError.noRow(51, count: 50)) { try viewModel.toggleFavourite("51") }
        #expect(try store.list().isEmpty)
    }

    @Test func favouritesShowForANewViewModelOnTheSameStore() async throws {
        try await viewModel.search(["jack", "johnson"])
        _ = try viewModel.toggleFavourite("2")

        let second = ITunesViewModel(service: fixture.service, favourites: store)
        try await second.search(["jack", "johnson"])
        #expect(second.state.value.rows.filter(\.isFavourite).map(\.item.trackName) == ["Bubble Toes"])
    }

    // MARK: Refresh and reset

    @Test func refreshSearchesAgainKeepingPageAndDetail() async throws {
        try await viewModel.search(["jack", "johnson"])
        try viewModel.showPage(.number(3))
        try await viewModel.open("25")
        let before = viewModel.state.value

        try await viewModel.refresh()
        #expect(fixture.calls == ["search jack johnson", "lookup 879269461", "search jack johnson"])
        expectNoDifference(viewModel.state.value, before)
        #expect(before.detail?.number == 25)
        #expect(before.page == 3)
    }

    @Test func refreshBeforeAnySearchIsAnError() async throws {
        await #expect(throws: CommandError("nothing to refresh: `search <words>` first")) { try await viewModel.refresh() }
    }

    @Test func aFailedRefreshKeepsTheResults() async throws {
        try await viewModel.search(["jack", "johnson"])
        try viewModel.showPage(.number(2))
        fixture.failSearch("jack johnson", status: 500)

        await #expect(throws: HTTPError(.status(500), endpoint: "/search?term=jack%20johnson")) { try await viewModel.refresh() }
        expectNoDifference(viewModel.state.value, Self.jackJohnsonPage(2))
    }

    @Test func resetForgetsEverything() async throws {
        try await viewModel.search(["jack", "johnson"])
        try await viewModel.open("1")
        viewModel.reset()
        expectNoDifference(viewModel.state.value, ITunesState())
        #expect(viewModel.openItem == nil)
        #expect(viewModel.rowNumbers == [])
        await #expect(throws: CommandError("nothing to refresh: `search <words>` first")) { try await viewModel.refresh() }
    }

    @Test func anUnusableDatabaseStillSearchesButSaysSo() async throws {
        let directory = TemporaryDirectory("itunes-corrupt").url
        try Data("not a database".utf8).write(to: directory.appendingPathComponent("explorer.sqlite"))
        let broken = ITunesViewModel(service: fixture.service, favourites: FavouritesStore(database: AppDatabase(directory: directory)))

        try await broken.search(["jack", "johnson"])
        #expect(broken.state.value.rows.count == 10)
        #expect(broken.state.value.rows.allSatisfy { !$0.isFavourite })
        #expect(broken.state.value.favouritesProblem?.contains("is damaged (file is not a database)") == true)
        #expect(throws: StoreError.self) { try broken.toggleFavourite("1") }
    }
}
