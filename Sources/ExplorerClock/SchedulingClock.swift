import Foundation
import Synchronization

/// The clock explorer runs on: real time, or a virtual time that moves only when told
/// (`--clock 2024-03-15T05:00:00Z`, `clock pause`, `clock +5m`), with the repeating timers
/// features schedule (the races' poll every 5 minutes and re-sort every 50 seconds).
///
/// Timers never run on their own in the background, so nothing a timer does can interleave
/// with a screen or with what is being typed, and an idle session costs no CPU: the shell runs
/// the timers that are due before each command (``runDueTimers()``) and `watch` runs them as it
/// goes; moving a virtual clock (``advance(by:)``) runs each timer that falls due on the way
/// once, at the last time it falls due, the timers in the order of those times.
///
/// A timer keeps something up to date (a poll, a re-sort): each run replaces what the one
/// before made, so a run that the same timer's next run replaces before anyone could see it is
/// skipped. That is why a timer late by several intervals runs once, and why `clock +30d` costs
/// two runs, not 60,480 (re-sorts every 50 s and polls every 5 minutes for 30 days).
public final class SchedulingClock: AppClock {
    struct Entry: Sendable {
        var name: String
        var interval: TimeInterval
        var next: Date
        /// False for a timer that runs once (``schedule(after:name:_:)``), then is gone.
        var repeats = true
        var action: @MainActor @Sendable () async -> Void
    }

    private struct State {
        var virtualNow: Date?
        var timers: [Int: Entry] = [:]
        var nextID = 0
        var timerRan: (@Sendable (_ name: String, _ at: Date) -> Void)?
    }

    private let state: Mutex<State>

    /// A time as `clock TIME` and `--clock` take it: `2024-03-15T05:00:00Z`, or with an
    /// offset, or with fractional seconds (``UTCTimestamp/date(iso8601:)``, which needs neither
    /// ICU nor the machine's time zone).
    public static func time(_ text: String) -> Date? {
        UTCTimestamp.date(iso8601: text)
    }

    /// The times a virtual clock may stand at: what every store can write and read back. The
    /// stores write dates with four-digit years (`9999-12-31 23:59:59.000`), and GRDB cannot read
    /// a year 0 or 10000 back, so the clock stops short of both ends, with room to spare.
    public static let range = Date(timeIntervalSince1970: 0)...Date(timeIntervalSince1970: 253_370_764_800)

    /// ``range`` as a user reads it: `from 1970-01-01T00:00:00Z to 9999-01-01T00:00:00Z`.
    public static var rangeText: String {
        "from \(UTCTimestamp.iso8601(range.lowerBound)) to \(UTCTimestamp.iso8601(range.upperBound))"
    }

    /// A live clock, or a virtual one standing at `start`.
    public init(virtualAt start: Date? = nil) {
        state = Mutex(State(virtualNow: start))
    }

    public var now: Date { state.withLock { $0.virtualNow } ?? Date() }

    /// Whether the time is virtual (it moves only when told).
    public var isVirtual: Bool { state.withLock { $0.virtualNow != nil } }

    /// How many timers are scheduled.
    public var timerCount: Int { state.withLock { $0.timers.count } }

    /// The timers scheduled, soonest first (by name where two fall due at once).
    public var pendingTimers: [PendingTimer] {
        state.withLock { $0.timers.values.map { PendingTimer(name: $0.name, interval: $0.interval, next: $0.next, repeats: $0.repeats) } }
            .sorted { ($0.next, $0.name) < ($1.next, $1.name) }
    }

    /// Told the name of each timer as it runs, and the time the clock stands at (`trace` says
    /// which timer ran).
    public func onTimerRun(_ tell: @escaping @Sendable (_ name: String, _ at: Date) -> Void) {
        state.withLock { $0.timerRan = tell }
    }

    private func told(_ name: String) {
        let (tell, now) = state.withLock { ($0.timerRan, $0.virtualNow ?? Date()) }
        tell?(name, now)
    }

