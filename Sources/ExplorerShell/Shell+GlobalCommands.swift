import ExplorerClock
import ExplorerCore
import ExplorerHTTP
import ExplorerText
import Foundation

extension Shell {
    /// The commands available everywhere, in the order `help` lists them, for
    /// ``globalCommands`` to keep: their closures read the shell's state when they run, so the
    /// table is made once.
    func makeGlobalCommands() -> [Command] {
        [
            Command("help", usage: "help [command]", summary: "list the commands, or explain one",
                    complete: { [unowned self] previous in previous.isEmpty ? self.commandNames : [] },
                    run: { [unowned self] arguments in try self.help(arguments) }),
            Command("features", summary: "list the features you can use",
                    run: { [unowned self] arguments in
                        guard arguments.isEmpty else { throw CommandError.usage("features") }
                        return self.featureList()
                    }),
            Command("use", usage: "use <feature>", summary: "switch to a feature (or type its id alone)",
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
            Command("favs", usage: "favs [all]", summary: "list this feature's favourites, or all with `all`",
                    complete: { previous in previous.isEmpty ? ["all"] : [] },
                    run: { [unowned self] arguments in try self.favouritesList(arguments) }),
            Command("source", usage: "source [embedded|live]", summary: "show or switch where data comes from",
                    details: "embedded: data compiled into explorer, no network (the default).\nlive: the real APIs, at the baseURL Plugins.json gives each feature.",
                    complete: { previous in previous.isEmpty ? DataSource.allCases.map(\.rawValue) : [] },
                    run: { [unowned self] arguments in
                        switch arguments.count {
                        case 0:
                            let current = self.source.current.rawValue
                            return .message("source: \(current)", kind: "source", facts: ["source": .string(current)])
                        case 1:
                            guard let source = DataSource(rawValue: arguments[0].lowercased()) else {
                                throw CommandError("unknown source '\(arguments[0].sanitizedForTerminal.truncated(toWidth: 20))' (embedded or live)")
                            }
                            return try await self.switchSource(to: source)
                        default: throw CommandError.usage("source [embedded|live]")
                        }
                    }),
            Command("format", usage: "format [text|json|csv]", summary: "show or switch how screens are printed",
                    details: "text: for reading (the default).\njson: one JSON object per screen, on one line (JSON Lines).\ncsv: a table screen as CSV with a header row (its header alone when empty); other screens write nothing (use json).\nSwitching prints nothing, as sqlite3's `.mode` does; `format` alone says which is in force.",
                    complete: { previous in previous.isEmpty ? OutputFormat.allCases.map(\.rawValue) : [] },
                    run: { [unowned self] arguments in
                        switch arguments.count {
                        case 0:
                            let current = self.format.rawValue
                            return .message("format: \(current)", kind: "format", facts: ["format": .string(current)])
                        case 1:
                            guard let format = OutputFormat(rawValue: arguments[0].lowercased()) else {
                                throw CommandError("unknown format '\(arguments[0].sanitizedForTerminal.truncated(toWidth: 20))' (text, json or csv)")
                            }
                            self.format = format
                            return nil
                        default: throw CommandError.usage("format [text|json|csv]")
                        }
                    }),
            Command("once", usage: "once <file>", summary: "write the next screen to a file (as sqlite3's .once)",
                    details: Self.onceDetails,
                    completeWord: { previous, partial in previous.isEmpty ? FileNameCompletion.candidates(for: partial) : [] },
                    run: { [unowned self] arguments in try self.onceCommand(arguments) }),
            Command("output", usage: "output [file]", summary: "write every screen to a file; alone: to stdout again",
                    details: Self.outputDetails,
                    completeWord: { previous, partial in previous.isEmpty ? FileNameCompletion.candidates(for: partial) : [] },
                    run: { [unowned self] arguments in try self.outputCommand(arguments) }),
            Command("trace", usage: "trace [on|off]", summary: "show requests and observable emissions as they happen",
                    details: "Each request prints `trace: GET /path → 200 (12 ms)`; each emission of a view model's observable prints `trace: Name.property ← summary`; each view render prints `trace: NameView rendered`.\nTrace lines go to stderr, so stdout keeps only the screens.",
                    complete: { previous in previous.isEmpty ? ["on", "off"] : [] },
                    run: { [unowned self] arguments in
                        switch arguments.map({ $0.lowercased() }) {
                        case []: break
                        case ["on"]: self.tracer.isEnabled = true
                        case ["off"]: self.tracer.isEnabled = false
                        default: throw CommandError.usage("trace [on|off]")
                        }
                        let enabled = self.tracer.isEnabled
                        return .message("trace: \(enabled ? "on" : "off")", kind: "trace", facts: ["trace": .bool(enabled)])
                    }),
            Command("pager", usage: "pager [on|off]", summary: "show or switch paging of screens too tall to fit",
                    details: "At a terminal, a screen taller than the window goes through $PAGER (default `less -FRX`), as psql and git do; never when output is piped. `--no-pager` starts with it off.",
                    complete: { previous in previous.isEmpty ? ["on", "off"] : [] },
                    run: { [unowned self] arguments in
                        switch arguments.map({ $0.lowercased() }) {
                        case []: break
                        case ["on"]:
                            guard let pager = self.availablePager else {
                                throw CommandError("no pager here: output is not a terminal, or $PAGER (default `less`) cannot be found")
                            }
                            self.printer.pager = pager
                        case ["off"]: self.printer.pager = nil
                        default: throw CommandError.usage("pager [on|off]")
                        }
                        let pager = self.printer.pager
                        let command = pager.map { ([$0.program.name] + $0.arguments).joined(separator: " ") }
                        return .message("pager: \(command.map { "on (\($0))" } ?? "off")", kind: "pager",
                                        facts: ["pager": .bool(pager != nil), "command": .optional(command)])
                    }),
            Command("arch", usage: "arch [command…]", summary: "how the program or feature is built; a command's path",
                    details: """
                        At the top level: the modules, the features Plugins.json lists (module, base URL, settings, tables) and \
                        the client stack every request goes through. In a feature: its pieces, each command and the view-model \
                        intent it sends, the view model's state fields with their values now, the endpoints its service asks \
                        for, the screens its view makes, its tables and its client stack. All read from the running program.
                        `arch <command…>` runs the command and draws the path it took, with timings: command → intent → \
                        requests, state emissions and renders in order → the screen.
                        """,
                    complete: { [unowned self] previous in previous.isEmpty ? self.commandNames.filter { $0 != "arch" } : [] },
                    run: { [unowned self] arguments in try await self.archCommand(arguments) }),
            Command("net", usage: "net [latency|fail …]", summary: "slow or fail requests, to see what each layer does",
                    details: """
                        `net` says what is injected. `net latency 800ms [jitter 200ms]` delays every request (`net latency off` \
                        stops); `net fail 500|404|429|timeout|offline|malformed [times N] [match TEXT]` makes requests fail: \
                        with that HTTP status, as a timeout, as if the network were unavailable, or with the answer cut off \
                        halfway; `times N` only the next N, `match TEXT` only requests whose path contains TEXT (the first \
                        matching fault applies). `net clear` ends it all.
                        It works on both sources, embedded too, right above where the data comes from: the response cache, \
                        the service and the view model meet the failure as they would a real one (`trace on` shows each \
                        layer). Ctrl-C interrupts an injected delay. `--latency` and `--fail` do the same from the start.
                        """,
                    complete: { previous in
                        switch previous.first {
                        case nil: ["latency", "fail", "clear"]
                        case "latency": previous.count == 1 ? ["100ms", "800ms", "off"] : previous.count == 2 ? ["jitter"] : []
                        case "fail": previous.count == 1 ? ["500", "404", "429", "timeout", "offline", "malformed"] : ["times", "match"]
                        default: []
                        }
                    },
                    run: { [unowned self] arguments in try self.netCommand(arguments) }),
            Command("clock", usage: "clock [pause|live|+5m]", summary: "show the time, or pause, move or free it",
                    details: """
                        `clock` says the time and whether it is live or virtual. `clock pause` freezes a virtual clock at now; \
                        `clock +50s`, `clock +5m`, `clock +1h30m` move it forward (only forward; a duration always has its unit), running every timer that falls due on the way \
                        in order (races: a re-sort every 50 s, a poll every 5 min); `clock 2024-03-15T05:00:00Z` sets it; \
                        `clock live` returns to real time. `--clock TIME` starts explorer on a virtual clock.
                        """,
                    complete: { previous in previous.isEmpty ? ["pause", "live", "+50s", "+5m"] : [] },
                    run: { [unowned self] arguments in try await self.clockCommand(arguments) }),
            Command("run", usage: "run <file>", summary: "run the commands in a script file",
                    details: """
                        Each line of the file runs as if typed in a script: several commands to a line with `;`, \
                        quotes, `#` comments. An error names the file and the line (`error: demo.txt:3: …`) and \
                        counts toward the exit status; with `--bail` the first one stops the file and everything \
                        after it. `quit` in a file leaves explorer.
                        A relative name is taken from the directory explorer was started in. A script can run \
                        another (at most \(ScriptStack.defaultMaximumDepth) deep), never itself, directly or \
                        through others. `explorer FILE…` runs files from the command line the same way.
                        """,
                    completeWord: { previous, partial in
                        previous.isEmpty ? FileNameCompletion.candidates(for: partial) : []
                    },
                    run: { [unowned self] arguments in
                        guard arguments.count == 1 else { throw CommandError.usage("run <file>") }
                        try await self.runScript(arguments[0])
                        return nil
                    }),
            Command("quit", summary: "leave explorer (also `exit`, or Ctrl-D)",
                    details: "`exit` and `q` (as in less and psql's `\\q`) do the same, and so does Ctrl-D at the prompt.",
                    run: { [unowned self] arguments in
                        guard arguments.isEmpty else { throw CommandError.usage("quit") }
                        self.quit()
                        return nil
                    }),
        ]
    }

    private func help(_ arguments: [String]) throws -> Screen {
        let featureCommands = activeCommands
        guard arguments.isEmpty else {
            guard arguments.count == 1 else { throw CommandError.usage("help [command]") }
            let name = Shell.quitAliases.contains(arguments[0]) ? "quit" : arguments[0]
            guard let command = (globalCommands + featureCommands).first(where: { $0.name == name }) else {
                if let entry = registry.entry(name) {
                    let descriptor = entry.descriptor
                    return Screen(feature: nil, kind: "help",
                                  facts: ["topic": .string(descriptor.id), "title": .string(descriptor.title),
                                          "summary": .string(descriptor.summary)],
                                  blocks: [.line("\(descriptor.id): \(descriptor.title) — \(descriptor.summary)"),
                                           .line("`use \(descriptor.id)` to start.")])
                }
                if let elsewhere = helpInOtherFeatures(name) { return elsewhere }
                throw unknownHelpTopic(name)
            }
            var blocks: [ScreenBlock] = [.line("usage: \(command.usage)"), .line("  \(command.summary)")]
            if !command.details.isEmpty {
                for paragraph in command.details.split(separator: "\n", omittingEmptySubsequences: false) {
                    blocks.append(.paragraph(String(paragraph), indent: 2))
                }
            }
            return Screen(feature: activeID, kind: "help",
                          facts: ["topic": .string(command.name), "usage": .string(command.usage),
                                  "summary": .string(command.summary), "details": .string(command.details)],
                          blocks: blocks)
        }
        // At the top level it fits an 80×24 terminal with the prompt below it, so that it is
        // never paged there: what is typed next goes to the prompt, not to the pager. Each
        // summary fits beside its usage at 80 columns.
        var blocks: [ScreenBlock] = [.commands(summaries("Commands (`help <command>` explains one)", key: "commands", globalCommands))]
        var facts: JSONObject = [:]
        if let activeID {
            blocks += [.blankLine, .commands(summaries("\(activeID) commands", key: "feature_commands", featureCommands))]
        } else {
            facts["features"] = .array(registry.ids.map(JSONValue.string))
            blocks += [.blankLine, .line("Features: \(registry.ids.joined(separator: ", "))")]
        }
        return Screen(feature: activeID, kind: "help", facts: facts, blocks: blocks)
    }

    private func summaries(_ title: String, key: String, _ commands: [Command]) -> CommandSummaryList {
        CommandSummaryList(title: title, key: key, entries: commands.map {
            CommandSummaryList.Entry(name: $0.name, usage: $0.usage, summary: $0.summary)
        })
    }

    /// `help page` where `page` is no command: which features have it, what it does in each,
    /// and how to get there.
    private func helpInOtherFeatures(_ name: String) -> Screen? {
        let owners = registry.features(offering: name).filter { $0 != activeID }
        guard let first = owners.first else { return nil }
        var blocks: [ScreenBlock] = [
            .line("`\(name)` is a command of \(owners.joined(separator: ", ")): `use \(first)` first"
                  + (activeID.map { " (not of \($0))" } ?? "") + "."),
        ]
        var entries: [JSONValue] = []
        for id in owners {
            guard let command = registry.feature(id).map(commands(of:))?.first(where: { $0.name == name }) else { continue }
            blocks.append(.paragraph("\(id): \(command.usage) — \(command.summary)", indent: 2))
            entries.append(["feature": .string(id), "usage": .string(command.usage), "summary": .string(command.summary)])
        }
        return Screen(feature: activeID, kind: "help", facts: ["topic": .string(name), "elsewhere": .array(entries)], blocks: blocks)
    }

    private func unknownHelpTopic(_ name: String) -> CommandError {
        let suggestion = name.nearest(in: commandNames + registry.ids).map { " (did you mean '\($0)'?)" } ?? ""
        return CommandError("no help for '\(name.sanitizedForTerminal.truncated(toWidth: 40))'\(suggestion)")
    }

    private func featureList() -> Screen {
        let table = ScreenTable(
            columns: [
                .init("active", title: "", truncatable: false, minimumWidth: 1),
                .init("id", truncatable: false),
                // Wrapped, never cut: a summary is what says what the feature is.
                .init("title", minimumWidth: 10, dropOrder: 2, wraps: true),
                .init("summary", minimumWidth: 12, dropOrder: 1, wraps: true),
            ],
            rows: registry.entries.map { entry in
                let isActive = entry.descriptor.id == activeID
                return [ScreenTable.Cell(isActive ? "▸" : " ", .bool(isActive)), .init(entry.descriptor.id),
                        .init(entry.descriptor.title), .init(entry.descriptor.summary)]
            })
        return Screen(feature: nil, kind: "features", facts: ["count": .int(registry.entries.count)], blocks: [.table(table)])
    }

    private func favouritesList(_ arguments: [String]) throws -> Screen {
        let all: Bool
        switch arguments.map({ $0.lowercased() }) {
        case []: all = activeID == nil
        case ["all"]: all = true
        default: throw CommandError.usage("favs [all]")
        }
        if !all, let listing = activeFeature as? any FavouritesListing {
            return try listing.showFavourites()
        }
        let list = try favourites.list(feature: all ? nil : activeID)
        var screen = Screen(feature: all ? nil : activeID, kind: "favourites",
                            facts: ["all": .bool(all), "count": .int(list.count)])
        var columns: [ScreenTable.Column] = [
            // No numbers to read: `open N` cannot take them here (a feature that can lists its
            // own favourites, see FavouritesListing).
            .init("row", title: "#", alignment: .right, truncatable: false, visibility: .dataOnly),
            .init("favourite", title: "★", truncatable: false, minimumWidth: 1, visibility: .textOnly),
        ]
        columns.append(.init("feature", truncatable: false, dropOrder: 1, visibility: all ? .textAndData : .dataOnly))
        columns += [.init("title", minimumWidth: 10), .init("id", truncatable: false, dropOrder: 2), .data("created")]
        let rows = list.enumerated().map { index, favourite -> [ScreenTable.Cell] in
            [ScreenTable.Cell(String(index + 1), .int(index + 1)), ScreenTable.Cell("★", .bool(true)), .init(favourite.feature),
             .init(favourite.title), ScreenTable.Cell("\(favourite.feature)/\(favourite.itemID)", .string(favourite.itemID)),
             .data(.string(UTCTimestamp.iso8601(favourite.createdAt)))]
        }
        let table = ScreenTable(columns: columns, rows: rows)
        guard !list.isEmpty else {
            // Its header alone in CSV, `"rows": []` in JSON.
            screen.blocks = [.line(all ? "no favourites yet (`fav N` on a list marks one)" : "no \(activeID ?? "") favourites yet (`fav N` marks one)"),
                             .table(table)]
            return screen
        }
        screen.blocks = [.table(table)]
        if all { screen.blocks.append(.hint("`use FEATURE` then `favs` to open one")) }
        return screen
    }
}
