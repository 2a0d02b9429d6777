import ExplorerCore
import ExplorerText
import ExplorerTrace

/// `diff N M`: what changed in each view model's state from right after command N to right
/// after command M of `history`, said as `trace state` says a change (``StateReport``): by key
/// path, a list's rows by who they are; at most 20 lines a view model unless `full`.
struct DiffCommand: GlobalCommand {
    static let name = "diff"
    static let usage = "diff N [M] [full]"
    static let summary = "what changed in the view models between two commands"
    static let details = """
        `diff 2 4` shows what changed in each view model's state from right after command 2 of `history` to right \
        after command 4, as `trace state` says a change: a value as it was and is (`page: 1 → 2`), a list's rows by \
        who they are — removed, added, moved, or changed (`rows: #5 Millennium Falcon: isFavourite: false → true`); \
        a view model first used in between is summed up as it is at 4. `diff 4` alone: what command 4 changed (for \
        `run FILE`, the whole file). At most 20 lines a view model and 3 names a list; `diff 2 4 full` shows all.
        With `--format json`, `view_models`: [{"feature", "viewModel", "fields": {"changed", "of"}, "changes": […]}], \
        each change as `trace state` writes it, and `first_used`.
        """
    static let listedWith: (any GlobalCommand.Type)? = HistoryCommand.self

    static func complete(_ previous: [String], _ partial: String, in shell: Shell) -> [String] {
        switch previous.count {
        case 0: shell.history.keptNumbers
        case 1: shell.history.keptNumbers + ["full"]
        case 2 where previous[1] != "full": ["full"]
        default: []
        }
    }

    let from: Int?
    let to: Int
    let full: Bool

    init(_ arguments: [String]) throws(CommandError) {
        var words = arguments
        full = words.last?.lowercased() == "full"
        if full { words.removeLast() }
        let numbers = words.map(SessionHistory.number)
        switch numbers.count {
        case 1 where numbers[0] != nil: (from, to) = (nil, numbers[0]!)
        case 2 where numbers[0] != nil && numbers[1] != nil: (from, to) = (numbers[0], numbers[1]!)
        default: throw Self.usageError(hint: "N and M are commands' numbers in `history`")
        }
    }

    func run(in shell: Shell) async throws -> CommandOutput {
        let history = shell.history
        let later = try history.kept(to)
        let earlier: HistoryEntry?
        if let from {
            earlier = try history.kept(from)
        } else {
            switch history.base(of: later) {
            case .start: earlier = nil
            case .after(let entry): earlier = entry
            case .dropped(let number): throw CommandError("command \(number), which \(to) started from, was dropped: the history keeps the last \(history.capacity)")
            }
        }
        return .reply(screen(from: earlier, to: later, changes: history.changes(from: earlier, to: later), feature: shell.activeID))
    }

    /// `from 2 \`page next\` to 4 \`open 5\``, then each view model's changes.
    private func screen(from earlier: HistoryEntry?, to later: HistoryEntry, changes: [ViewModelChange], feature: String?) -> Screen {
        let start = earlier.map { "\($0.number) `\($0.command)`" } ?? "the start"
        var blocks: [ScreenBlock] = [.paragraph("from \(start) to \(later.number) `\(later.command)`:".sanitizedForTerminal, hanging: 2)]
        if changes.isEmpty { blocks.append(.line("nothing changed")) }
        let range = earlier.map { "\($0.number) \(later.number)" } ?? "\(later.number)"
        var changed: [JSONValue] = [], firstUsed: [JSONValue] = []
        for change in changes {
            let label = change.model.label
            guard let report = change.report else {
                let when = earlier.map { "not used at \($0.number)" } ?? "not used before"
                blocks.append(.paragraph("\(label): \(when); at \(later.number): \(change.stateSummary)".sanitizedForTerminal, hanging: 2))
                firstUsed.append(["feature": .string(change.model.featureID), "viewModel": .string(label),
                                  "summary": .string(change.stateSummary)])
                continue
            }
            blocks.append(.line("\(label) \(report.fieldsChanged)"))
            for line in report.lines(full: full, more: { "… (\($0) more lines: `diff \(range) full` shows all)" }) {
                // A line's own indent (a long value's lines, a row's changes) is kept under the view model's.
                let indent = line.prefix { $0 == " " }.count
                blocks.append(.paragraph(String(line.dropFirst(indent)), indent: 2 + indent, hanging: 2))
            }
            changed.append(["feature": .string(change.model.featureID), "viewModel": .string(label),
                            "fields": report.fieldsJSON, "changes": report.changesJSON])
        }
        return Screen(feature: feature, kind: "diff",
                      facts: ["from": .optional(earlier?.number), "to": .int(later.number),
                              "from_command": .optional(earlier?.command), "to_command": .string(later.command),
                              "full": .bool(full), "view_models": .array(changed), "first_used": .array(firstUsed)],
                      blocks: blocks)
    }
}
