import CustomDump
import ExplorerClock
import ExplorerCore
import ExplorerHTTP
import ExplorerStore
import ExplorerTrace
import Foundation
@testable import ITunes
import Reactive
import Synchronization
import TestSupport
import Testing

/// `type`: the search field typed a key at a time on a virtual clock, the binding debouncing it
/// and superseding a search in flight. Every state emitted is asserted; no time is waited.
@MainActor
@Suite("iTunes search as you type")
struct ITunesTypingTests {
    /// 2024-03-15T08:00:00Z.
    static let start = Date(timeIntervalSince1970: 1_710_489_600)
    let clock = SchedulingClock(virtualAt: Self.start)
    let fixture = ITunesFixture()
    var calls: ExpectedCalls<ITunesCall> { fixture.calls }
    let viewModel: ITunesViewModel
    let recorder: StateRecorder<ITunesState>
    let state: StateExpectations<ITunesState>

    init() {
        viewModel = ITunesViewModel(service: fixture.service, favourites: .inMemory(), clock: clock)
        recorder = StateRecorder(viewModel.state)
        state = StateExpectations(viewModel.state)
    }

    /// How far the clock stands from the start, in seconds (rounded to the millisecond).
    var elapsed: Double { (clock.now.timeIntervalSince(Self.start) * 1000).rounded() / 1000 }

    static func searching(_ term: String, over shown: ITunesState = ITunesState()) -> ITunesState {
        var state = shown
        state.isLoading = true
        state.searching = term
        return state
    }

    static func noResults(_ term: String) -> ITunesState {
        var state = ITunesState()
        state.status = .noResults(term: term)
        state.term = term
        return state
    }

    @Test func keysComeEvery120MillisecondsAndAWordIsFollowedByAPause() {
        let keys = ITunesViewModel.keystrokes("ab  cd")
        #expect(keys.map(\.text) == ["a", "ab", "ab ", "ab  ", "ab  c", "ab  cd"])
        #expect(keys.map { ($0.at * 1000).rounded() } == [0, 120, 720, 840, 960, 1080], "one pause, before the first space")
    }

    @Test func eachPauseSearchesWhatTheFieldHoldsAndTheLastAnswerIsShown() async throws {
        try await viewModel.load()
        #expect(viewModel.isBound)
        calls.expect([.search("jack"), .search("jack johnson")])
        try await viewModel.type("jack johnson")

        let jack = Self.noResults("jack")
        expectNoDifference(recorder.states, [
            ITunesState(),
            Self.searching("jack"), jack,  // the pause after "jack": 300 ms of quiet at 0.66 s
            Self.searching("jack johnson", over: jack), ITunesViewModelTests.jackJohnsonPage(1),
        ])
        state.expect { $0 = ITunesViewModelTests.jackJohnsonPage(1) }
        #expect(elapsed == 2.1, "the last key at 1.8 s, then the debounce")
        #expect(clock.timerCount == 0, "nothing left waiting")
        calls.expectAllMade()
    }

    @Test func aTermThatComesWhileASearchIsInFlightSupersedesItAndItsAnswerIsDropped() async throws {
        fixture.delaySearches(by: .seconds(2), on: clock)
        try await viewModel.load()
        calls.expect([.search("jack"), .search("jack johnson")])
        try await viewModel.type("jack johnson")

        expectNoDifference(recorder.states, [
            ITunesState(),
            Self.searching("jack"),  // at 0.66 s, its answer due at 2.66 s
            Self.searching("jack johnson"),  // at 2.1 s: "jack" is never shown
            ITunesViewModelTests.jackJohnsonPage(1),
        ])
        state.expect { $0 = ITunesViewModelTests.jackJohnsonPage(1) }
        #expect(elapsed == 4.1, "the answer to jack johnson held for its 2 s")
        #expect(clock.timerCount == 0)
        calls.expectAllMade()
    }

