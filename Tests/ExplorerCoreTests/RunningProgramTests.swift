import Foundation
import Testing
@testable import ExplorerCore

/// What a signal that ends explorer does about the program explorer runs, at each point of the
/// program's life: before it, while it is being started (its process id not known yet), while
/// it runs, after it. A signal in the start is kept, and the start acts on it: the program is
/// never left running, an orphan, and explorer always ends by the signal.
@Suite("RunningProgram")
struct RunningProgramTests {
    @Test("with nothing running, a signal ends explorer")
    func nothingRunning() {
        let record = RunningProgram()
        #expect(record.running == 0)
        #expect(record.signalArrived(SIGTERM) == .end(signal: SIGTERM))
    }

    @Test("while the program runs, a signal ends it, then explorer")
    func whileItRuns() {
        let record = RunningProgram()
        record.willStart()
        #expect(record.running == 0)
        #expect(record.started(4242) == .none)
        #expect(record.running == 4242)
        #expect(record.signalArrived(SIGHUP) == .endProgram(id: 4242, thenExplorerBy: SIGHUP))
    }

    @Test("a signal while the program is being started is kept; its start ends it, then explorer")
    func signalInTheStart() {
        let record = RunningProgram()
        record.willStart()
        #expect(record.signalArrived(SIGTERM) == .none, "explorer goes on until the id is known")
        #expect(record.running == 0)
        #expect(record.started(4242) == .endProgram(id: 4242, thenExplorerBy: SIGTERM))
        #expect(record.running == 4242)
    }

    @Test("of two signals in the start the first is kept: explorer ends by it")
    func twoSignalsInTheStart() {
        let record = RunningProgram()
        record.willStart()
        #expect(record.signalArrived(SIGTERM) == .none)
        #expect(record.signalArrived(SIGHUP) == .none)
        #expect(record.started(4242) == .endProgram(id: 4242, thenExplorerBy: SIGTERM))
    }

    @Test("a signal racing the start's end is acted on by one side or both, never by neither")
    func signalRacingTheStart() async {
        // The handler looks at the start, keeps the signal, then looks again; the start stores
        // its news, then looks for a kept signal. Run side by side many times, whichever order
        // the two fall in, one of them must end explorer (and the program, when there is one).
        for round in 0..<40_000 {
            let record = RunningProgram()
            record.willStart()
            let endsOrStarts = round.isMultiple(of: 2)
            async let handler = Task.detached { record.signalArrived(SIGTERM) }.value
            async let start = Task.detached { endsOrStarts ? record.ended() : record.started(4242) }.value
            let (byHandler, byStart) = await (handler, start)
            #expect(byHandler != .none || byStart != .none, "round \(round): the signal was lost")
            if endsOrStarts {
                #expect([byHandler, byStart].allSatisfy { $0 == .none || $0 == .end(signal: SIGTERM) })
            } else {
                #expect([byHandler, byStart].allSatisfy { $0 == .none || $0 == .endProgram(id: 4242, thenExplorerBy: SIGTERM) })
            }
        }
    }

    @Test("a signal kept in a start that never gave an id ends explorer when the start gives up")
    func signalInAFailedStart() {
        let record = RunningProgram()
        record.willStart()
        #expect(record.signalArrived(SIGINT) == .none)
        #expect(record.ended() == .end(signal: SIGINT))
        #expect(record.running == 0)
    }

    @Test("after the program ended, a signal ends explorer alone, and the next program starts afresh")
    func afterItEnded() {
        let record = RunningProgram()
        record.willStart()
        #expect(record.started(4242) == .none)
        #expect(record.ended() == .none)
        #expect(record.running == 0)
        record.willStart()
        #expect(record.started(4343) == .none)
        #expect(record.running == 4343)
        #expect(record.ended() == .none)
        #expect(record.signalArrived(SIGTERM) == .end(signal: SIGTERM))
    }
}
