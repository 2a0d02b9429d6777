import ExplorerClock
import ExplorerCore
import ExplorerHTTP
import Foundation
@testable import Races
import TestSupport

/// Races built in code, their starts counted from the morning of the embedded data, and Neds
/// as a service of canned answers that records when (on the clock) it is asked.
enum RacesFixture {
    /// 2024-03-15T08:00:00Z: the virtual clocks of these tests start here.
    static let start = Date(timeIntervalSince1970: 1_710_489_600)

    /// `seconds` after ``start``.
    static func at(_ seconds: TimeInterval) -> Date {
        start.addingTimeInterval(seconds)
    }

    /// A race starting `seconds` after ``start`` (negative: before it).
    static func race(_ id: String, _ meeting: String, _ number: Int?, _ category: RaceCategory?, at seconds: TimeInterval,
                     name: String? = nil, venue: (String?, String?, String?) = (nil, nil, nil), form: RaceForm? = nil) -> Race {
        Race(id: id, name: name, number: number, meetingName: meeting, category: category, advertisedStart: at(seconds),
             venueName: venue.0, venueState: venue.1, venueCountry: venue.2, form: form)
    }

    /// The embedded answer as Neds gave it (its times as recorded).
    static func embeddedAnswer() throws -> RacesAnswer {
        try JSONDecoder().decode(RacesAnswer.self, from: Data(EmbeddedRacesAnswer.text.utf8))
    }
}

/// Neds' `nextraces`: each call answers the answer set last (or fails as set last), and is
/// recorded as the clock's time then, in seconds after ``RacesFixture/start``. ``hold()`` makes
/// the next call wait until it is let go, to see what happens while a fetch is running. Given
/// ``ExpectedCalls`` (the view model's tests), it answers only the calls expected, each taken
/// before it answers; without (the interactor's and the view's tests), every call.
final class RacesServiceFake: Sendable {
    private struct Stored {
        var answer: Result<[Race], HTTPError> = .success([])
        var calls: [TimeInterval] = []
        var counts: [Int] = []
        var gate: Gate?
    }

    private let clock: SchedulingClock
    private let stored = LockedValue(Stored())
    private let expected: ExpectedCalls<RacesCall>?

    init(clock: SchedulingClock, _ races: [Race] = [], calls: ExpectedCalls<RacesCall>? = nil) {
        self.clock = clock
        expected = calls
        answer(races)
    }

    func answer(_ races: [Race]) {
        stored.withLock { $0.answer = .success(races) }
    }

    func fail(_ error: HTTPError) {
        stored.withLock { $0.answer = .failure(error) }
    }

    /// When each fetch was asked for, in seconds after the start.
    var calls: [TimeInterval] { stored.value.calls }

    /// The `count` each fetch asked for.
    var counts: [Int] { stored.value.counts }

    /// Makes the next call wait for ``Gate/release()``; its answer is the one set by then.
    func hold() -> Gate {
        let gate = Gate()
        stored.withLock { $0.gate = gate }
        return gate
    }

    var service: RacesService {
        RacesService { [self] count in
            try expected?.take(.next(count: count))
            let time = clock.now.timeIntervalSince(RacesFixture.start)
            let gate = stored.withLock { stored -> Gate? in
                stored.calls.append(time)
                stored.counts.append(count)
                defer { stored.gate = nil }
                return stored.gate
            }
            if let gate { await gate.wait() }
            return try RacesAnswer(races: stored.value.answer.get())
        }
    }

    /// Holds a call until it is let go: ``called`` tells that the call is waiting.
    final class Gate: Sendable {
        private struct Waiting {
            var isOpen = false
            var continuation: CheckedContinuation<Void, Never>?
        }

        let called: AsyncStream<Void>
        private let calledContinuation: AsyncStream<Void>.Continuation
        private let waiting = LockedValue(Waiting())

        init() {
            (called, calledContinuation) = AsyncStream.makeStream()
        }

        func wait() async {
            await withCheckedContinuation { continuation in
                let isOpen = waiting.withLock { waiting -> Bool in
                    if !waiting.isOpen { waiting.continuation = continuation }
                    return waiting.isOpen
                }
                calledContinuation.yield()
                if isOpen { continuation.resume() }
            }
        }

        /// Until the held call is waiting.
        func untilCalled() async {
            for await _ in called { return }
        }

        func release() {
            let continuation = waiting.withLock { waiting -> CheckedContinuation<Void, Never>? in
                waiting.isOpen = true
                defer { waiting.continuation = nil }
                return waiting.continuation
            }
            continuation?.resume()
        }
    }
}

extension HTTPError {
    /// The failures Neds' fake answers with: the network unavailable, or a status.
    static let networkUnavailable = HTTPError(.networkUnavailable(.refused), endpoint: "/racing/?method=nextraces&count=10",
                                              host: "api.neds.com.au")

    static func status(_ code: Int) -> HTTPError {
        HTTPError(.status(code), endpoint: "/racing/?method=nextraces&count=10", host: "api.neds.com.au")
    }
}
