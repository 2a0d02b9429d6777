import ExplorerCore
import Foundation
import Reactive
import Testing
import TestSupport
@testable import Races

@MainActor
@Suite struct Scratch {
    @Test func embeddedLiveThenAdvance() async throws {
        let clock = SchedulingClock()
        let interactor = RacesInteractor(service: .http(EmbeddedHTTPClient(responder: RacesEmbeddedData.responder)), clock: clock,
                                         selection: SourceSelection(.embedded))
        try await interactor.start()
        print("A before", interactor.snapshot.value.races.count, interactor.snapshot.value.races.first!.advertisedStart, clock.now)
        await clock.advance(by: 300)
        print("A after", interactor.snapshot.value.races.count, interactor.snapshot.value.races.first?.advertisedStart as Any, clock.now)
    }

    @Test func intermediateSnapshot() async throws {
        let clock = SchedulingClock(virtualAt: RacesFixture.start)
        let neds = RacesServiceFake(clock: clock, [RacesFixture.race("a", "A", 1, .horse, at: 100)])
        let interactor = RacesInteractor(service: neds.service, clock: clock, selection: SourceSelection(.live))
        var seen: [RacesInteractor.Snapshot] = []
        let sub = interactor.snapshot.sink { seen.append($0) }
        try await interactor.start()
        for s in seen { print("B", s.races.count, s.updatedAt as Any) }
        _ = sub
    }

    @Test func overlappingFetches() async throws {
        let clock = SchedulingClock(virtualAt: RacesFixture.start)
        let neds = RacesServiceFake(clock: clock, (0..<4).map { RacesFixture.race("r\($0)", "M\($0)", 1, .horse, at: 1000 + Double($0)) })
        let interactor = RacesInteractor(service: neds.service, clock: clock, selection: SourceSelection(.live))
        try await interactor.start()   // 4 races -> early fetch at each resort
        let gate = neds.hold()
        let refresh = Task { try await interactor.fetch() }
        await gate.untilCalled()
        await clock.advance(by: 50)
        print("C calls after 50 (held refresh running)", neds.calls)
        await clock.advance(by: 250)
        print("C calls after 300", neds.calls)
        await clock.advance(by: 50)
        print("C calls after 350", neds.calls)
        gate.release()
        try await refresh.value
    }

    @Test func overdueOnLive() async throws {
        let clock = SchedulingClock()
        let times = LockedValue<[Date]>([])
        let t = clock.schedule(every: 0, name: "z") { times.withLock { $0.append(clock.now) } }
        let before = clock.now
        await clock.advance(by: 0.01)
        print("D runs", times.value.count, "first action time earlier than before:", times.value.first! < before)
        _ = t
    }
}
