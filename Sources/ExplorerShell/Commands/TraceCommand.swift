import ExplorerCore
import ExplorerText

/// `trace [on|off]`: requests, emissions and renders on stderr as they happen; `trace state
/// [on|off]`: each change of a view model's state, as a diff.
struct TraceCommand: GlobalCommand {
    static let name = "trace"
    static let usage = "trace [on|off] | trace state [on|off|full]"
    static let synopsis = "trace · subscriptions"
    static let overviewSummary = "see data flow as it happens; list the live bindings"
    static let summary = "show requests and observable emissions as they happen"
    static let details = """
        Each request prints `trace: GET /path → 200 (12 ms)`; each emission of a view model's observable prints \
        `trace: Name.property ← summary`; each view render prints `trace: NameView rendered`.
        `trace state on` prints each change of a view model's state, whatever changed it (a command, a timer), \
        by key path: a value as it was and is (`sort: nil → .name`), a list's rows by who they are — removed, \
        added, moved, or changed (`rows: #5 Millennium Falcon: isFavourite: false → true`) — and nothing that \
        did not change; at most 20 lines a change, 3 names a list. `trace state full` shows every line and name. \
        With `--format json` each change is a JSON line: {"trace":"state","viewModel":…,"command":…,"fields":…,\
        "changes":[{"path":…,"before":…,"after":…} or {"path":…,"removed":[{"id":…,"name":…}],"added":…,"moved":…,"changed":…}]}. \
        It goes beside `trace on`, which it does not replace.
        Trace lines go to stderr, so stdout keeps only the screens. At a colour terminal each is in its layer's \
        colour: requests cyan, emissions magenta, renders green, a state change's heading yellow, timers blue \
        (never piped, with NO_COLOR or TERM=dumb, or in JSON).
        """

    static func complete(_ previous: [String], _ partial: String, in shell: Shell) -> [String] {
        switch previous.map({ $0.lowercased() }) {
        case []: ["on", "off", "state"]
        case ["state"]: ["on", "off", "full"]
        default: []
        }
    }

    /// On or off; nil: say which.
    let enable: Bool?
    /// `trace state full`: on, every line and name.
    let full: Bool
    /// `trace state …` rather than `trace …`.
    let state: Bool

    init(_ arguments: [String]) throws(CommandError) {
        var words = arguments.map { $0.lowercased() }
        state = words.first == "state"
        if state { words.removeFirst() }
        full = state && words == ["full"]
        switch words {
        case []: enable = nil
        case ["on"]: enable = true
        case ["off"]: enable = false
        case ["full"] where state: enable = true
        default: throw Self.usageError
        }
    }

    func run(in shell: Shell) async throws -> CommandOutput {
        if state {
            if let enable {
                shell.tracer.isTracingState = enable
                shell.tracer.tracesStateInFull = full
            }
            let enabled = shell.tracer.isTracingState, whole = shell.tracer.tracesStateInFull
            return .reply(.message("trace state: \(enabled ? (whole ? "full" : "on") : "off")", kind: "trace",
                                   facts: ["trace_state": .bool(enabled), "full": .bool(whole)]))
        }
        if let enable { shell.tracer.isEnabled = enable }
        let enabled = shell.tracer.isEnabled
        return .reply(.message("trace: \(enabled ? "on" : "off")", kind: "trace", facts: ["trace": .bool(enabled)]))
    }
}
