import ExplorerClock
import ExplorerCore
import ExplorerHTTP
import Foundation
@testable import Races
import Reactive
import TestSupport
import Testing

/// The interactor on a virtual clock: `start` fetches and schedules a poll every 300 s and a
/// re-sort every 50 s; a re-sort drops races more than 60 s past their start and fetches early
/// when fewer than 5 remain, backing off while the answers keep leaving too few; a failed fetch
/// keeps the list and notes why; the embedded data's times move to now on a live clock only.
/// Every time is the clock's, moved with `advance` (which runs each due timer once, at its last
/// due time: tests that follow every re-sort move the clock 50 s at a time, ``step(_:)``).
@MainActor
@Suite("RacesInteractor")
struct RacesInteractorTests {
    typealias Snapshot = RacesInteractor.Snapshot

    let clock = SchedulingClock(virtualAt: RacesFixture.start)
    let neds: RacesServiceFake
    let interactor: RacesInteractor

    init() {
        neds = RacesServiceFake(clock: clock)
        interactor = RacesInteractor(service: neds.service, clock: clock, selection: SourceSelection(.live))
    }

    static func at(_ seconds: TimeInterval) -> Date { RacesFixture.at(seconds) }

    static func race(_ id: String, _ meeting: String, _ number: Int? = 1, _ category: RaceCategory? = .horse,
                     at seconds: TimeInterval) -> Race {
        RacesFixture.race(id, meeting, number, category, at: seconds)
    }

    /// Six races starting 2000 to 2900 s after the start, in no order.
    static let ahead = [
        race("c", "Cranbourne", at: 2300), race("a", "Ascot", at: 2000), race("f", "Flemington", at: 2900),
        race("b", "Bendigo", at: 2100), race("e", "Echuca", at: 2600), race("d", "Doomben", at: 2400),
    ]
    /// ``ahead`` soonest first.
    static let aheadSorted = ahead.sorted { $0.advertisedStart < $1.advertisedStart }

    var races: [Race] { interactor.snapshot.value.races }

    /// Moves the clock `seconds` on in steps of 50 s, so that every re-sort runs; how many timers ran.
    func step(_ seconds: TimeInterval) async -> Int {
        var ran = 0
        var left = seconds
        while left > 0 {
            ran += await clock.advance(by: min(left, 50))
            left -= 50
        }
        return ran
    }
    var ids: [String] { races.map(\.id) }

    // MARK: Start

    @Test func startFetchesOnceAndSchedulesAPollAndAReSort() async throws {
        neds.answer(Self.ahead)
        #expect(!interactor.isRunning)
        #expect(interactor.snapshot.value == Snapshot())
        #expect(!interactor.snapshot.value.isLoaded)

        try await interactor.start()
        #expect(neds.calls == [0])
        #expect(neds.counts == [10], "a poll asks for 10 races")
        #expect(interactor.snapshot.value == Snapshot(races: Self.aheadSorted, updatedAt: Self.at(0)))
        #expect(interactor.snapshot.value.isLoaded)
        #expect(interactor.isRunning)
        #expect(clock.timerCount == 2)
        #expect(clock.nextTimer == Self.at(50), "the re-sort comes first")

        try await interactor.start()
        #expect(neds.calls == [0], "started already: nothing fetched")
        #expect(clock.timerCount == 2, "and no timer added")
    }

    @Test func theSettingsAreTheSpecs() {
        let settings = RacesInteractor.Settings()
        #expect(settings.pollInterval == 300)
        #expect(settings.resortInterval == 50)
        #expect(settings.expiry == 60)
        #expect(settings.visible == 5)
        #expect(settings.count == 10)
        #expect(settings.embeddedLead == 90)
    }

    @Test func aFirstLoadThatFailsThrowsNotesWhyAndStartsNoTimer() async throws {
        neds.fail(.networkUnavailable)
        await #expect(throws: HTTPError.networkUnavailable) { try await interactor.start() }
        #expect(interactor.snapshot.value == Snapshot(failure: .networkUnavailable))
        #expect(!interactor.isRunning)
        #expect(clock.timerCount == 0)

        neds.answer(Self.ahead)
        try await interactor.start()
        #expect(interactor.snapshot.value == Snapshot(races: Self.aheadSorted, updatedAt: Self.at(0)))
        #expect(neds.calls == [0, 0])
        #expect(clock.timerCount == 2)
    }

