import ExplorerCore
import ExplorerText

/// `history`: the session's commands, numbered as typed, each with what it changed in a line
/// (Redux DevTools' log): `3  open 5  starships: detail nil → #5 Millennium Falcon`. What
/// changed is worked out when `history` asks, from the states kept (``SessionHistory``).
struct HistoryCommand: GlobalCommand {
    static let name = "history"
    static let usage = "history"
    static let synopsis = "history · jump · diff"
    static let summary = "the commands run; look back with `jump N`, `diff N M`"
    static let details = """
        Lists the session's commands, numbered in the order they were typed (a `run` before the lines of its \
        file, which are indented under it), each with what it changed in the view models' states, in a line \
        cut to the width: `3  open 5  starships: screen .list → .detail(number: 5); detail nil → #5 Millennium \
        Falcon; …`; `changed nothing`, or for a command that failed `error: …` (which changes nothing, and says so). \
        The last \(SessionHistory.defaultCapacity) commands are kept; the heading counts those dropped.
        `jump N` shows the screen and every view model's state as they were right after command N, from \
        memory: no request is made and nothing stored changes; `jump`, or any other command, returns to now. \
        `diff N M` shows what changed between two commands, as `trace state` says it.
        With `--format json`, one object: `rows` of {"n", "command", "summary", "feature", "failed", "error", \
        "changed": {feature: [fields]}, "first_used": [features]}.
        At the prompt, Up and Down recall earlier lines and Ctrl-R searches them.
        """

    init(_ arguments: [String]) throws(CommandError) {
        guard arguments.isEmpty else { throw Self.usageError }
    }

    func run(in shell: Shell) async throws -> CommandOutput {
        .reply(Self.screen(shell.history, feature: shell.activeID))
    }

    static func screen(_ history: SessionHistory, feature: String?) -> Screen {
        let entries = history.entries
        var facts: JSONObject = ["count": .int(entries.count), "dropped": .int(history.dropped), "now": .int(history.now),
                                 "at": .optional(history.jumpedTo)]
        facts["kept"] = .int(history.capacity)
        guard !entries.isEmpty else {
            // No rows, and `rows` all the same, so jq's `.rows[]` reads every `history`.
            facts["rows"] = .array([])
            return Screen(feature: feature, kind: "history", facts: facts,
                          blocks: [.line("no command has run yet: each is listed here once it has")])
        }
        var heading = "History · \(entries.count == 1 ? "1 command" : "\(entries.count) commands")"
        if history.dropped > 0 {
            heading += " · commands 1–\(history.dropped) dropped (the last \(history.capacity) are kept)"
        }
        if let at = history.jumpedTo { heading += " · at \(at)" }
        let rows = entries.map { entry -> [ScreenTable.Cell] in
            let line = Self.line(entry, in: history)
            var changed = JSONObject()
            for change in line.changes ?? [] {
                if let report = change.report { changed[change.model.featureID] = .array(report.changedFields.map(JSONValue.string)) }
            }
            let firstUsed = (line.changes ?? []).filter { $0.report == nil }.map { JSONValue.string($0.model.featureID) }
            let indent = String(repeating: "  ", count: entry.depth)
            return [ScreenTable.Cell(String(entry.number), .int(entry.number)),
                    ScreenTable.Cell(indent + entry.command.sanitizedForTerminal, .string(entry.command)),
                    ScreenTable.Cell(line.summary.sanitizedForTerminal, .string(line.summary)),
                    .data(.optional(entry.feature)),
                    .data(.bool(entry.failure != nil)),
                    .data(.optional(entry.failure.map(Shell.message(for:)))),
                    .data(.object(changed)),
                    .data(.array(firstUsed)),
                    .data(.int(entry.depth))]
        }
        let table = ScreenTable(columns: [.init("n", title: "#", alignment: .right, truncatable: false),
                                          .init("command", minimumWidth: 8),
                                          .init("summary", title: "what it changed", minimumWidth: 10)]
                                    + ScreenTable.Column.data(["feature", "failed", "error", "changed", "first_used", "depth"]),
                                rows: rows)
        return Screen(feature: feature, kind: "history", facts: facts,
                      blocks: [.heading(heading), .table(table),
                               .hint("`jump N`: the screen and state right after N · `diff N M`: what changed")])
    }

    /// What `entry` changed, in a line, and the changes it is made of (nil when what it started
    /// from was dropped): `starships: page 1 → 2; …`, `changed nothing`, `error: …`.
    static func line(_ entry: HistoryEntry, in history: SessionHistory) -> (summary: String, changes: [ViewModelChange]?) {
        var changes: [ViewModelChange]?
        switch history.base(of: entry) {
        case .start: changes = history.changes(from: nil, to: entry)
        case .after(let base): changes = history.changes(from: base, to: entry)
        case .dropped: changes = nil
        }
        let changed = changes.map { $0.isEmpty ? "changed nothing" : $0.map(\.headline).joined(separator: " · ") }
            ?? "(what it started from was dropped)"
        guard let failure = entry.failure else { return (changed, changes) }
        let error = "error: \(Shell.message(for: failure))"
        return (changes?.isEmpty == true ? "\(error) (changed nothing)" : "\(error) · \(changed)", changes)
    }
}