    /// Calls `action` every `interval` seconds from now (first after one interval), until the
    /// returned timer is cancelled or let go.
    public func schedule(every interval: TimeInterval, name: String,
                         _ action: @escaping @MainActor @Sendable () async -> Void) -> ClockTimer {
        let now = self.now
        let id = state.withLock { state in
            state.nextID += 1
            state.timers[state.nextID] = Entry(name: name, interval: max(interval, 0.001), next: now.addingTimeInterval(interval), action: action)
            return state.nextID
        }
        return ClockTimer(id: id, clock: self)
    }

    /// Calls `action` once, `delay` seconds from now, unless the returned timer is cancelled (or
    /// let go) first: what waits on the clock for a moment (a debounce, an answer held back), run
    /// as the repeating timers are — before a command, while `watch` or `type` runs, or as a
    /// virtual clock is moved.
    public func schedule(after delay: TimeInterval, name: String,
                         _ action: @escaping @MainActor @Sendable () async -> Void) -> ClockTimer {
        let now = self.now
        let id = state.withLock { state in
            state.nextID += 1
            state.timers[state.nextID] = Entry(name: name, interval: max(delay, 0), next: now.addingTimeInterval(max(delay, 0)),
                                               repeats: false, action: action)
            return state.nextID
        }
        return ClockTimer(id: id, clock: self)
    }

    func cancel(_ id: Int) {
        _ = state.withLock { $0.timers.removeValue(forKey: id) }
    }

    /// Runs every timer that is due now, soonest first, each once (a timer late by several
    /// intervals runs once and then keeps its rhythm from now). Returns how many ran.
    @MainActor @discardableResult
    public func runDueTimers() async -> Int {
        let now = self.now
        var ran = 0
        while let (id, entry) = nextDue(upTo: now) {
            state.withLock { state in
                guard state.timers[id] != nil else { return }
                guard entry.repeats else {
                    state.timers.removeValue(forKey: id)
                    return
                }
                var next = entry.next.addingTimeInterval(entry.interval)
                if next <= now { next = now.addingTimeInterval(entry.interval) }
                state.timers[id]?.next = next
            }
            told(entry.name)
            await entry.action()
            ran += 1
        }
        return ran
    }

    /// Moves a virtual clock forward by `seconds` (a live clock is paused at now first). Each
    /// timer that falls due on the way runs once, at the last time it falls due (its earlier
    /// runs would be replaced by that one unseen), the timers in the order of those times; the
    /// clock stands at each such time while its timer runs. Returns how many timers ran.
    @MainActor @discardableResult
    public func advance(by seconds: TimeInterval) async -> Int {
        if !isVirtual { pause() }
        return await advance(to: now.addingTimeInterval(max(seconds, 0)))
    }

    /// Moves a virtual clock forward to `date` (not back: before now, it stays), running the
    /// timers on the way as ``advance(by:)`` does; to a timer's time exactly, that timer runs.
    @MainActor @discardableResult
    public func advance(to date: Date) async -> Int {
        if !isVirtual { pause() }
        let target = max(date, now)
        var ran = 0
        while let (id, entry, last) = lastDue(upTo: target) {
            state.withLock { state in
                state.virtualNow = max(state.virtualNow ?? last, last)
                if entry.repeats {
                    state.timers[id]?.next = last.addingTimeInterval(entry.interval)
                } else {
                    state.timers.removeValue(forKey: id)
                }
            }
            told(entry.name)
            await entry.action()
            ran += 1
        }
        state.withLock { $0.virtualNow = target }
        return ran
    }

    /// Freezes the time at now: the clock becomes virtual.
    public func pause() {
        let now = Date()
        state.withLock { state in
            if state.virtualNow == nil { state.virtualNow = now }
        }
    }

    /// Back to real time: timers keep their rhythm from now (a timer whose time has passed
    /// runs at the next chance).
    public func goLive() {
        state.withLock { state in
            guard let virtual = state.virtualNow else { return }
            let real = Date()
            for id in state.timers.keys {
                let remaining = max(state.timers[id]!.next.timeIntervalSince(virtual), 0)
                state.timers[id]!.next = real.addingTimeInterval(remaining)
            }
            state.virtualNow = nil
        }
    }

