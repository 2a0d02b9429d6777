import CustomDump
import ExplorerClock
import ExplorerText
import Foundation
import Reactive
import Synchronization

/// `trace on|off`: when enabled, one line per request, per observable emission and per view
/// render, written as it happens (a render happens when its screen is printed; from any task) to stderr, prefixed `trace: `, so stdout
/// holds only screens. While `arch <command>` records (see ``beginRecording()``), the same events
/// are also kept, whether or not they are printed.
///
/// Times (a request's, an event's since the recording began) are measured on the app's clock:
/// on a virtual one they are virtual, so a script's trace and `arch` print the same every run.
public final class Tracer: EmissionTracer {
    private struct State {
        var enabled: Bool
        var recording: (start: SchedulingClock.Stopwatch, events: [TraceEvent])?
        /// `trace state on`: each state change printed as a diff.
        var stateEnabled = false
        /// `trace state full`: every line of each change, every name of a collection's elements.
        var stateFull = false
        /// State changes as JSON lines (`--format json`), not text.
        var stateAsJSON = false
        /// The command running now, which state changes are said to come after.
        var command: String?
        /// Lines in their layer's colour (a colour terminal; never in JSON).
        var colours = false
    }

    private let state: Mutex<State>
    private let write: @Sendable (String) -> Void
    /// The clock times are measured on.
    public let clock: SchedulingClock
    /// The labelled subscriptions live now, made on publishers given this tracer: what
    /// `subscriptions` lists, whether or not trace is on.
    public let liveSubscriptions = SubscriptionRegistry()
    public var subscriptions: SubscriptionRegistry? { liveSubscriptions }

    public init(enabled: Bool = false, clock: SchedulingClock = SchedulingClock(), write: @escaping @Sendable (String) -> Void) {
        self.state = Mutex(State(enabled: enabled))
        self.clock = clock
        self.write = write
        // Which timer ran, and when on the clock: `trace: timer races poll ran at 08:05:00`; to
        // the millisecond when it falls between seconds (`itunes debounce … 08:00:00.660`).
        clock.onTimerRun { [weak self] name, at in
            self?.log("timer \(name) ran at \(Self.timeOfDay(at))", layer: .timer)
        }
    }

    /// `08:05:00`, or `08:00:00.660` between seconds.
    private static func timeOfDay(_ date: Date) -> Substring {
        let stamp = UTCTimestamp.iso8601Milliseconds(date).dropFirst(11).prefix(12)
        return stamp.hasSuffix(".000") ? stamp.prefix(8) : stamp
    }

    /// Whether trace lines are printed (`trace on`).
    public var isEnabled: Bool {
        get { state.withLock { $0.enabled } }
        set { state.withLock { $0.enabled = newValue } }
    }

    /// Whether anything wants the events now: printed, or recorded.
    public var isTracing: Bool { state.withLock { $0.enabled || $0.recording != nil } }

    /// `trace state on|off`: each change of a view model's state printed as a diff.
    public var isTracingState: Bool {
        get { state.withLock { $0.stateEnabled } }
        set { state.withLock { $0.stateEnabled = newValue } }
    }

    /// `trace state full`: state changes printed whole, without the caps on lines and names.
    public var tracesStateInFull: Bool {
        get { state.withLock { $0.stateFull } }
        set { state.withLock { $0.stateFull = newValue } }
    }

    /// Whether trace lines and state changes are written as JSON lines, `{"trace":"request",
    /// "text":…}` (the shell says so when the format changes).
    public var writesStateAsJSON: Bool {
        get { state.withLock { $0.stateAsJSON } }
        set { state.withLock { $0.stateAsJSON = newValue } }
    }

    /// Whether text lines are written in their layer's colour (``TraceLayer/colour``): set where
    /// stderr is a colour terminal, as `--color` decides for screens (not with `NO_COLOR`, nor
    /// `TERM=dumb`, nor piped); JSON lines never are.
    public var coloursLines: Bool {
        get { state.withLock { $0.colours } }
        set { state.withLock { $0.colours = newValue } }
    }

    /// `text` in `layer`'s colour when lines are coloured.
    private func painted(_ text: String, _ layer: TraceLayer, colours: Bool) -> String {
        guard colours, let colour = layer.colour else { return text }
        return Style.colored.coloured(text, sgr: colour)
    }