    // MARK: Re-sort and expiry

    @Test func aReSortEvery50SecondsDropsARaceOnceMoreThanAMinutePastItsStart() async throws {
        // x starts 10 s before the start: exactly 60 s past at 50 (stays), 110 s past at 100.
        // y starts 11 s before: 61 s past at 50.
        let x = Self.race("x", "Xalapa", at: -10)
        let y = Self.race("y", "Yarra Glen", at: -11)
        neds.answer([x, y] + Self.ahead)
        try await interactor.start()
        #expect(ids == ["y", "x", "a", "b", "c", "d", "e", "f"])

        #expect(await clock.advance(by: 49) == 0)
        #expect(ids == ["y", "x", "a", "b", "c", "d", "e", "f"], "no re-sort yet: y, 60 s past, stays")

        #expect(await clock.advance(by: 1) == 1)
        #expect(ids == ["x", "a", "b", "c", "d", "e", "f"], "at 50: y is 61 s past and leaves; x, exactly 60 s past, stays")

        #expect(await clock.advance(by: 49) == 0)
        #expect(ids == ["x", "a", "b", "c", "d", "e", "f"], "x is 109 s past but leaves only at a re-sort")

        #expect(await clock.advance(by: 1) == 1)
        #expect(races == Self.aheadSorted)
        #expect(interactor.snapshot.value == Snapshot(races: Self.aheadSorted, updatedAt: Self.at(0)))
        #expect(neds.calls == [0], "six left: no early fetch")
    }