    @Test func theSameTermAgainSearchesNothingAndShowsTheScreenAsItIs() async throws {
        try await viewModel.load()
        calls.expect([.search("jack")])
        try await viewModel.type("jack")
        state.expect { $0 = Self.noResults("jack") }

        let count = recorder.states.count
        try await viewModel.type("jack ")
        #expect(Array(recorder.states.dropFirst(count)) == [Self.noResults("jack")],
                "`jack ` trims to the term searched last: no search, the state published as it is")
        state.expectUnchanged()
        calls.expectAllMade()
    }

    @Test func aLastSearchThatFailsIsThrownAndTheResultsBeforeStay() async throws {
        fixture.failSearch("xyzzy", status: 500)
        try await viewModel.load()
        calls.expect([.search("xyzzy")])
        await #expect(throws: HTTPError.self) { try await viewModel.type("xyzzy") }
        expectNoDifference(recorder.states, [ITunesState(), Self.searching("xyzzy"), ITunesState()])
        state.expectUnchanged()
        calls.expectAllMade()
    }

    @Test func aTermWhoseSearchFailedIsSearchedAgain() async throws {
        fixture.failSearch("xyzzy", status: 500)
        try await viewModel.load()
        calls.expect([.search("xyzzy")])
        await #expect(throws: HTTPError.self) { try await viewModel.type("xyzzy") }
        state.expectUnchanged()

        fixture.stopFailingSearch("xyzzy")
        fixture.answer("xyzzy", with: [Recorded.betterTogether])
        calls.expect([.search("xyzzy")])
        try await viewModel.type("xyzzy")
        state.expect("the failed term is not the one shown: searched again, its results shown") {
            $0 = ITunesViewModelTests.results("xyzzy", [Recorded.betterTogether])
        }
        calls.expectAllMade()
    }

    @Test func aTermIsSearchedAgainAfterASearchShowedAnother() async throws {
        fixture.answer("beatles", with: [Recorded.betterTogether])
        try await viewModel.load()
        calls.expect([.search("jack")])
        try await viewModel.type("jack")
        state.expect { $0 = Self.noResults("jack") }

        calls.expect([.search("beatles")])
        try await viewModel.search(["beatles"])
        state.expect { $0 = ITunesViewModelTests.results("beatles", [Recorded.betterTogether]) }

        calls.expect([.search("jack")])
        let count = recorder.states.count
        try await viewModel.type("jack")
        expectNoDifference(Array(recorder.states.dropFirst(count)), [
            Self.searching("jack", over: ITunesViewModelTests.results("beatles", [Recorded.betterTogether])),
            Self.noResults("jack"),
        ], "jack was typed before, but beatles is shown: jack is searched and shown again")
        state.expect { $0 = Self.noResults("jack") }
        calls.expectAllMade()
    }

    /// Ctrl-C while a search is in flight: the request is cancelled and `type` ends at once.
    /// The search is held until cancelled, so without the cancellation reaching it `type` would
    /// not return: the test then stops waiting at the time limit, which fails it. (On the
    /// virtual clock only: on a live one the keys' 120 ms and the debounce's 300 ms are real
    /// time, and a loaded machine searched `j` before `jack`.)
    @Test(.timeLimit(.minutes(1)))
    func interruptingTypeCancelsTheSearchInFlightAndChangesNothing() async throws {
        let viewModel = ITunesViewModel(service: fixture.service, favourites: .inMemory(), clock: clock)
        let recorder = StateRecorder(viewModel.state)
        let state = StateExpectations(viewModel.state)
        let held = fixture.holdSearchesUntilCancelled()
        try await viewModel.load()
        calls.expect([.search("jack")])

        let typing = Task { try await viewModel.type("jack") }
        await held.wait()
        typing.cancel()
        await #expect(throws: CancellationError.self) { try await typing.valueUnlessCancelled() }
        #expect(!Task.isCancelled, "type ended of itself, not the wait at the time limit")

        expectNoDifference(recorder.states, [ITunesState(), Self.searching("jack"), ITunesState()],
                           "the search's mark goes; its answer (a cancellation) is never shown")
        state.expectUnchanged()
        #expect(viewModel.isBound, "the binding is made afresh for the next `type`")
        #expect(clock.pendingTimers.filter { $0.name.hasPrefix("itunes ") }.isEmpty, "nothing of it left on the clock")
        calls.expectAllMade()
    }

    @Test func leavingTakesTheBindingAway() async throws {
        let tracer = Tracer(clock: clock, write: { _ in })
        let viewModel = ITunesViewModel(service: fixture.service, favourites: .inMemory(), clock: clock, tracer: tracer)
        try await viewModel.load()
        #expect(tracer.liveSubscriptions.live.map(\.chainText) == [
            "ITunesViewModel.typed → debounce(0.3 s) → map → filter → map → switchToLatest → ITunesViewModel.state",
        ])
        viewModel.unbindTyping()
        #expect(!viewModel.isBound)
        #expect(tracer.liveSubscriptions.live.isEmpty)
    }
}
