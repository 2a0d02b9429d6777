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
        /// State changes as JSON lines (`--format json`), not text.
        var stateAsJSON = false
        /// The command running now, which state changes are said to come after.
        var command: String?
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

    /// `trace state on|off`: each change of a view model's state printed as a diff.
    public var isTracingState: Bool {
        get { state.withLock { $0.stateEnabled } }
        set { state.withLock { $0.stateEnabled = newValue } }
    }

    /// Whether trace lines and state changes are written as JSON lines, `{"trace":"request",
    /// "text":…}` (the shell says so when the format changes).
    public var writesStateAsJSON: Bool {
        get { state.withLock { $0.stateAsJSON } }
        set { state.withLock { $0.stateAsJSON = newValue } }
    }

    /// The command running now (`fav`), named in the state changes it makes; nil between commands.
    public var command: String? {
        get { state.withLock { $0.command } }
        set { state.withLock { $0.command = newValue } }
    }

    /// Prints what changed from `old` to `new` as swift-custom-dump's diff: the changed lines
    /// with a little context, the rest elided, long unchanged runs summarised. Nothing when
    /// nothing changed. In JSON: `{"trace":"state","viewModel":…,"command":…,"removed":[…],"added":[…]}`.
    public func changed(_ label: String, from old: Any, to new: Any) {
        guard let difference = Self.difference(old, new) else { return }
        let (asJSON, command) = state.withLock { ($0.stateAsJSON, $0.command) }
        let lines = difference.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).sanitizedForTerminal }
        if asJSON {
            func changed(_ marker: String) -> [JSONValue] {
                let all = lines.filter { $0.hasPrefix(marker) }.map { String($0.dropFirst()).trimmingWhitespaceAndNewlines }
                guard all.count > Self.changedLinesInJSON else { return all.map(JSONValue.string) }
                return all.prefix(Self.changedLinesInJSON).map(JSONValue.string) + [.string("… (\(all.count - Self.changedLinesInJSON) more)")]
            }
            let (removed, added) = (changed("-"), changed("+"))
            write(JSONWriter.string(.object(["trace": "state", "viewModel": .string(label), "command": command.map(JSONValue.string) ?? .null,
                                             "removed": .array(removed), "added": .array(added)])))
            return
        }
        let after = command.map { " after `\($0.sanitizedForTerminal)`" } ?? ""
        write("state: \(label)\(after)\n" + Self.summarised(lines).map { "  " + $0 }.joined(separator: "\n"))
    }

    /// The most removed (or added) lines of one change written in JSON; the rest are counted.
    static let changedLinesInJSON = 200

    /// How many elements a collection may hold and still be compared element by element:
    /// diffing two arrays costs memory in the square of what changed, and 100,000 favourites
    /// shown would take gigabytes.
    static let largestCompared = 500

    /// swift-custom-dump's diff of `old` and `new`; when a field of theirs is a collection of
    /// more than ``largestCompared`` elements, each field is compared alone and such a field by
    /// its count (`favourites: 0 → 100000 elements`).
    static func difference(_ old: Any, _ new: Any) -> String? {
        let (oldFields, newFields) = (Array(Mirror(reflecting: old).children), Array(Mirror(reflecting: new).children))
        func size(_ value: Any) -> Int? { (value as? any Collection)?.count }
        let isLarge = oldFields.count == newFields.count && zip(oldFields, newFields).contains { pair in
            max(size(pair.0.value) ?? 0, size(pair.1.value) ?? 0) > largestCompared
        }
        guard isLarge else { return diff(old, new) }
        var lines: [String] = []
        for (before, after) in zip(oldFields, newFields) {
            let name = before.label ?? "_"
            if let a = size(before.value), let b = size(after.value), max(a, b) > largestCompared {
                if a != b { lines += ["-   \(name): \(a) elements", "+   \(name): \(b) elements"] }
                continue
            }
            guard let change = diff(before.value, after.value) else { continue }
            lines += change.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                // Each line of the field's value one level in, its name before each of its
                // outermost lines (`- "list"` → `-   screen: "list"`), not before a closing bracket.
                guard let marker = line.first else { return String(line) }
                var rest = line.dropFirst()
                if rest.first == " " { rest = rest.dropFirst() }
                let outermost = rest.first != " " && rest.first != ")" && rest.first != "]"
                return "\(marker)   " + (outermost ? "\(name): " : "") + rest
            }
        }
        guard !lines.isEmpty else { return nil }
        return "\(type(of: new))(\n" + lines.joined(separator: "\n") + "\n)"
    }

    /// The most lines of one run of changed lines shown in text; the rest are counted.
    static let changedLinesShown = 12

    /// `lines` with each run of more than ``changedLinesShown`` changed lines (`-` or `+`) cut
    /// to its first lines and a count of the rest: a filter that leaves 6 of 82 characters
    /// changes hundreds of lines, which say no more than their first dozen.
    static func summarised(_ lines: [String]) -> [String] {
        var shown: [String] = []
        var run = 0
        var hidden = 0
        func flush() {
            if hidden > 0 { shown.append("  … (\(hidden) more changed line\(hidden == 1 ? "" : "s"))") }
            run = 0
            hidden = 0
        }
        for line in lines {
            guard line.hasPrefix("-") || line.hasPrefix("+") else {
                flush()
                shown.append(line)
                continue
            }
            run += 1
            if run <= changedLinesShown { shown.append(line) } else { hidden += 1 }
        }
        flush()
        return shown
    }

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

    public func intent(_ name: String) {
        state.withLock { state in
            guard let start = state.recording?.start else { return }
            state.recording?.events.append(TraceEvent(.intent, name, elapsed: start.elapsed))
        }
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
        guard printing else { return }
        if state.withLock({ $0.stateAsJSON }) {
            // An emission is `"emission"`: `"state"` is a state's diff (`trace state`).
            write(JSONWriter.string(.object(["trace": .string(kind == .state ? "emission" : kind.rawValue), "text": .string(text)])))
        } else {
            write("trace: \(text)")
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