    @Test func racesAreSortedSoonestFirstThenByMeetingNumberAndID() async throws {
        neds.answer([
            Self.race("z2", "Moonee Valley", 2, at: 300),
            Self.race("late", "Albany", 1, at: 400),
            Self.race("b", "Moonee Valley", 1, at: 300),
            Self.race("a", "Moonee Valley", 1, at: 300),
            Self.race("none", "Moonee Valley", nil, at: 300),
            Self.race("first", "Zeehan", 9, at: 100),
            Self.race("k", "Kilmore", 7, at: 300),
        ])
        try await interactor.start()
        #expect(ids == ["first", "k", "none", "a", "b", "z2", "late"],
                "same start: by meeting, then number (none as 0), then id")
    }

    // MARK: Poll

    @Test func everyFiveMinutesAPollAndSixReSorts() async throws {
        neds.answer(Self.ahead)
        try await interactor.start()

        #expect(await step(299) == 5, "re-sorts at 50, 100, 150, 200, 250")
        #expect(neds.calls == [0])

        let renamed = Self.ahead.map { race in
            var race = race
            race.meetingName += " (new)"
            return race
        }
        neds.answer(renamed)
        #expect(await clock.advance(by: 1) == 2, "the poll and the sixth re-sort at 300")
        #expect(neds.calls == [0, 300])
        #expect(interactor.snapshot.value == Snapshot(races: renamed.sorted { $0.advertisedStart < $1.advertisedStart },
                                                      updatedAt: Self.at(300)))

        #expect(await step(600) == 14, "12 re-sorts and 2 polls")
        #expect(neds.calls == [0, 300, 600, 900])
        #expect(interactor.snapshot.value.updatedAt == Self.at(900))
        #expect(clock.now == Self.at(900))
        #expect(clock.nextTimer == Self.at(950))
    }

    @Test func advancingFiveMinutesRunsThePollAndTheReSortOnce() async throws {
        neds.answer(Self.ahead)
        try await interactor.start()
        #expect(await clock.advance(by: 300) == 2)
        #expect(neds.calls == [0, 300])
    }

    @Test func advancingADayFetchesOnceAndEndsAsRunningEveryTimerWould() async throws {
        // Races every 10 minutes through the day and into the next; Neds answers all of them.
        let day = (0..<150).map { Self.race("r\($0)", "Meeting \($0)", at: TimeInterval($0) * 600 + 30) }
        neds.answer(day)
        try await interactor.start()
        #expect(await clock.advance(by: 86_400) == 2, "the poll and the re-sort at 86,400, once each")
        #expect(neds.calls == [0, 86_400], "one fetch, not 288 polls")

        // The same day with every timer run, 50 s at a time.
        let everyClock = SchedulingClock(virtualAt: RacesFixture.start)
        let everyNeds = RacesServiceFake(clock: everyClock, day)
        let every = RacesInteractor(service: everyNeds.service, clock: everyClock, selection: SourceSelection(.live))
        try await every.start()
        for _ in 0..<(86_400 / 50) { await everyClock.advance(by: 50) }
        #expect(everyNeds.calls.count == 289)

        #expect(interactor.snapshot.value == every.snapshot.value)
        #expect(ids == ["r144", "r145", "r146", "r147", "r148", "r149"], "the races not yet a minute past their start")
        #expect(interactor.snapshot.value.updatedAt == Self.at(86_400))
    }

    @Test func aRaceNedsNoLongerListsLeavesAtThePoll() async throws {
        neds.answer(Self.ahead)
        try await interactor.start()
        neds.answer(Array(Self.aheadSorted.dropFirst()) + [Self.race("g", "Gawler", at: 3000)])

        await clock.advance(by: 300)
        #expect(ids == ["b", "c", "d", "e", "f", "g"])
    }

    // MARK: Early fetch

    @Test func fewerThanFiveLeftFetchesEarlyAtTheReSort() async throws {
        // s starts at 30: 70 s past at 100, and then four are left.
        let soon = Self.race("s", "Sandown", at: 30)
        neds.answer([soon] + Self.aheadSorted.prefix(4))
        try await interactor.start()
        #expect(ids == ["s", "a", "b", "c", "d"])

        neds.answer(Self.ahead)
        #expect(await clock.advance(by: 50) == 1)
        #expect(neds.calls == [0], "at 50 s is 20 s past: five left")

        #expect(await clock.advance(by: 50) == 1)
        #expect(neds.calls == [0, 100], "four left at 100: fetched at once")
        #expect(interactor.snapshot.value == Snapshot(races: Self.aheadSorted, updatedAt: Self.at(100)))

        #expect(await step(200) == 5)
        #expect(neds.calls == [0, 100, 300], "the poll keeps its rhythm")
    }

    @Test func earlyFetchesBackOffWhileTheAnswersLeaveTooFew() async throws {
        // A server that keeps answering three races: asked again 50, then 100, then 200 s after
        // the fetch before, and then no more often than the poll, every 300 s.
        neds.answer(Array(Self.aheadSorted.prefix(3)))
        try await interactor.start()
        #expect(neds.calls == [0])

        #expect(await step(1200) == 24 + 4)
        #expect(neds.calls == [0, 50, 150, 300, 600, 900, 1200])
        #expect(ids == ["a", "b", "c"])

        neds.answer(Self.ahead)
        #expect(await step(300) == 7)
        #expect(neds.calls.suffix(1) == [1500], "an answer with enough races: the poll")
        neds.answer(Array(Self.aheadSorted.prefix(3)))
        #expect(await step(350) == 8)
        #expect(neds.calls.suffix(2) == [1800, 1850], "after an answer with enough, early fetches start over at 50 s")
    }

    @Test func earlyFetchesBackOffWhileFetchesFail() async throws {
        neds.answer(Array(Self.aheadSorted.prefix(3)))
        try await interactor.start()
        neds.fail(.status(500))
        #expect(await step(1200) == 24 + 4)
        #expect(neds.calls == [0, 50, 150, 300, 600, 900, 1200])
        #expect(interactor.snapshot.value.failure == .status(500))
    }

    @Test func anHourOfRacesThatAlreadyStartedCostsAFetchAPollInterval() async throws {
        // Neds answering only races that started long ago: nothing to show, and asking again
        // at every re-sort would be 72 fetches an hour.
        neds.answer([Self.race("old", "Oldtown", at: -3600)])
        try await interactor.start()
        #expect(races.isEmpty)
        #expect(await step(3600) == 72 + 12)
        #expect(neds.calls == [0, 50, 150, 300] + stride(from: 600, through: 3600, by: 300).map { TimeInterval($0) })
    }

    @Test func noEarlyFetchWhileAFetchIsRunning() async throws {
        let soon = Self.race("s", "Sandown", at: 30)
        neds.answer([soon] + Self.aheadSorted.prefix(4))
        try await interactor.start()

        let gate = neds.hold()
        let refresh = Task { try await interactor.fetch() }
        await gate.untilCalled()
        #expect(neds.calls == [0, 0])

        #expect(await step(100) == 2)
        #expect(ids == ["a", "b", "c", "d"], "s left at 100: four left")
        #expect(neds.calls == [0, 0], "but a fetch is running: none started")

        neds.answer(Self.ahead)
        gate.release()
        try await refresh.value
        #expect(interactor.snapshot.value == Snapshot(races: Self.aheadSorted, updatedAt: Self.at(100)))

        #expect(await clock.advance(by: 50) == 1)
        #expect(neds.calls == [0, 0], "six now: no early fetch")
    }

    // MARK: Failures

    @Test func aFailedPollKeepsTheListAndNotesWhyUntilASuccess() async throws {
        neds.answer(Self.ahead)
        try await interactor.start()

        neds.fail(.networkUnavailable)
        #expect(await clock.advance(by: 300) == 2, "the poll's failure is not thrown")
        #expect(neds.calls == [0, 300])
        #expect(interactor.snapshot.value == Snapshot(races: Self.aheadSorted, updatedAt: Self.at(0), failure: .networkUnavailable))

        neds.fail(.status(500))
        await clock.advance(by: 300)
        #expect(interactor.snapshot.value == Snapshot(races: Self.aheadSorted, updatedAt: Self.at(0), failure: .status(500)))
        #expect(interactor.isRunning, "the timers go on")

        let fewer = Array(Self.aheadSorted.prefix(5))
        neds.answer(fewer)
        await clock.advance(by: 300)
        #expect(neds.calls == [0, 300, 600, 900])
        #expect(interactor.snapshot.value == Snapshot(races: fewer, updatedAt: Self.at(900)), "the failure is gone")
    }

    @Test func aFetchThatFailsThrowsAndKeepsTheList() async throws {
        neds.answer(Self.ahead)
        try await interactor.start()
        await clock.advance(by: 60)

        neds.fail(.status(500))
        await #expect(throws: HTTPError.status(500)) { try await interactor.fetch() }
        #expect(interactor.snapshot.value == Snapshot(races: Self.aheadSorted, updatedAt: Self.at(0), failure: .status(500)))
        #expect(neds.calls == [0, 60])
    }

    // MARK: Stop, start again, reset

    @Test func stopCancelsTheTimersAndStartingAfterALongAbsenceFetchesAtOnce() async throws {
        let soon = Self.race("s", "Sandown", at: 30)
        neds.answer([soon] + Self.ahead)
        try await interactor.start()

        interactor.stop()
        #expect(!interactor.isRunning)
        #expect(clock.timerCount == 0)
        #expect(clock.nextTimer == nil)
        #expect(await clock.advance(by: 3600) == 0)
        #expect(neds.calls == [0], "an hour: nothing fetched")
        #expect(interactor.snapshot.value == Snapshot(races: [soon] + Self.aheadSorted, updatedAt: Self.at(0)),
                "the list stays as it was, with nothing re-sorted")

        neds.answer(Self.ahead)
        try await interactor.start()
        #expect(neds.calls == [0, 3600], "the list is older than a poll: fetched at once")
        #expect(interactor.snapshot.value == Snapshot(races: [], updatedAt: Self.at(3600)),
                "every race of the answer started long ago")
        #expect(clock.timerCount == 2)
        #expect(clock.nextTimer == Self.at(3650), "the timers count from the new start")
    }

    @Test func startingAgainWithinFiveMinutesReSortsWithoutFetching() async throws {
        let soon = Self.race("s", "Sandown", at: 30)
        neds.answer([soon] + Self.ahead)
        try await interactor.start()
        interactor.stop()

        await clock.advance(by: 299)
        try await interactor.start()
        #expect(neds.calls == [0], "299 s old: not stale")
        #expect(races == Self.aheadSorted, "re-sorted at once: s is long past")
        #expect(clock.nextTimer == Self.at(349))

        interactor.stop()
        await clock.advance(by: 1)
        try await interactor.start()
        #expect(neds.calls == [0, 300], "300 s old: fetched at once")
    }

    @Test func resetForgetsTheListAndStopsTheTimers() async throws {
        neds.answer(Self.ahead)
        try await interactor.start()
        neds.fail(.networkUnavailable)
        await clock.advance(by: 300)
        #expect(interactor.snapshot.value.failure == .networkUnavailable)

        interactor.reset()
        #expect(interactor.snapshot.value == Snapshot())
        #expect(!interactor.isRunning)
        #expect(clock.timerCount == 0)

        neds.answer(Self.ahead)
        try await interactor.start()
        #expect(neds.calls == [0, 300, 300], "loaded afresh")
        #expect(interactor.snapshot.value == Snapshot(races: Self.aheadSorted, updatedAt: Self.at(300)))
    }

    @Test func timersHoldNoInteractor() async throws {
        var interactor: RacesInteractor? = RacesInteractor(service: neds.service, clock: clock, selection: SourceSelection(.live))
        neds.answer(Self.ahead)
        try await interactor?.start()
        weak let gone = interactor
        #expect(clock.timerCount == 2)

        interactor = nil
        #expect(gone == nil)
        #expect(clock.timerCount == 0, "its timers went with it")
        #expect(await clock.advance(by: 600) == 0)
        #expect(neds.calls == [0])
    }

    // MARK: Embedded data

    @Test func onALiveClockTheEmbeddedRacesMoveSoTheSoonestStarts90SecondsFromNow() async throws {
        let live = SchedulingClock()
        let interactor = RacesInteractor(service: .http(EmbeddedHTTPClient(responder: RacesEmbeddedData.responder)), clock: live,
                                         selection: SourceSelection(.embedded))
        let before = Date()
        try await interactor.start()
        let after = Date()
        defer { interactor.stop() }

        let races = interactor.snapshot.value.races
        let recorded = try RacesFixture.embeddedAnswer().races.sorted { $0.advertisedStart < $1.advertisedStart }
        #expect(races.count == 10)
        let first = try #require(races.first?.advertisedStart)
        #expect(first >= before.addingTimeInterval(90) && first <= after.addingTimeInterval(90), "\(first) vs \(before)")
        let shift = first.timeIntervalSince(recorded[0].advertisedStart)
        for (race, original) in zip(races, recorded) {
            #expect(abs(race.advertisedStart.timeIntervalSince(original.advertisedStart) - shift) < 0.001,
                    "\(race.meetingName): moved as much as the others")
        }
        #expect(races.map(\.meetingName) == ["Addington", "Launceston", "Newcastle", "Kawasaki", "Hobart", "Geelong",
                                             "Alexandra Park", "Pakenham", "Wagga", "Albion Park"])

        try await interactor.fetch()
        #expect(interactor.snapshot.value.races == races, "fetched again: moved by the same amount")
    }

    @Test func onAVirtualClockTheEmbeddedRacesKeepTheirRecordedTimes() async throws {
        let interactor = RacesInteractor(service: .http(EmbeddedHTTPClient(responder: RacesEmbeddedData.responder)), clock: clock,
                                         selection: SourceSelection(.embedded))
        try await interactor.start()

        let races = interactor.snapshot.value.races
        #expect(races.count == 10)
        #expect(races.map(\.advertisedStart.timeIntervalSince1970) == [
            1_710_489_900, 1_710_489_900, 1_710_490_080, 1_710_490_200, 1_710_490_260,
            1_710_490_320, 1_710_490_500, 1_710_490_500, 1_710_490_560, 1_710_490_680,
        ], "08:05 to 08:18 on 15 March 2024")
        #expect(races.map(\.meetingName) == ["Addington", "Launceston", "Newcastle", "Kawasaki", "Hobart", "Geelong",
                                             "Alexandra Park", "Pakenham", "Wagga", "Albion Park"])

        // 08:05 + 60 s < 08:06:40: the two 08:05 races leave at the re-sort at 400 s.
        await clock.advance(by: 400)
        #expect(interactor.snapshot.value.races.count == 8)
    }

    @Test func onTheLiveSourceRacesAreNeverMoved() async throws {
        let live = SchedulingClock()
        let recorded = try RacesFixture.embeddedAnswer().races
        let interactor = RacesInteractor(service: RacesService { _ in RacesAnswer(races: recorded) }, clock: live,
                                         selection: SourceSelection(.live))
        try await interactor.start()
        defer { interactor.stop() }
        #expect(interactor.snapshot.value.races.isEmpty, "from 2024: all long past")
    }
}