    /// The command running now (`fav`), named in the state changes it makes; nil between commands.
    public var command: String? {
        get { state.withLock { $0.command } }
        set { state.withLock { $0.command = newValue } }
    }

    /// Prints what changed from `old` to `new` by key path (``StateDiff``): a collection's
    /// elements by who they are (removed, added, moved, changed), other values as
    /// swift-custom-dump writes them, what did not change left out; at most
    /// ``StateReport/linesShown`` lines unless `trace state full`. Nothing when nothing changed. In JSON:
    /// `{"trace":"state","viewModel":…,"command":…,"fields":…,"changes":[{"path":…,…}]}`.
    public func changed(_ label: String, from old: Any, to new: Any) {
        let report = StateReport(from: old, to: new)
        guard !report.isEmpty else { return }
        let (asJSON, command, full, colours) = state.withLock { ($0.stateAsJSON, $0.command, $0.stateFull, $0.colours) }
        if asJSON {
            write(JSONWriter.string(.object(["trace": "state", "viewModel": .string(label), "command": command.map(JSONValue.string) ?? .null,
                                             "fields": report.fieldsJSON, "changes": report.changesJSON])))
            return
        }
        let after = command.map { " after `\($0.sanitizedForTerminal)`" } ?? ""
        let lines = report.lines(full: full) { "… (\($0) more lines: `trace state full` shows all)" }
        // The heading in the state's colour; the diff under it plain, to be read.
        let heading = painted("state: \(label)\(after) \(report.fieldsChanged)", .state, colours: colours)
        write(heading + "\n" + lines.map { "  " + $0 }.joined(separator: "\n"))
    }

    /// A note: a retry, an injected fault, a timer that ran; `layer` says whose, for its colour.
    public func log(_ message: @autoclosure () -> String, layer: TraceLayer = .note) {
        record(.note, message(), layer: layer)
    }

    /// A request and what came of it: `GET /starships/?page=1 → 200 (12 ms)`.
    public func request(_ message: @autoclosure () -> String) {
        record(.request, message(), layer: .network)
    }

    /// A view turned state into a screen.
    public func rendered(_ viewName: String) {
        record(.view, "\(viewName) rendered", layer: .render)
    }

    public func emitted(_ label: String, summary: String) {
        record(.state, "\(label) ← \(summary)", layer: .emission)
    }

    /// `trace: subscribe RacesViewModel.state → StateRenderer`, when trace is on (not recorded
    /// for `arch`: a subscription is how the parts are joined, not a step a command takes).
    public func subscribed(_ subscription: LiveSubscription) {
        writeSubscription("subscribe", subscription)
    }

    /// `trace: cancel RacesViewModel.state → StateRenderer`, when trace is on.
    public func cancelled(_ subscription: LiveSubscription) {
        writeSubscription("cancel", subscription)
    }

    /// In JSON: `{"trace":"subscribe","text":…,"owner":…,"chain":[…]}`.
    private func writeSubscription(_ event: String, _ subscription: LiveSubscription) {
        let (enabled, asJSON) = state.withLock { ($0.enabled, $0.stateAsJSON) }
        guard enabled else { return }
        let text = subscription.chainText.sanitizedForTerminal
        if asJSON {
            write(JSONWriter.string(.object(["trace": .string(event), "text": .string(text), "owner": .string(subscription.owner),
                                             "chain": .array(subscription.chain.map(JSONValue.string))])))
        } else {
            write("trace: \(event) \(text)")
        }
    }

    public func intent(_ name: String) {
        state.withLock { state in
            guard let start = state.recording?.start else { return }
            state.recording?.events.append(TraceEvent(.intent, name, elapsed: start.elapsed))
        }
    }

    private func record(_ kind: TraceEvent.Kind, _ message: @autoclosure () -> String, layer: TraceLayer) {
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
        guard printing else { return }
        let (asJSON, colours) = state.withLock { ($0.stateAsJSON, $0.colours) }
        if asJSON {
            // An emission is `"emission"`: `"state"` is a state's diff (`trace state`).
            write(JSONWriter.string(.object(["trace": .string(kind == .state ? "emission" : kind.rawValue), "text": .string(text)])))
        } else {
            write(painted("trace: \(text)", layer, colours: colours))
        }
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
