import ExplorerClock
import ExplorerText
import Foundation
import Reactive
import Synchronization

/// `trace on|off`: when enabled, one line per request, per observable emission and per view
/// render, written as it happens (from any task) to stderr, prefixed `trace: `, so stdout
/// holds only screens. While `arch <command>` records (see ``beginRecording()``), the same events
/// are also kept, whether or not they are printed.
///
/// Times (a request's, an event's since the recording began) are measured on the app's clock:
/// on a virtual one they are virtual, so a script's trace and `arch` print the same every run.
public final class Tracer: EmissionTracer {
    private struct State {
        var enabled: Bool
        var recording: (start: SchedulingClock.Stopwatch, events: [TraceEvent])?
    }

    private let state: Mutex<State>
    private let write: @Sendable (String) -> Void
    /// The clock times are measured on.
    public let clock: SchedulingClock

    public init(enabled: Bool = false, clock: SchedulingClock = SchedulingClock(), write: @escaping @Sendable (String) -> Void) {
        self.state = Mutex(State(enabled: enabled))
        self.clock = clock
        self.write = write
    }

    /// Whether trace lines are printed (`trace on`).
    public var isEnabled: Bool {
        get { state.withLock { $0.enabled } }
        set { state.withLock { $0.enabled = newValue } }
    }

    /// Whether anything wants the events now: printed, or recorded.
    public var isTracing: Bool { state.withLock { $0.enabled || $0.recording != nil } }

    public func log(_ message: @autoclosure () -> String) {
        record(.note, message())
    }

    /// A request and what came of it: `GET /starships/?page=1 → 200 (12 ms)`.
    public func request(_ message: @autoclosure () -> String) {
        record(.request, message())
    }

    /// A view turned state into a screen.
    public func rendered(_ viewName: String) {
        record(.view, "\(viewName) rendered")
    }

    public func emitted(_ label: String, summary: String) {
        record(.state, "\(label) ← \(summary)")
    }

    private func record(_ kind: TraceEvent.Kind, _ message: @autoclosure () -> String) {
        let printing = state.withLock { state -> Bool? in
            guard state.enabled || state.recording != nil else { return nil }
            return state.enabled
        }
        guard let printing else { return }
        let text = message().sanitizedForTerminal
        state.withLock { state in
            guard let start = state.recording?.start else { return }
            state.recording?.events.append(TraceEvent(kind, text, elapsed: start.elapsed))
        }
        if printing { write("trace: \(text)") }
    }

    /// Keeps every event told from now on (printed too when trace is on), until
    /// ``endRecording()``. Recordings do not nest.
    public func beginRecording() {
        let start = clock.stopwatch()
        state.withLock { $0.recording = (start, []) }
    }

    /// The events told since ``beginRecording()``, in order; stops keeping them.
    public func endRecording() -> [TraceEvent] {
        state.withLock { state in
            defer { state.recording = nil }
            return state.recording?.events ?? []
        }
    }

    /// Whether a recording is under way.
    public var isRecording: Bool { state.withLock { $0.recording != nil } }
}
