import ExplorerCore
import ExplorerText
import Reactive

/// `jump N`: the screen and every view model's state as they were right after command N
/// (Redux DevTools' jump), from what the history kept: the view renders the state it had then,
/// at the width and in the format in force now. Nothing runs again — no request, no write, no
/// view model touched — and the screen says so. `jump` alone, or any command but `history`,
/// `jump` and `diff`, returns to now.
struct JumpCommand: GlobalCommand {
    static let name = "jump"
    static let usage = "jump [N]"
    static let summary = "show the screen and states as they were after command N"
    static let details = """
        `jump 3` shows the screen as it was right after command 3 of `history`, and the state of every view model \
        then: the fields of the one in use, a line for each other. It is replayed from memory: no request is made, \
        nothing stored changes (favourites, caches, the database) and the view models stay as they are now; the \
        screen is drawn again from the state kept, at the width in force (a countdown counts from now). The prompt \
        says `[at 3]` while it is on show.
        `jump` alone returns to now and shows the screen of now; so does any command but `history`, `jump` and `diff`: \
        it runs on the session as it is now and, once it succeeded, says `back at now (7)` (one that fails changes \
        nothing: the jump stays on show).
        """
    static let listedWith: (any GlobalCommand.Type)? = HistoryCommand.self

    static func complete(_ previous: [String], _ partial: String, in shell: Shell) -> [String] {
        previous.isEmpty ? shell.history.keptNumbers : []
    }

    /// The command to jump to; nil: back to now.
    let number: Int?

    init(_ arguments: [String]) throws(CommandError) {
        switch arguments.count {
        case 0: number = nil
        case 1:
            guard let number = SessionHistory.number(arguments[0]) else { throw Self.usageError(hint: "N is a command's number in `history`") }
            self.number = number
        default: throw Self.usageError
        }
    }

    func run(in shell: Shell) async throws -> CommandOutput {
        let history = shell.history
        guard let number else {
            let wasJumped = history.jumpedTo != nil
            history.jumpedTo = nil
            var screen = Self.backAtNow(history.now, feature: shell.activeID, already: !wasJumped)
            if shell.activeID != nil, let now = shell.outlet.latest { screen.blocks.append(.screen(key: "view", now)) }
            return .reply(screen)
        }
        let entry = try history.kept(number)
        history.jumpedTo = number
        return .reply(Self.screen(entry, now: history.now, feature: shell.activeID))
    }

    /// `back at now (7)`: what the session returning to now says.
    static func backAtNow(_ now: Int, feature: String?, already: Bool = false) -> Screen {
        .message(already ? "at now (\(now)) already" : "back at now (\(now))", feature: feature, kind: "jump",
                 facts: ["at": .null, "now": .int(now)])
    }

    /// What the session was right after `entry`: a line saying where and that it is replayed,
    /// the screen then, the state of the view model in use field by field and a line for each other.
    static func screen(_ entry: HistoryEntry, now: Int, feature: String?) -> Screen {
        let failed = entry.failure.map { " (failed: \(Shell.message(for: $0)))" } ?? ""
        let banner = "at \(entry.number) of \(now): \(entry.command)\(failed) — \(Self.replayed)"
        var blocks: [ScreenBlock] = [.paragraph(banner.sanitizedForTerminal, hanging: 2)]
        if let render = entry.screen {
            blocks.append(.screen(key: "view", render()))
        } else {
            blocks.append(.line("no feature was in use"))
        }
        // The view model in use first, field by field; then one line for each other.
        let states = entry.states.filter { $0.model.featureID == entry.feature } + entry.states.filter { $0.model.featureID != entry.feature }
        for (index, snapshot) in states.enumerated() {
            if index == 0 && snapshot.model.featureID == entry.feature {
                blocks += [.blankLine, .line("\(snapshot.model.label) at \(entry.number):"),
                           .table(ArchReflection.stateFields(of: snapshot.state, valueKey: "value", withTypes: false))]
            } else {
                if index == 0 { blocks.append(.blankLine) }
                blocks.append(.paragraph("\(snapshot.model.label) at \(entry.number): \(ReactiveTrace.summary(of: snapshot.state))".sanitizedForTerminal,
                                         hanging: 2))
            }
        }
        let facts: JSONObject = [
            "at": .int(entry.number), "of": .int(now), "command": .string(entry.command), "in_use": .optional(entry.feature),
            "failed": .bool(entry.failure != nil), "error": .optional(entry.failure.map(Shell.message(for:))),
            "replayed": .string(Self.replayed),
            "states": .array(states.map { snapshot in
                ["feature": .string(snapshot.model.featureID), "viewModel": .string(snapshot.model.label),
                 "summary": .string(ReactiveTrace.summary(of: snapshot.state))]
            }),
        ]
        return Screen(feature: feature, kind: "jump", facts: facts, blocks: blocks)
    }

    /// What a jump does not do, said on its screen.
    static let replayed = "replayed from memory; no request made, nothing stored changes; `jump` returns to now"
}
