import ExplorerCore
import ExplorerText

/// `help [command]`: the commands available now, or one of them explained — from the
/// declarations the commands make (``GlobalCommand``, a feature's ``Command``s).
struct HelpCommand: GlobalCommand {
    static let name = "help"
    static let usage = "help [command]"
    static let summary = "list the commands, or explain one"

    static func complete(_ previous: [String], _ partial: String, in shell: Shell) -> [String] {
        previous.isEmpty ? shell.commandNames : []
    }

    let topic: String?

    init(_ arguments: [String]) throws(CommandError) {
        guard arguments.count <= 1 else { throw Self.usageError }
        topic = arguments.first
    }

    func run(in shell: Shell) async throws -> CommandOutput {
        guard let topic else { return .reply(Self.overview(in: shell)) }
        let featureCommands = shell.activeCommands
        let name = QuitCommand.aliases.contains(topic) ? QuitCommand.name : topic
        guard let command = (shell.globalCommands + featureCommands).first(where: { $0.name == name }) else {
            if let entry = shell.registry.entry(name) {
                let descriptor = entry.descriptor
                return .reply(Screen(feature: nil, kind: "help",
                                     facts: ["topic": .string(descriptor.id), "title": .string(descriptor.title),
                                             "summary": .string(descriptor.summary)],
                                     blocks: [.line("\(descriptor.id): \(descriptor.title) — \(descriptor.summary)"),
                                              .line("`use \(descriptor.id)` to start.")]))
            }
            if let elsewhere = Self.inOtherFeatures(name, shell: shell) { return .reply(elsewhere) }
            let suggestion = name.nearest(in: shell.commandNames + shell.registry.ids).map { " (did you mean '\($0)'?)" } ?? ""
            throw CommandError("no help for '\(name.sanitizedForTerminal.truncated(toWidth: 40))'\(suggestion)")
        }
        // A usage too long for the width wraps under the command's name, past `usage: ` — or
        // under `usage: ` where a word of it would not fit past the name.
        let widest = command.usage.split(separator: " ").map { String($0).displayWidth }.max() ?? 0
        let underName = "usage: \(command.name) ".displayWidth
        let hanging = underName + widest <= shell.terminal.currentWidth ? underName : 0
        var blocks: [ScreenBlock] = [.paragraph("usage: \(command.usage)", hanging: hanging),
                                     .paragraph(command.summary, indent: 2)]
        if !command.details.isEmpty {
            for paragraph in command.details.split(separator: "\n", omittingEmptySubsequences: false) {
                blocks.append(.paragraph(String(paragraph), indent: 2))
            }
        }
        return .reply(Screen(feature: shell.activeID, kind: "help",
                             facts: ["topic": .string(command.name), "usage": .string(command.usage),
                                     "summary": .string(command.summary), "details": .string(command.details)],
                             blocks: blocks))
    }

    /// At the top level it fits an 80×24 terminal with the prompt below it, so that it is
    /// never paged there: what is typed next goes to the prompt, not to the pager. Each
    /// summary fits beside its synopsis at 80 columns.
    private static func overview(in shell: Shell) -> Screen {
        var blocks: [ScreenBlock] = [.commands(summaries("Commands (`help <command>` explains one)", key: "commands", shell.globalCommands))]
        var facts: JSONObject = [:]
        if let activeID = shell.activeID {
            blocks += [.blankLine, .commands(summaries("\(activeID) commands", key: "feature_commands", shell.activeCommands))]
        } else {
            facts["features"] = .array(shell.registry.ids.map(JSONValue.string))
            // Right under the commands: with the prompt, the 24th line.
            blocks.append(.line("Features: \(shell.registry.ids.joined(separator: ", "))"))
        }
        return Screen(feature: shell.activeID, kind: "help", facts: facts, blocks: blocks)
    }

    private static func summaries(_ title: String, key: String, _ commands: [Command]) -> CommandSummaryList {
        CommandSummaryList(title: title, key: key, entries: commands.map {
            CommandSummaryList.Entry(name: $0.name, usage: $0.synopsis, summary: $0.summary)
        })
    }

    /// `help page` where `page` is no command here: which features have it, what it does in
    /// each, and how to get there.
    private static func inOtherFeatures(_ name: String, shell: Shell) -> Screen? {
        let activeID = shell.activeID
        let owners = shell.registry.features(offering: name).filter { $0 != activeID }
        guard let first = owners.first else { return nil }
        var blocks: [ScreenBlock] = [
            .line("`\(name)` is a command of \(owners.joined(separator: ", ")): `use \(first)` first"
                  + (activeID.map { " (not of \($0))" } ?? "") + "."),
        ]
        var entries: [JSONValue] = []
        for id in owners {
            guard let command = shell.registry.feature(id).map(shell.commands(of:))?.first(where: { $0.name == name }) else { continue }
            blocks.append(.paragraph("\(id): \(command.usage) — \(command.summary)", indent: 2))
            entries.append(["feature": .string(id), "usage": .string(command.usage), "summary": .string(command.summary)])
        }
        return Screen(feature: activeID, kind: "help", facts: ["topic": .string(name), "elsewhere": .array(entries)], blocks: blocks)
    }
}
