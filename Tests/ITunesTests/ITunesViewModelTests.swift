import CustomDump
import ExplorerCore
import ExplorerHTTP
import ExplorerStore
import Foundation
@testable import ITunes
import Reactive
import TestSupport
import Testing

/// The view model driven intent by intent, the whole state asserted after each one, over a
/// service that answers only the calls each test expects.
@MainActor
@Suite struct ITunesViewModelTests {
    let fixture = ITunesFixture()
    var calls: ExpectedCalls<ITunesCall> { fixture.calls }
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

    /// A search for `term` answered with `count` items, on page 1.
    static func results(_ term: String, _ items: [ITunesItem]) -> ITunesState {
        var state = ITunesState()
        state.status = .results
        state.term = term
        state.page = 1
        state.pageCount = (items.count + 9) / 10
        state.totalCount = items.count
        state.rows = items.prefix(10).enumerated().map { ITunesState.Row(number: $0 + 1, item: $1, isFavourite: false) }
        return state
    }

    /// Set-up: "jack johnson" searched, page 1 on show (as ``searchGoesFromIdleThroughSearchingToResults()`` specifies).
    func searchJackJohnson() async throws {
        calls.expect([.search("jack johnson")])
        try await viewModel.search(["jack", "johnson"])
        state.takeCurrent()
    }

    /// Set-up: row `number` of "jack johnson" opened, looked up as it was found.
    func openJackJohnson(_ number: Int) async throws {
        calls.expect([.lookup(Recorded.jackJohnsonSortedIDs[number - 1])])
        try await viewModel.open(String(number))
        state.takeCurrent()
    }

    /// `count` songs by one artist on one album, numbered 1…count, for paging.
    static func numberedSongs(_ count: Int) -> [ITunesItem] {
        (1...count).map { song(7_000 + $0, artist: "Paging Band", album: "Pages", track: "Song \($0)", number: $0) }
    }

    // MARK: Searching

    @Test func searchGoesFromIdleThroughSearchingToResults() async throws {
        expectNoDifference(recorder.states, [ITunesState()])

        calls.expect([.search("jack johnson")])
        try await viewModel.search(["jack", "johnson"])

        expectNoDifference(recorder.states, [ITunesState(), Self.searching("jack johnson"), Self.jackJohnsonPage(1)])
        state.expect { $0 = Self.jackJohnsonPage(1) }
        #expect(progress.messages == ["searching “jack johnson”…"])
        #expect(viewModel.rowNumbers == Array(1...50))
        #expect(viewModel.pageCount == 5)
        #expect(viewModel.openItem == nil)
        calls.expectAllMade()
    }

    @Test func theTermIsTheWordsJoinedAndTrimmed() async throws {
        calls.expect([.search("jack johnson")])
        try await viewModel.search(["  jack", "johnson  "])
        state.expect { $0 = Self.jackJohnsonPage(1) }
        #expect(progress.messages == ["searching “jack johnson”…"])
        calls.expectAllMade()
    }

    @Test func progressNamesTheTermWithoutControlCharacters() async throws {
        let term = "café\u{1B}[31m \u{7}周杰倫"
        calls.expect([.search(term)])  // the service gets the term as typed
        try await viewModel.search(["café\u{1B}[31m", "\u{7}周杰倫"])
        state.expect {
            $0.status = .noResults(term: term)
            $0.term = term
        }
        #expect(progress.messages == ["searching “café[31m 周杰倫”…"])
        calls.expectAllMade()
    }

    @Test func anEmptyAnswerIsNoResults() async throws {
        calls.expect([.search("xyzzy")])
        try await viewModel.search(["xyzzy"])

        var noResults = ITunesState()
        noResults.status = .noResults(term: "xyzzy")
        noResults.term = "xyzzy"
        expectNoDifference(recorder.states, [ITunesState(), Self.searching("xyzzy"), noResults])
        state.expect {
            $0.status = .noResults(term: "xyzzy")
            $0.term = "xyzzy"
        }
        #expect(viewModel.rowNumbers == [])
        #expect(viewModel.pageCount == 0)
        calls.expectAllMade()
    }

