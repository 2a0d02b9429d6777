extension Shell {
    /// The commands available everywhere, in the order `help` lists them.
    var globalCommands: [Command] {
        [
            Command("help", usage: "help [command]", summary: "list the commands, or explain one",
                    complete: { [unowned self] previous in previous.isEmpty ? self.commandNames : [] },
                    run: { [unowned self] arguments in try self.help(arguments) }),
            Command("features", summary: "list the features you can use",
                    run: { [unowned self] arguments in
                        guard arguments.isEmpty else { throw CommandError.usage("features") }
                        return self.featureList()
                    }),
            Command("use", usage: "use <feature>", summary: "switch to a feature (typing its id alone does the same)",
                    complete: { [unowned self] previous in previous.isEmpty ? self.registry.ids : [] },
                    run: { [unowned self] arguments in
                        guard arguments.count == 1 else { throw CommandError.usage("use <feature>   (one of: \(self.registry.ids.joined(separator: ", ")))") }
                        return try await self.use(arguments[0])
                    }),
            Command("back", summary: "go up one level: detail → list → features",
                    run: { [unowned self] arguments in
                        guard arguments.isEmpty else { throw CommandError.usage("back") }
                        return try await self.back()
                    }),
            Command("favs", usage: "favs [all]", summary: "list the favourites of this feature (or of all with `all`)",
                    complete: { previous in previous.isEmpty ? ["all"] : [] },
                    run: { [unowned self] arguments in try self.favouritesList(arguments) }),
            Command("source", usage: "source [embedded|live]", summary: "show or switch where data comes from",
                    details: "embedded: data compiled into explorer, no network (the default).\nlive: the real APIs, at the baseURL Plugins.json gives each feature.",
                    complete: { previous in previous.isEmpty ? DataSource.allCases.map(\.rawValue) : [] },
                    run: { [unowned self] arguments in
                        switch arguments.count {
                        case 0: return "source: \(self.source.current.rawValue)"
                        case 1:
                            guard let source = DataSource(rawValue: arguments[0].lowercased()) else {
                                throw CommandError("unknown source '\(arguments[0].sanitizedForTerminal.truncated(toWidth: 20))' (embedded or live)")
                            }
                            return try await self.switchSource(to: source)
                        default: throw CommandError.usage("source [embedded|live]")
                        }
                    }),
            Command("trace", usage: "trace [on|off]", summary: "show requests and observable emissions as they happen",
                    details: "Each request prints `trace: GET /path → 200 (12 ms)`; each emission of a view model's\nobservable prints `trace: Name.property ← summary`; each view render prints `trace: NameView rendered`.",
                    complete: { previous in previous.isEmpty ? ["on", "off"] : [] },
                    run: { [unowned self] arguments in
                        switch arguments.map({ $0.lowercased() }) {
                        case []: return "trace: \(self.tracer.isEnabled ? "on" : "off")"
                        case ["on"]: self.setTracing(true); return nil
                        case ["off"]: self.setTracing(false); return nil
                        default: throw CommandError.usage("trace [on|off]")
                        }
                    }),
            Command("quit", summary: "leave explorer (also `exit`, or Ctrl-D)",
                    run: { [unowned self] arguments in
                        guard arguments.isEmpty else { throw CommandError.usage("quit") }
                        self.quit()
                        return nil
                    }),
        ]
    }

    private func help(_ arguments: [String]) throws -> String {
        let featureCommands = activeFeature?.commands ?? []
        guard arguments.isEmpty else {
            guard arguments.count == 1 else { throw CommandError.usage("help [command]") }
            let name = arguments[0] == "exit" ? "quit" : arguments[0]
            guard let command = (globalCommands + featureCommands).first(where: { $0.name == name }) else {
                if registry.entry(name) != nil, let entry = registry.entry(name) {
                    return "\(entry.descriptor.id): \(entry.descriptor.title) — \(entry.descriptor.summary)\n`use \(name)` to start."
                }
                throw unknownHelpTopic(name)
            }
            var lines = ["usage: \(command.usage)", "  \(command.summary)"]
            for paragraph in command.details.split(separator: "\n", omittingEmptySubsequences: false) where !command.details.isEmpty {
                lines += FieldList.wrap(String(paragraph), width: max(terminal.width - 2, 20)).map { "  \($0)" }
            }
            return lines.joined(separator: "\n")
        }
        var sections = [section("Commands", globalCommands)]
        if let activeID {
            sections.append(section("\(activeID) commands", featureCommands))
        } else {
            sections.append("Features (type an id to use it): \(registry.ids.joined(separator: ", "))")
        }
        sections.append("`help <command>` explains one command.")
        return sections.joined(separator: "\n\n")
    }

    private func unknownHelpTopic(_ name: String) -> CommandError {
        let suggestion = name.nearest(in: commandNames + registry.ids).map { " (did you mean '\($0)'?)" } ?? ""
        return CommandError("no help for '\(name.sanitizedForTerminal.truncated(toWidth: 40))'\(suggestion)")
    }

    /// Usages in one column, summaries beside them, wrapped (never cut) to the width; a usage
    /// too long for the column gets a line of its own, its summary below it.
    private func section(_ title: String, _ commands: [Command]) -> String {
        let column = min(commands.map { $0.usage.displayWidth }.max() ?? 0, 24) + 4
        let summaryWidth = max(terminal.width - column, 20)
        let indent = String(repeating: " ", count: column)
        var lines = ["\(title):"]
        for command in commands {
            let summary = FieldList.wrap(command.summary, width: summaryWidth)
            let usage = "  " + command.usage
            if usage.displayWidth + 2 > column {
                lines.append(usage)
                lines += summary.map { indent + $0 }
            } else {
                lines.append(usage.padded(toWidth: column) + summary[0])
                lines += summary.dropFirst().map { indent + $0 }
            }
        }
        return lines.joined(separator: "\n")
    }

    private func featureList() -> String {
        let rows = registry.entries.map { entry in
            [entry.descriptor.id == activeID ? "▸" : " ", entry.descriptor.id, entry.descriptor.title, entry.descriptor.summary]
        }
        let table = TextTable(columns: [.init("", truncatable: false, minimumWidth: 1), .init("id", truncatable: false),
                                        .init("title"), .init("summary")], rows: rows)
        return table.render(width: terminal.width, style: terminal.style)
    }

    private func favouritesList(_ arguments: [String]) throws -> String {
        let all: Bool
        switch arguments.map({ $0.lowercased() }) {
        case []: all = activeID == nil
        case ["all"]: all = true
        default: throw CommandError.usage("favs [all]")
        }
        let list = try favourites.list(feature: all ? nil : activeID)
        guard !list.isEmpty else {
            return all ? "no favourites yet (`fav N` on a list marks one)" : "no \(activeID ?? "") favourites yet (`fav N` marks one)"
        }
        var columns: [TextTable.Column] = [.init("★", truncatable: false, minimumWidth: 1)]
        if all { columns.append(.init("feature", truncatable: false)) }
        columns += [.init("title"), .init("id", truncatable: false)]
        let rows = list.map { favourite in
            ["★"] + (all ? [favourite.feature] : []) + [favourite.title, favourite.itemID]
        }
        return TextTable(columns: columns, rows: rows).render(width: terminal.width, style: terminal.style)
    }
}