    /// Sets a virtual clock to `date` (timers keep their distance from now).
    public func set(_ date: Date) {
        state.withLock { state in
            let from = state.virtualNow ?? Date()
            for id in state.timers.keys {
                state.timers[id]!.next = date.addingTimeInterval(state.timers[id]!.next.timeIntervalSince(from))
            }
            state.virtualNow = date
        }
    }

    public func follow(recordedTime date: Date) {
        state.withLock { state in
            guard let virtual = state.virtualNow, virtual < date else { return }
            state.virtualNow = date
        }
    }

    /// The timer due soonest at or before `limit`.
    private func nextDue(upTo limit: Date) -> (Int, Entry)? {
        state.withLock { state in
            state.timers.filter { $0.value.next <= limit }
                .min { ($0.value.next, $0.key) < ($1.value.next, $1.key) }
                .map { ($0.key, $0.value) }
        }
    }

    /// The timer whose last due time at or before `limit` is soonest, with that time: its first
    /// due time moved on by as many whole intervals as fit.
    private func lastDue(upTo limit: Date) -> (Int, Entry, Date)? {
        state.withLock { state in
            state.timers.compactMap { id, entry -> (Int, Entry, Date)? in
                guard entry.next <= limit else { return nil }
                guard entry.repeats else { return (id, entry, entry.next) }
                let intervals = (limit.timeIntervalSince(entry.next) / entry.interval).rounded(.down)
                var last = entry.next.addingTimeInterval(intervals * entry.interval)
                // Whatever the division rounded: the last, so the timer is not due again.
                if last.addingTimeInterval(entry.interval) <= limit { last = last.addingTimeInterval(entry.interval) }
                return (id, entry, min(last, limit))
            }
            .min { ($0.2, $0.0) < ($1.2, $1.0) }
        }
    }

    /// Waits `duration` as this clock passes time: on a live clock in real time (cancelling the
    /// task — Ctrl-C — ends the wait with `CancellationError`); on a virtual clock, which moves
    /// only when told, not at all — so an injected delay or timeout costs a script or a test no
    /// real time and what it prints does not depend on the machine.
    ///
    /// What the waits on a virtual clock stood for is added up for a task that asks
    /// (``measuringWaits(_:)``): a search held back for as long as its request's latency.
    public func sleep(for duration: Duration) async throws {
        guard !isVirtual else {
            Self.waits?.add(duration)
            return try Task.checkCancellation()
        }
        try await Task.sleep(for: duration)
    }

    /// Runs `body` and says how long the waits it made on a virtual clock stood for (an injected
    /// latency, a timeout), which took no time: zero on a live clock, where they were waited. A
    /// request made on a virtual clock can so be answered as late as it would have been
    /// (iTunes' search as it is typed holds its answer back that long on the clock).
    public func measuringWaits<T>(_ body: () async throws -> T) async rethrows -> (T, TimeInterval) {
        let tally = WaitTally()
        let value = try await Self.$waits.withValue(tally) { try await body() }
        return (value, tally.total)
    }

    /// The waits of the task measuring them, if it is.
    @TaskLocal static var waits: WaitTally?

    /// Starts measuring how long something takes on this clock (see ``Stopwatch``).
    public func stopwatch() -> Stopwatch {
        Stopwatch(clock: self, virtualStart: state.withLock { $0.virtualNow }, realStart: .now)
    }

    /// How long something took on the clock it was started on: real time while the clock is
    /// live; on a virtual clock the virtual time that passed (none, unless the clock was moved:
    /// `clock +5m`, `watch 2m`), so that times a script prints are the same on every run.
    public struct Stopwatch: Sendable {
        let clock: SchedulingClock
        let virtualStart: Date?
        let realStart: ContinuousClock.Instant

        public var elapsed: Duration {
            if let virtualStart, let now = clock.state.withLock({ $0.virtualNow }) {
                return .seconds(now.timeIntervalSince(virtualStart))
            }
            return ContinuousClock.now - realStart
        }

        /// Whether the times are virtual (the clock was virtual when it started).
        public var isVirtual: Bool { virtualStart != nil }
    }

    /// When the next timer falls due, if any.
    public var nextTimer: Date? {
        state.withLock { $0.timers.values.map(\.next).min() }
    }
}
