import Foundation
import Synchronization

/// The program explorer runs now (a player, a pager), as a signal that ends explorer must find
/// it, so as to end it too rather than leave it running, an orphan: by its process id once that
/// is known, and while it is being started (the child runs before its id reaches explorer) by the
/// signal, kept for the start to act on as soon as the id comes. Only one command runs at a time,
/// so there is at most one program.
///
/// A signal handler may ask it (``signalArrived(_:)``, ``perform(_:)``): atomics, `sigaction`,
/// `getpid` and `kill`, nothing that allocates or locks.
public final class RunningProgram: Sendable {
    /// What to do about a signal that ends explorer, or about a start that a kept signal waits on.
    public enum Action: Equatable, Sendable {
        /// Nothing now: explorer goes on (a start under way acts on the signal kept).
        case none
        /// End explorer by `signal`.
        case end(signal: Int32)
        /// End the program `id` (SIGTERM), then explorer by `signal`.
        case endProgram(id: pid_t, thenExplorerBy: Int32)
    }

    private let id = Atomic<pid_t>(0)
    private let starting = Atomic<Bool>(false)
    /// The first signal that came while a program was being started, its id not known yet.
    private let kept = Atomic<Int32>(0)

    /// The one explorer's signal handlers ask.
    public static let shared = RunningProgram()

    init() {}

    /// The process id of the program running now, or 0.
    var running: pid_t { id.load(ordering: .sequentiallyConsistent) }

    /// A program is about to be started.
    func willStart() {
        starting.store(true, ordering: .sequentiallyConsistent)
    }

    /// The program started is `id`: what to do when a signal came before (end it and explorer).
    func started(_ id: pid_t) -> Action {
        self.id.store(id, ordering: .sequentiallyConsistent)
        let signal = kept.load(ordering: .sequentiallyConsistent)
        return signal == 0 ? .none : .endProgram(id: id, thenExplorerBy: signal)
    }

    /// The program ended (or never started): what to do when a signal came while its id was not
    /// known (end explorer).
    func ended() -> Action {
        id.store(0, ordering: .sequentiallyConsistent)
        starting.store(false, ordering: .sequentiallyConsistent)
        let signal = kept.load(ordering: .sequentiallyConsistent)
        return signal == 0 ? .none : .end(signal: signal)
    }

    /// A signal that ends explorer came: end the program running and explorer; or, while a
    /// program is being started, keep the signal, the first of several (``started(_:)`` or
    /// ``ended()`` acts on it). Each side stores, then looks at what the other stores, so one of
    /// them always acts.
    public func signalArrived(_ signal: Int32) -> Action {
        let known = id.load(ordering: .sequentiallyConsistent)
        if known > 0 { return .endProgram(id: known, thenExplorerBy: signal) }
        guard starting.load(ordering: .sequentiallyConsistent) else { return .end(signal: signal) }
        _ = kept.compareExchange(expected: 0, desired: signal, ordering: .sequentiallyConsistent)
        let now = id.load(ordering: .sequentiallyConsistent)
        if now > 0 { return .endProgram(id: now, thenExplorerBy: signal) }
        return starting.load(ordering: .sequentiallyConsistent) ? .none : .end(signal: signal)
    }

    /// Does `action`: `sigaction` and `kill` only, so a signal handler may.
    public static func perform(_ action: Action) {
        switch action {
        case .none:
            return
        case .end(let signal):
            endExplorer(by: signal)
        case .endProgram(let id, let signal):
            kill(id, SIGTERM)
            endExplorer(by: signal)
        }
    }

    /// Ends explorer by `signal`, as if it had not been caught: its default action back, then
    /// sent to the process, not `raise`d on the calling thread (a start acts on a kept signal on
    /// a thread of the concurrency pool, which blocks signals: a raised one would wait there).
    private static func endExplorer(by signal: Int32) {
        var byDefault = sigaction()
        sigaction(signal, &byDefault, nil)
        kill(getpid(), signal)
    }
}