    @Test func noResultsReplaceThePreviousResults() async throws {
        try await searchJackJohnson()

        calls.expect([.search("xyzzy")])
        try await viewModel.search(["xyzzy"])
        state.expect {
            $0.status = .noResults(term: "xyzzy")
            $0.term = "xyzzy"
            $0.page = 0
            $0.pageCount = 0
            $0.totalCount = 0
            $0.rows = []
        }
        expectNoDifference(recorder.states.suffix(2), [Self.searching("xyzzy", over: Self.jackJohnsonPage(1)), state.expected])
        calls.expectAllMade()
    }

    @Test func aFailedSearchKeepsThePreviousResultsOnShow() async throws {
        try await searchJackJohnson()
        try viewModel.showPage(.number(2))
        state.expect {
            $0.page = 2
            $0.rows = Self.jackJohnsonRows(11...20)
        }

        fixture.failSearch("star", status: 503)
        calls.expect([.search("star")])
        await #expect(throws: HTTPError(.status(503), endpoint: "/search?term=star")) {
            try await viewModel.search(["star"])
        }
        state.expectUnchanged("the rows, and the term they are for")
        expectNoDifference(recorder.states.suffix(2), [Self.searching("star", over: state.expected), state.expected],
                           "searching, then as it was")
        #expect(progress.messages == ["searching “jack johnson”…", "searching “star”…"])

        try viewModel.showPage(.next)
        state.expect("the kept results still page") {
            $0.page = 3
            $0.rows = Self.jackJohnsonRows(21...30)
        }

