import Foundation
import Testing
import TestSupport
@testable import ExplorerClock

/// The clock features schedule their timers on: live or virtual; `advance` runs each timer that
/// falls due on the way once, at the last time it falls due (the runs before would be replaced
/// unseen), in the order of those times; `runDueTimers` runs what is due
/// once; `pause`, `goLive` and `set` keep the timers' distance from now. No time is waited for: every clock that
/// moves is virtual, and a live clock is only read.
@MainActor
@Suite("SchedulingClock")
struct SchedulingClockTests {
    /// 2024-03-15T08:00:00Z.
    static let start = Date(timeIntervalSince1970: 1_710_489_600)

    static func at(_ seconds: TimeInterval) -> Date { start.addingTimeInterval(seconds) }

    let clock = SchedulingClock(virtualAt: Self.start)

    /// What the timers' actions did, in order: `name@seconds after the start`.
    @MainActor
    final class Log {
        var entries: [String] = []

        func action(_ name: String, _ clock: SchedulingClock) -> @MainActor @Sendable () async -> Void {
            { [self] in entries.append("\(name)@\(Int(clock.now.timeIntervalSince(SchedulingClockTests.start)))") }
        }
    }

    // MARK: Live and virtual

    @Test func aLiveClockTellsTheRealTime() {
        let live = SchedulingClock()
        let before = Date()
        let now = live.now
        let after = Date()
        #expect(!live.isVirtual)
        #expect(now >= before && now <= after)
        #expect(live.timerCount == 0)
        #expect(live.nextTimer == nil)
    }

    @Test func aVirtualClockStandsStillUntilMoved() async {
        #expect(clock.isVirtual)
        #expect(clock.now == Self.start)
        #expect(clock.now == Self.start, "read again: the same")

        #expect(await clock.advance(by: 90) == 0)
        #expect(clock.now == Self.at(90))
        #expect(await clock.advance(by: -30) == 0, "never backwards")
        #expect(clock.now == Self.at(90))
    }

    // MARK: Timers and advance

    @Test func aTimerFirstFiresOneIntervalAfterItIsScheduled() async {
        let log = Log()
        let timer = clock.schedule(every: 50, name: "re-sort", log.action("re-sort", clock))
        #expect(clock.timerCount == 1)
        #expect(clock.nextTimer == Self.at(50))

        #expect(await clock.advance(by: 49) == 0)
        #expect(log.entries == [])
        #expect(await clock.advance(by: 1) == 1)
        #expect(log.entries == ["re-sort@50"])
        #expect(clock.nextTimer == Self.at(100))
        withExtendedLifetime(timer) {}
    }

    @Test func advanceRunsEachDueTimerOnceAtTheLastTimeItFallsDue() async {
        let log = Log()
        let resort = clock.schedule(every: 50, name: "re-sort", log.action("re-sort", clock))
        let poll = clock.schedule(every: 300, name: "poll", log.action("poll", clock))

        let ran = await clock.advance(by: 300)
        #expect(ran == 2)
        #expect(log.entries == ["re-sort@300", "poll@300"],
                "the re-sorts at 50 … 250 would be replaced by the one at 300 before anyone saw them; at 300 both are due: the one scheduled first runs first")
        #expect(clock.now == Self.at(300))
        #expect(clock.nextTimer == Self.at(350), "and each keeps its rhythm")