        calls.expect([.search("jack johnson")])
        try await viewModel.search(["jack", "johnson"])
        state.expect("a good search afterwards shows its results") {
            $0.page = 1
            $0.rows = Self.jackJohnsonRows(1...10)
        }
        calls.expectAllMade()
    }

    @Test func aFailedFirstSearchLeavesNothingSearched() async throws {
        fixture.failSearch("star", status: 500)
        calls.expect([.search("star")])
        await #expect(throws: HTTPError(.status(500), endpoint: "/search?term=star")) { try await viewModel.search(["star"]) }

        state.expectUnchanged()
        expectNoDifference(recorder.states, [ITunesState(), Self.searching("star"), ITunesState()])
        calls.expectAllMade()
    }

    @Test func aCancelledSearchPutsTheStateBack() async throws {
        try await searchJackJohnson()
        fixture.cancelEverySearch()

        calls.expect([.search("star")])
        await #expect(throws: CancellationError.self) { try await viewModel.search(["star"]) }
        state.expectUnchanged()
        expectNoDifference(recorder.states.suffix(2), [Self.searching("star", over: Self.jackJohnsonPage(1)), Self.jackJohnsonPage(1)])
        calls.expectAllMade()
    }

    // MARK: Sorting

    @Test func resultsAreSortedByArtistAlbumAndTrackNumber() async throws {
        try await searchJackJohnson()
        for page in 1...5 {
            try viewModel.showPage(.number(page))
            state.expect("page \(page) in the hand-sorted order") {
                $0.page = page
                $0.rows = Self.jackJohnsonRows((page - 1) * 10 + 1...page * 10)
            }
        }
        #expect(Recorded.jackJohnson.compactMap(\.trackId) != Recorded.jackJohnsonSortedIDs, "the store's order was different")
        calls.expectAllMade()
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
        let order = [5, 4, 2, 3, 8, 7, 10, 6, 9, 1]
        fixture.answer("ties", with: items)
        calls.expect([.search("ties")])
        try await viewModel.search(["ties"])

        state.expect { $0 = Self.results("ties", order.map { items[$0 - 1] }) }
        #expect(Self.sorted(items).map(\.trackId) == order)
        calls.expectAllMade()
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
            #expect(Self.sorted(items) == byNames)
        }
    }

    /// The view model's order of `items`, as results read in full.
    static func sorted(_ items: [ITunesItem]) -> [ITunesItem] {
        let results = items.map(ITunesResult.init)
        return ITunesViewModel.order(results).map { results[$0].item }
    }

    @Test func equalKeysKeepTheStoreOrder() {
        let items = (1...6).map { song($0, artist: "Same", album: "Same", track: "take \($0)", number: $0 % 2 == 0 ? nil : 4) }
        #expect(Self.sorted(items).map(\.trackId) == [1, 3, 5, 2, 4, 6])
        #expect(Self.sorted(items.reversed()).map(\.trackId) == [5, 3, 1, 6, 4, 2])
    }

    // MARK: Paging

    @Test func pagesHoldTenRowsAndNumbersContinue() async throws {
        try await searchJackJohnson()

        try viewModel.showPage(.next)
        state.expect {
            $0.page = 2
            $0.rows = Self.jackJohnsonRows(11...20)
        }
        #expect(state.expected.rows.first?.item.trackName == "Banana Pancakes")

        try viewModel.showPage(.previous)
        state.expect {
            $0.page = 1
            $0.rows = Self.jackJohnsonRows(1...10)
        }

        try viewModel.showPage(.number(5))
        state.expect {
            $0.page = 5
            $0.rows = Self.jackJohnsonRows(41...50)
        }
        #expect(state.expected.rows.last?.item.trackName == "A Pirate Looks At Forty")
        #expect(state.expected.isOnLastPage)
        calls.expectAllMade()  // paging never asks the store again: any call would have failed
    }

    @Test func theLastPageMayBePartial() async throws {
        let songs = Self.numberedSongs(23)
        fixture.answer("pages", with: songs)
        calls.expect([.search("pages")])
        try await viewModel.search(["pages"])
        state.expect { $0 = Self.results("pages", songs) }
        #expect(state.expected.pageCount == 3)

        try viewModel.showPage(.number(3))
        state.expect {
            $0.page = 3
            $0.rows = songs[20...].enumerated().map { ITunesState.Row(number: 21 + $0, item: $1, isFavourite: false) }
        }
        #expect(state.expected.rows.compactMap(\.number) == [21, 22, 23])
        calls.expectAllMade()
    }

    @Test func pagingPastEitherEndIsAnErrorThatChangesNothing() async throws {
        try await searchJackJohnson()
        #expect(throws: PageError.alreadyOnFirstPage) { try viewModel.showPage(.previous) }
        state.expectUnchanged()
        #expect(throws: PageError.noPage(6, count: 5)) { try viewModel.showPage(.number(6)) }
        state.expectUnchanged()

        try viewModel.showPage(.number(5))
        state.expect {
            $0.page = 5
            $0.rows = Self.jackJohnsonRows(41...50)
        }
        let count = recorder.states.count
        #expect(throws: ITunesError.endOfResults(lastPage: 5)) { try viewModel.showPage(.next) }
        state.expectUnchanged()
        #expect(recorder.states.count == count, "nothing published")
        calls.expectAllMade()
    }

    @Test func aSinglePageHasNoNextAndNoPageTwo() async throws {
        fixture.answer("one", with: Self.numberedSongs(1))
        calls.expect([.search("one")])
        try await viewModel.search(["one"])
        state.expect { $0 = Self.results("one", Self.numberedSongs(1)) }

        #expect(throws: ITunesError.endOfResults(lastPage: 1)) { try viewModel.showPage(.next) }
        #expect(throws: PageError.noPage(2, count: 1)) { try viewModel.showPage(.number(2)) }
        #expect(throws: PageError.alreadyOnFirstPage) { try viewModel.showPage(.previous) }
        state.expectUnchanged()
        calls.expectAllMade()
    }

    @Test func pagingBeforeAnySearchOrAfterNoResultsIsAnError() async throws {
        #expect(throws: ITunesError.nothingToPage) { try viewModel.showPage(.next) }
        #expect(throws: ITunesError.nothingToPage) { try viewModel.showPage(.number(1)) }
        state.expectUnchanged()

        calls.expect([.search("xyzzy")])
        try await viewModel.search(["xyzzy"])
        state.takeCurrent()
        #expect(throws: ITunesError.nothingToPage) { try viewModel.showPage(.next) }
        state.expectUnchanged()
        calls.expectAllMade()
    }

    @Test func pageAllListsEveryResultAsOneAndAsksForNothing() async throws {
        try await searchJackJohnson()
        try viewModel.showPage(.number(2))
        state.takeCurrent()

        try viewModel.showPage(.all(limit: 1))
        state.expect("every result: they came in one answer, so a bound has nothing to stop") {
            $0.all = AllPages(pages: 5)
            $0.rows = Self.jackJohnsonRows(1...50)
        }
        #expect(!state.expected.isOnLastPage)
        #expect(viewModel.rowNumbers == Array(1...50))

        try viewModel.showPage(.next)
        state.expect("`page next` leaves `all`, from the page it stayed on") {
            $0.all = nil
            $0.page = 3
            $0.rows = Self.jackJohnsonRows(21...30)
        }
        calls.expectAllMade()
    }

    @Test func pagingFromADetailGoesBackToTheList() async throws {
        try await searchJackJohnson()
        try await openJackJohnson(3)

        try viewModel.showPage(.next)
        state.expect {
            $0.screen = .list
            $0.detail = nil
            $0.page = 2
            $0.rows = Self.jackJohnsonRows(11...20)
        }
        #expect(viewModel.openItem == nil)
        calls.expectAllMade()
    }

    // MARK: Opening a result

    @Test func openRefreshesTheDetailWithALookup() async throws {
        try await searchJackJohnson()
        var fresh = Recorded.jackJohnson(id: 906900983)
        fresh.trackName = "Flake (Remastered)"
        fresh.trackPrice = 0.69
        fixture.answerLookup(906900983, with: fresh)

        calls.expect([.lookup(906900983)])
        try await viewModel.open("1")

        state.expect("the list keeps the search's copy") {
            $0.screen = .detail(number: 1)
            $0.detail = ITunesState.Row(number: 1, item: fresh, isFavourite: false)
        }
        #expect(state.expected.rows.first?.item.trackName == "Flake")
        #expect(viewModel.openItem == fresh)
        calls.expectAllMade()
    }

    @Test func openOnAnotherPageUsesTheRowNumber() async throws {
        try await searchJackJohnson()
        calls.expect([.lookup(879273587)])
        try await viewModel.open("23")
        state.expect("the page behind the detail is unchanged") {
            $0.screen = .detail(number: 23)
            $0.detail = ITunesState.Row(number: 23, item: Recorded.jackJohnson(id: 879273587), isFavourite: false)
        }
        calls.expectAllMade()
    }

    @Test func aFailedLookupShowsTheSearchCopyWithANote() async throws {
        try await searchJackJohnson()
        fixture.failLookups(status: 500)

        calls.expect([.lookup(879273565)])
        try await viewModel.open("9")
        state.expect {
            $0.screen = .detail(number: 9)
            $0.detail = ITunesState.Row(number: 9, item: Recorded.betterTogether, isFavourite: false)
            $0.detailNotRefreshed = "HTTP 500 for /lookup?id=879273565&country=US"
        }

        fixture.failLookups(status: nil)
        calls.expect([.lookup(Recorded.jackJohnsonSortedIDs[9])])
        try await viewModel.open("10")
        state.expect("the next good open has no note") {
            $0.screen = .detail(number: 10)
            $0.detail = ITunesState.Row(number: 10, item: Recorded.jackJohnson(id: Recorded.jackJohnsonSortedIDs[9]), isFavourite: false)
            $0.detailNotRefreshed = nil
        }
        #expect(state.expected.detail?.item.trackName == "Never Know")
        calls.expectAllMade()
    }

    @Test func aLookupThatFindsNothingKeepsTheSearchCopy() async throws {
        try await searchJackJohnson()
        fixture.answerLookup(879273565, with: nil)
        calls.expect([.lookup(879273565)])
        try await viewModel.open("9")
        state.expect("the search's copy, with no note") {
            $0.screen = .detail(number: 9)
            $0.detail = ITunesState.Row(number: 9, item: Recorded.betterTogether, isFavourite: false)
        }
        calls.expectAllMade()
    }

    @Test func itemsWithoutATrackIdAreNotLookedUp() async throws {
        fixture.answer("fault", with: [Recorded.audiobook])
        calls.expect([.search("fault")])
        try await viewModel.search(["fault"])
        state.expect { $0 = Self.results("fault", [Recorded.audiobook]) }

        try await viewModel.open("1")  // no lookup expected: one would fail the test
        state.expect {
            $0.screen = .detail(number: 1)
            $0.detail = ITunesState.Row(number: 1, item: Recorded.audiobook, isFavourite: false)
        }
        calls.expectAllMade()
    }

    @Test func openRejectsRowsThatDoNotExist() async throws {
        await #expect(throws: ITunesError.nothingFound(row: 1)) { try await viewModel.open("1") }
        state.expectUnchanged()

        try await searchJackJohnson()
        await #expect(throws: ListError.noRow(51, count: 50)) { try await viewModel.open("51") }
        await #expect(throws: ListError.noRow(0, count: 50)) { try await viewModel.open("0") }
        await #expect(throws: ListError.notARowNumber("x")) { try await viewModel.open("x") }
        state.expectUnchanged()
        calls.expectAllMade()  // no lookup
    }

    @Test func backClosesTheDetailOnce() async throws {
        try await searchJackJohnson()
        try await openJackJohnson(2)

        #expect(viewModel.back())
        state.expect {
            $0.screen = .list
            $0.detail = nil
        }
        #expect(state.expected == Self.jackJohnsonPage(1))
        #expect(!viewModel.back(), "back on the list is for the shell")
        state.expectUnchanged()
        calls.expectAllMade()
    }

    // MARK: lookup <id>

    @Test func lookupOpensADetailDirectly() async throws {
        calls.expect([.lookup(256412807)])
        try await viewModel.lookup("256412807")
        state.expect {
            $0.screen = .detail(number: nil)
            $0.detail = ITunesState.Row(number: nil, item: Recorded.sakura, isFavourite: false)
        }
        calls.expectAllMade()
    }

    @Test func lookupOfAResultCarriesItsRowNumber() async throws {
        try await searchJackJohnson()
        calls.expect([.lookup(879273565)])
        try await viewModel.lookup("879273565")
        state.expect {
            $0.screen = .detail(number: 9)
            $0.detail = ITunesState.Row(number: 9, item: Recorded.betterTogether, isFavourite: false)
        }

        calls.expect([.lookup(1369438950)])
        try await viewModel.lookup("1369438950")  // Bazzi's "Star", not among the results
        state.expect("the results stay behind it") {
            $0.screen = .detail(number: nil)
            $0.detail = ITunesState.Row(number: nil, item: Recorded.mixed[0], isFavourite: false)
        }
        calls.expectAllMade()
    }

    @Test func lookupClearsAnEarlierNote() async throws {
        try await searchJackJohnson()
        fixture.failLookups(status: 502)
        calls.expect([.lookup(906900983)])
        try await viewModel.open("1")
        state.expect {
            $0.screen = .detail(number: 1)
            $0.detail = ITunesState.Row(number: 1, item: Recorded.jackJohnson(id: 906900983), isFavourite: false)
            $0.detailNotRefreshed = "HTTP 502 for /lookup?id=906900983&country=US"
        }

        fixture.failLookups(status: nil)
        calls.expect([.lookup(906900983)])
        try await viewModel.lookup("906900983")
        state.expect("looked up afresh, on the same row, with no note") {
            $0.detailNotRefreshed = nil
        }
        calls.expectAllMade()
    }

    @Test func lookupRejectsUnknownAndNonNumericIds() async throws {
        calls.expect([.lookup(123)])
        await #expect(throws: ITunesError.noTrack(123)) { try await viewModel.lookup("123") }
        await #expect(throws: ITunesError.notATrackID("abc")) { try await viewModel.lookup("abc") }
        await #expect(throws: ITunesError.notATrackID("0")) { try await viewModel.lookup("0") }
        await #expect(throws: ITunesError.notATrackID("-5")) { try await viewModel.lookup("-5") }
        state.expectUnchanged()
        expectNoDifference(recorder.states, [ITunesState()], "nothing published")
        calls.expectAllMade()  // only the number was looked up
    }

    @Test func aFailingLookupCommandChangesNothing() async throws {
        try await searchJackJohnson()
        fixture.failLookups(status: 503)
        calls.expect([.lookup(879273565)])
        await #expect(throws: HTTPError(.status(503), endpoint: "/lookup?id=879273565&country=US")) {
            try await viewModel.lookup("879273565")
        }
        state.expectUnchanged()
        calls.expectAllMade()
    }

    // MARK: Favourites

    @Test func favByRowNumberStarsTheRow() async throws {
        try await searchJackJohnson()
        let row = try viewModel.toggleFavourite("9")

        #expect(row == Self.toggle(9, Recorded.betterTogether, isFavourite: true))
        state.expect { $0.rows = Self.jackJohnsonRows(1...10, favourites: [879273565]) }
        #expect(try store.ids(in: "itunes") == ["879273565"])
        #expect(try store.list().map(\.title) == ["Better Together — Jack Johnson"])

        let again = try viewModel.toggleFavourite("9")
        #expect(!again.isFavourite)
        state.expect { $0.rows = Self.jackJohnsonRows(1...10) }
        #expect(try store.ids(in: "itunes") == [])
        calls.expectAllMade()
    }

    @Test func favOnTheDetailShowsOnTheListAfterBack() async throws {
        try await searchJackJohnson()
        try viewModel.showPage(.number(2))
        try await openJackJohnson(14)

        let row = try viewModel.toggleFavourite(nil)
        #expect(row == Self.toggle(14, Recorded.jackJohnson(id: 879273573), isFavourite: true))
        state.expect {
            $0.detail?.isFavourite = true
            $0.rows = Self.jackJohnsonRows(11...20, favourites: [879273573])
        }

        #expect(viewModel.back())
        state.expect {
            $0.screen = .list
            $0.detail = nil
        }
        #expect(state.expected.rows.map(\.isFavourite) == [false, false, false, true, false, false, false, false, false, false])
        #expect(try store.list().map(\.title) == ["Sitting, Waiting, Wishing — Jack Johnson"])
        calls.expectAllMade()
    }

    @Test func aLookedUpDetailCanBeAFavouriteWithoutARowNumber() async throws {
        calls.expect([.lookup(256412807)])
        try await viewModel.lookup("256412807")
        state.takeCurrent()

        let row = try viewModel.toggleFavourite(nil)
        #expect(row == Self.toggle(nil, Recorded.sakura, isFavourite: true))
        state.expect { $0.detail?.isFavourite = true }
        #expect(try store.list().map(\.title) == ["桜 — コブクロ"])
        #expect(try store.ids(in: "itunes") == ["256412807"])
        calls.expectAllMade()
    }

    @Test func anAudiobookWithoutTrackIdCannotBeAFavourite() async throws {
        fixture.answer("fault", with: [Recorded.audiobook])
        calls.expect([.search("fault")])
        try await viewModel.search(["fault"])
        state.takeCurrent()

        let message = ListError.noID(title: "The Fault in Our Stars (Unabridged) — John Green", idName: "track id")
        #expect(throws: message) { try viewModel.toggleFavourite("1") }
        state.expectUnchanged()
        try await viewModel.open("1")
        state.takeCurrent()
        #expect(throws: message) { try viewModel.toggleFavourite(nil) }
        state.expectUnchanged()
        #expect(try store.list().isEmpty)
        #expect(viewModel.back())
        state.expect {
            $0.screen = .list
            $0.detail = nil
        }
        calls.expectAllMade()
    }

    @Test func favNeedsARowOrADetail() async throws {
        #expect(throws: ListError.nothingToFavourite) { try viewModel.toggleFavourite(nil) }
        #expect(throws: ITunesError.nothingFound(row: 1)) { try viewModel.toggleFavourite("1") }
        state.expectUnchanged()

        try await searchJackJohnson()
        #expect(throws: ListError.nothingToFavourite) { try viewModel.toggleFavourite(nil) }
        #expect(throws: ListError.noRow(51, count: 50)) { try viewModel.toggleFavourite("51") }
        state.expectUnchanged()
        #expect(try store.list().isEmpty)
        calls.expectAllMade()
    }

    @Test func favouritesShowForANewViewModelOnTheSameStore() async throws {
        try await searchJackJohnson()
        _ = try viewModel.toggleFavourite("2")
        state.expect { $0.rows = Self.jackJohnsonRows(1...10, favourites: [906900985]) }

        let second = ITunesViewModel(service: fixture.service, favourites: store)
        let secondState = StateExpectations(second.state)
        calls.expect([.search("jack johnson")])
        try await second.search(["jack", "johnson"])
        secondState.expect("Bubble Toes is starred") {
            $0 = Self.jackJohnsonPage(1)
            $0.rows = Self.jackJohnsonRows(1...10, favourites: [906900985])
        }
        calls.expectAllMade()
    }

    // MARK: Refresh and reset

    @Test func refreshSearchesAgainKeepingPageAndDetail() async throws {
        try await searchJackJohnson()
        try viewModel.showPage(.number(3))
        try await openJackJohnson(25)
        #expect(state.expected.detail?.number == 25)
        #expect(state.expected.page == 3)

        calls.expect([.search("jack johnson")])
        try await viewModel.refresh()
        state.expectUnchanged("the same page and detail")
        calls.expectAllMade()
    }

    @Test func refreshBeforeAnySearchIsAnError() async throws {
        await #expect(throws: ITunesError.nothingToRefresh) { try await viewModel.refresh() }
        state.expectUnchanged()
    }

    @Test func aFailedRefreshKeepsTheResults() async throws {
        try await searchJackJohnson()
        try viewModel.showPage(.number(2))
        state.takeCurrent()
        fixture.failSearch("jack johnson", status: 500)

        calls.expect([.search("jack johnson")])
        await #expect(throws: HTTPError(.status(500), endpoint: "/search?term=jack%20johnson")) { try await viewModel.refresh() }
        state.expectUnchanged()
        calls.expectAllMade()
    }

    @Test func resetForgetsEverything() async throws {
        try await searchJackJohnson()
        try await openJackJohnson(1)

        viewModel.reset()
        state.expect { $0 = ITunesState() }
        #expect(viewModel.openItem == nil)
        #expect(viewModel.rowNumbers == [])
        await #expect(throws: ITunesError.nothingToRefresh) { try await viewModel.refresh() }
        state.expectUnchanged()
        calls.expectAllMade()
    }

    @Test func anUnusableDatabaseStillSearchesButSaysSo() async throws {
        let directory = TemporaryDirectory("itunes-corrupt").url
        try Data("not a database".utf8).write(to: directory.appendingPathComponent("explorer.sqlite"))
        let broken = ITunesViewModel(service: fixture.service, favourites: FavouritesStore(database: AppDatabase(directory: directory)))
        let brokenState = StateExpectations(broken.state)

        calls.expect([.search("jack johnson")])
        try await broken.search(["jack", "johnson"])
        // The problem names the database's path, which is the test's temporary directory.
        let problem = try #require(broken.state.value.favouritesProblem)
        #expect(problem.contains("is damaged (file is not a database)"))
        brokenState.expect("the results, none starred, and why") {
            $0 = Self.jackJohnsonPage(1)
            $0.favouritesProblem = problem
        }
        #expect(throws: StoreError.self) { try broken.toggleFavourite("1") }
        brokenState.expectUnchanged()
        calls.expectAllMade()
    }

    // MARK: The service

    @Test func aCallNobodyExpectedFailsTheTest() async {
        var error: (any Error)?
        await withKnownIssue("the service answers only what the test expects") {
            error = await #expect(throws: UnexpectedCall.self) { try await viewModel.search(["jack", "johnson"]) }
        }
        #expect(error is UnexpectedCall, "the call was not expected")
        state.expectUnchanged()
    }
}