        #expect(await clock.advance(by: 25) == 0)
        #expect(await clock.advance(by: 600) == 2, "the re-sort at 900 and the poll at 900, not 12 re-sorts and 2 polls")
        #expect(log.entries.suffix(2) == ["re-sort@900", "poll@900"])
        #expect(clock.now == Self.at(925))
        #expect(clock.nextTimer == Self.at(950))
        withExtendedLifetime((resort, poll)) {}
    }

    @Test func timersRunInTheOrderOfTheirLastDueTimesTheClockStandingAtEach() async {
        let log = Log()
        let resort = clock.schedule(every: 50, name: "re-sort", log.action("re-sort", clock))
        let poll = clock.schedule(every: 300, name: "poll", log.action("poll", clock))

        #expect(await clock.advance(by: 380) == 2)
        #expect(log.entries == ["poll@300", "re-sort@350"], "the poll last fell due at 300, the re-sort at 350")
        #expect(clock.now == Self.at(380))
        #expect(clock.nextTimer == Self.at(400))
        withExtendedLifetime((resort, poll)) {}
    }

    @Test func aYearAheadCostsEachTimerOneRun() async {
        let log = Log()
        let resort = clock.schedule(every: 50, name: "re-sort", log.action("re-sort", clock))
        let poll = clock.schedule(every: 300, name: "poll", log.action("poll", clock))
        let tick = clock.schedule(every: 1, name: "tick", log.action("tick", clock))

        let year: TimeInterval = 366 * 86_400
        #expect(await clock.advance(by: year) == 3)
        #expect(log.entries == ["re-sort@\(Int(year))", "poll@\(Int(year))", "tick@\(Int(year))"],
                "all three last fell due at the end: in the order they were scheduled")
        #expect(clock.now == Self.at(year))
        #expect(clock.nextTimer == Self.at(year + 1))
        withExtendedLifetime((resort, poll, tick)) {}
    }

    @Test func timersDueAtTheSameTimeRunInTheOrderTheyWereScheduled() async {
        let log = Log()
        let timers = ["poll", "re-sort", "third"].map { clock.schedule(every: 300, name: $0, log.action($0, clock)) }
        #expect(await clock.advance(by: 600) == 3)
        #expect(log.entries == ["poll@600", "re-sort@600", "third@600"])
        withExtendedLifetime(timers) {}
    }

    @Test func aTimerScheduledByAnActionDuringAnAdvanceRunsInTheSameAdvance() async {
        let log = Log()
        let scheduled = LockedValue<ClockTimer?>(nil)
        let clock = self.clock
        let outer = clock.schedule(every: 100, name: "outer") {
            log.entries.append("outer@\(Int(clock.now.timeIntervalSince(Self.start)))")
            if scheduled.value == nil {
                let inner = clock.schedule(every: 30, name: "inner", log.action("inner", clock))
                scheduled.withLock { $0 = inner }
            }
        }

        #expect(await clock.advance(by: 170) == 2)
        #expect(log.entries == ["outer@100", "inner@160"],
                "the new timer counts from the time of the action that scheduled it (due at 130 and 160: runs at 160)")
        #expect(clock.timerCount == 2)
        withExtendedLifetime(outer) {}
    }

    @Test func anActionCanCancelATimerDueLaterInTheSameAdvance() async {
        let log = Log()
        let later = LockedValue<ClockTimer?>(nil)
        let canceller = clock.schedule(every: 50, name: "canceller") {
            log.entries.append("canceller")
            later.value?.cancel()
        }
        later.withLock { $0 = clock.schedule(every: 60, name: "later", log.action("later", clock)) }

        #expect(await clock.advance(by: 130) == 1)
        #expect(log.entries == ["canceller"], "the canceller runs at 100, before the later one's 120, and cancels it")
        #expect(clock.timerCount == 1)
        withExtendedLifetime(canceller) {}
    }

    @Test func aCancelledTimerNeverRunsAgain() async {
        let log = Log()
        let timer = clock.schedule(every: 50, name: "re-sort", log.action("re-sort", clock))
        await clock.advance(by: 50)

        timer.cancel()
        #expect(clock.timerCount == 0)
        #expect(clock.nextTimer == nil)
        #expect(await clock.advance(by: 500) == 0)
        #expect(log.entries == ["re-sort@50"])

        timer.cancel()
        #expect(clock.timerCount == 0, "cancelling twice is harmless")
    }

    @Test func aTimerLetGoStops() async {
        let log = Log()
        var timer: ClockTimer? = clock.schedule(every: 50, name: "re-sort", log.action("re-sort", clock))
        _ = clock.schedule(every: 10, name: "never kept", log.action("never kept", clock))
        #expect(clock.timerCount == 1, "a timer nobody keeps is gone at once")

        await clock.advance(by: 50)
        #expect(timer != nil)
        timer = nil
        #expect(clock.timerCount == 0)
        #expect(await clock.advance(by: 500) == 0)
        #expect(log.entries == ["re-sort@50"])
    }

    @Test func aTimerCanCancelItselfFromItsAction() async {
        let log = Log()
        let kept = LockedValue<ClockTimer?>(nil)
        let timer = clock.schedule(every: 50, name: "once") {
            log.entries.append("once")
            kept.value?.cancel()
        }
        kept.withLock { $0 = timer }
        #expect(await clock.advance(by: 500) == 1)
        #expect(log.entries == ["once"])
        #expect(clock.timerCount == 0)
    }

    @Test func advancingALiveClockPausesItFirst() async {
        let live = SchedulingClock()
        let before = Date()
        #expect(await live.advance(by: 300) == 0)
        let after = Date()
        #expect(live.isVirtual)
        let now = live.now
        #expect(now >= before.addingTimeInterval(300) && now <= after.addingTimeInterval(300))
        #expect(live.now == now, "and it stands still")
    }

    // MARK: Timers that run once

    @Test func aTimerThatRunsOnceRunsAtItsTimeAndIsGone() async {
        let log = Log()
        let repeating = clock.schedule(every: 50, name: "re-sort", log.action("re-sort", clock))
        let once = clock.schedule(after: 0.3, name: "itunes debounce", log.action("debounce", clock))
        #expect(clock.pendingTimers.map(\.name) == ["itunes debounce", "re-sort"])
        #expect(clock.pendingTimers.map(\.repeats) == [false, true])
        #expect(clock.nextTimer == Self.at(0.3))

        #expect(await clock.advance(to: Self.at(0.3)) == 1, "to its time exactly, it runs")
        #expect(log.entries == ["debounce@0"])
        #expect(clock.pendingTimers.map(\.name) == ["re-sort"], "run once, gone")
        #expect(await clock.advance(by: 100) == 1)
        #expect(log.entries == ["debounce@0", "re-sort@100"], "never again; the repeating one at its last due time")
        withExtendedLifetime((repeating, once)) {}
    }

    @Test func aTimerThatRunsOnceLateRunsOnceAtItsOwnTime() async {
        let log = Log()
        let once = clock.schedule(after: 30, name: "answer", log.action("answer", clock))
        #expect(await clock.advance(by: 500) == 1)
        #expect(log.entries == ["answer@30"], "at its time, not at the last multiple of it")
        #expect(clock.timerCount == 0)
        withExtendedLifetime(once) {}
    }

    @Test func aTimerThatRunsOnceCancelledNeverRuns() async {
        let log = Log()
        let once = clock.schedule(after: 1, name: "debounce", log.action("debounce", clock))
        once.cancel()
        #expect(await clock.advance(by: 5) == 0)
        #expect(log.entries == [])

        _ = clock.schedule(after: 1, name: "dropped", log.action("dropped", clock))
        #expect(clock.timerCount == 0, "let go at once: cancelled")
    }

    @Test func runDueTimersRunsATimerThatRunsOnceOnce() async {
        let log = Log()
        let once = clock.schedule(after: 10, name: "answer", log.action("answer", clock))
        clock.follow(recordedTime: Self.at(20))  // moves the time on, the timer not with it
        #expect(await clock.runDueTimers() == 1)
        #expect(await clock.runDueTimers() == 0)
        #expect(log.entries == ["answer@20"])
        withExtendedLifetime(once) {}
    }

    @Test func advanceToAMomentBeforeNowStaysPut() async {
        await clock.advance(by: 60)
        #expect(await clock.advance(to: Self.at(30)) == 0)
        #expect(clock.now == Self.at(60))
    }

    // MARK: runDueTimers

    @Test func runDueTimersRunsNothingBeforeItsTime() async {
        let log = Log()
        let timer = clock.schedule(every: 50, name: "re-sort", log.action("re-sort", clock))
        #expect(await clock.runDueTimers() == 0)
        #expect(log.entries == [])
        #expect(clock.nextTimer == Self.at(50))
        withExtendedLifetime(timer) {}
    }

    @Test func runDueTimersRunsEachDueTimerOnceInOrder() async {
        // Inside the first timer's action at 50 s, the two others are due too.
        let log = Log()
        let clock = self.clock
        let ran = LockedValue<Int?>(nil)
        let first = clock.schedule(every: 50, name: "first") {
            log.entries.append("first")
            let count = await clock.runDueTimers()
            ran.withLock { $0 = count }
        }
        let second = clock.schedule(every: 50, name: "second", log.action("second", clock))
        let third = clock.schedule(every: 50, name: "third", log.action("third", clock))

        #expect(await clock.advance(by: 50) == 1, "the advance itself ran only the first")
        #expect(ran.value == 2)
        #expect(log.entries == ["first", "second@50", "third@50"], "each once")
        #expect(clock.nextTimer == Self.at(100), "all three keep their rhythm")
        #expect(await clock.advance(by: 50) == 1)
        #expect(log.entries.suffix(3) == ["first", "second@100", "third@100"], "and again at 100, each once")
        withExtendedLifetime((first, second, third)) {}
    }

    @Test func runDueTimersRunsALateTimerOnceThenKeepsTheRhythmFromNow() async {
        // On a live clock, a timer of interval 0 (1 ms at the least) is late by now, perhaps by
        // many intervals: it runs once, and next one interval after the time it ran.
        let live = SchedulingClock()
        let count = LockedValue(0)
        let timer = live.schedule(every: 0, name: "busy") { count.withLock { $0 += 1 } }
        let before = live.now
        #expect(await live.runDueTimers() == 1)
        let after = live.now
        #expect(count.value == 1)
        let next = live.nextTimer
        #expect(next.map { $0 > before && $0 <= after.addingTimeInterval(0.001) } == true,
                "next: \(String(describing: next)), ran between \(before) and \(after)")
        withExtendedLifetime(timer) {}
    }

    // MARK: pause, goLive, set

    @Test func pauseFreezesALiveClockAndLeavesAVirtualOneAlone() {
        let live = SchedulingClock()
        let before = Date()
        live.pause()
        let after = Date()
        #expect(live.isVirtual)
        let frozen = live.now
        #expect(frozen >= before && frozen <= after)
        #expect(live.now == frozen)

        clock.pause()
        #expect(clock.now == Self.start)
    }

    @Test func goLiveKeepsTheTimersRemainingTime() async {
        let log = Log()
        let resort = clock.schedule(every: 50, name: "re-sort", log.action("re-sort", clock))
        let poll = clock.schedule(every: 300, name: "poll", log.action("poll", clock))
        await clock.advance(by: 120)

        let before = Date()
        clock.goLive()
        let after = Date()
        #expect(!clock.isVirtual)
        let now = clock.now
        #expect(now >= before)
        let next = clock.nextTimer
        #expect(next.map { $0 >= before.addingTimeInterval(30) && $0 <= after.addingTimeInterval(30) } == true,
                "the re-sort was 30 s away, and still is")
        #expect(await clock.runDueTimers() == 0)

        clock.goLive()
        #expect(!clock.isVirtual, "live already: nothing changes")
        withExtendedLifetime((resort, poll)) {}
    }

    @Test func setMovesAVirtualClockAndTheTimersKeepTheirDistance() async {
        let log = Log()
        let timer = clock.schedule(every: 50, name: "re-sort", log.action("re-sort", clock))
        await clock.advance(by: 20)

        clock.set(Self.at(10_000))
        #expect(clock.now == Self.at(10_000))
        #expect(clock.nextTimer == Self.at(10_030))
        #expect(log.entries == [], "setting the time runs nothing")

        clock.set(Self.at(-500))
        #expect(clock.nextTimer == Self.at(-470), "back in time too")
        #expect(await clock.advance(by: 30) == 1)
        #expect(log.entries == ["re-sort@-470"])
        withExtendedLifetime(timer) {}
    }

    @Test func setMakesALiveClockVirtual() {
        let live = SchedulingClock()
        live.set(Self.start)
        #expect(live.isVirtual)
        #expect(live.now == Self.start)
    }

    @Test func nextTimerIsTheSoonestOfAll() async {
        #expect(clock.nextTimer == nil)
        let poll = clock.schedule(every: 300, name: "poll") {}
        #expect(clock.nextTimer == Self.at(300))
        let resort = clock.schedule(every: 50, name: "re-sort") {}
        #expect(clock.nextTimer == Self.at(50))
        await clock.advance(by: 290)
        #expect(clock.nextTimer == Self.at(300))
        resort.cancel()
        #expect(clock.nextTimer == Self.at(300))
        poll.cancel()
        #expect(clock.nextTimer == nil)
    }

    // MARK: Waiting and measuring by the clock

    // An hour on a virtual clock is no real time: were it waited, the time limit would end the test.
    @Test(.timeLimit(.minutes(5)))
    func aVirtualClockDoesNotWaitAndDoesNotMove() async throws {
        try await clock.sleep(for: .seconds(3600))
        #expect(clock.now == Self.start, "and the clock stays where it stands")
    }

    @Test func aLiveClockWaitsInRealTimeAndCancellingEndsTheWait() async throws {
        let live = SchedulingClock()
        let before = ContinuousClock.now
        try await live.sleep(for: .milliseconds(200))
        #expect(ContinuousClock.now - before >= .milliseconds(200))
        let waiting = Task { try await live.sleep(for: .seconds(3600)) }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }

    @Test func aStopwatchOnAVirtualClockMeasuresOnlyTheVirtualTimeThatPassed() async {
        let stopwatch = clock.stopwatch()
        for _ in 0..<1000 { await Task.yield() }
        #expect(stopwatch.elapsed == .zero)
        #expect(stopwatch.isVirtual)
        await clock.advance(by: 90)
        #expect(stopwatch.elapsed == .seconds(90))
        let live = SchedulingClock().stopwatch()
        #expect(!live.isVirtual)
        #expect(live.elapsed >= .zero)
    }

    @Test func measuringWaitsAddsUpWhatAVirtualClocksWaitsStoodFor() async throws {
        let (value, waited) = try await clock.measuringWaits { () async throws -> String in
            try await clock.sleep(for: .milliseconds(800))
            try await clock.sleep(for: .seconds(2))
            return "answer"
        }
        #expect(value == "answer")
        #expect(abs(waited - 2.8) < 1e-9)
        #expect(clock.now == Self.start, "no time passed")

        let (_, none) = await clock.measuringWaits { () async -> Int in 1 }
        #expect(none == 0)
        try await clock.sleep(for: .seconds(5))
        #expect(clock.now == Self.start, "a wait measured by nobody is nothing")
    }
}
