import ExplorerClock
import ExplorerCore
import ExplorerHTTP
import ExplorerImages
import ExplorerStore
import ExplorerText
import ExplorerTrace
import Foundation
import Reactive

/// The three things `arch` draws: the program, a feature (each as an ``ArchMap`` of sections), a command's path.
extension ArchCommand {
    // MARK: The program

    static func programMap(in shell: Shell) -> ArchMap {
        var map = ArchMap(feature: nil, heading: .heading("explorer — how it is put together, read from the running program"))
        // The layers beneath the features, lowest first, each named by a type it owns, so a module
        // renamed or split shows here: the observable, text, clocks, store, tracer, HTTP, images
        // and the kit. The shell stands beside the features: they cannot import it.
        var core: [String] = []
        for type: Any.Type in [Observable<Int>.self, Screen.self, VirtualClock.self, FavouritesStore.self, Tracer.self,
                               LiveHTTPClient.self, ImageCache.self, FeatureDescriptor.self] {
            let module = ArchReflection.module(of: type)
            if !core.contains(module) { core.append(module) }
        }
        let shellModule = ArchReflection.module(of: Shell.self)
        // A feature's own module, once each: a described feature is the kit's, which is in `core`.
        var featureModules: [String] = []
        for entry in shell.registry.entries {
            guard let feature = shell.registry.feature(entry.descriptor.id) else { continue }
            let module = ArchReflection.module(of: type(of: feature))
            if !core.contains(module), !featureModules.contains(module) { featureModules.append(module) }
        }
        var shared: [String] = []
        for entry in shell.registry.entries {
            guard let feature = shell.registry.feature(entry.descriptor.id) else { continue }
            for type in ArchReflection.types(reachableFrom: feature) {
                let module = ArchReflection.module(of: type)
                if ArchReflection.isOurModule(module), !core.contains(module), module != shellModule, !featureModules.contains(module),
                   !shared.contains(module) {
                    shared.append(module)
                }
            }
        }
        let modules = core + shared + featureModules + [shellModule]
        map.add(.modules, [.line("modules, each built only on those before it: \(core.joined(separator: " → ")) → "
                                 + (shared.isEmpty ? "" : "\(shared.joined(separator: ", ")) → ")
                                 + "the features (\(featureModules.joined(separator: ", "))) and \(shellModule) → explorer")],
                facts: ["modules": .array(modules.map(JSONValue.string))])

        let rows = shell.registry.entries.map { entry in
            let feature = shell.registry.feature(entry.descriptor.id)
            let settings: [String]
            if case .object(let object) = entry.config.settings { settings = object.keys.sorted() } else { settings = [] }
            let tables = (try? shell.favourites.database.tables(ownedBy: entry.descriptor.id)) ?? []
            return [ScreenTable.Cell(entry.descriptor.id),
                    ScreenTable.Cell(feature.map { ArchReflection.module(of: type(of: $0)) } ?? "?"),
                    ScreenTable.Cell(entry.config.baseURL.shown),
                    ScreenTable.Cell(settings.isEmpty ? "—" : settings.joined(separator: ", "), .array(settings.map(JSONValue.string))),
                    ScreenTable.Cell(tables.isEmpty ? "—" : tables.joined(separator: ", "), .array(tables.map(JSONValue.string)))]
        }
        let features = ScreenTable(
            columns: [.init("id", truncatable: false), .init("module", truncatable: false), .init("base_url", title: "baseURL", minimumWidth: 12, wraps: true),
                      .init("settings", minimumWidth: 8, wraps: true), .init("tables", minimumWidth: 8, wraps: true)],
            rows: rows, key: "features")
        // Narrower than the table with its words whole, each feature is a line with its
        // settings and tables wrapped beneath: nothing is cut.
        // The id and the module padded to one width, so the base URLs line up.
        let (idWidth, moduleWidth) = (rows.map { $0[0].text.displayWidth }.max() ?? 0, rows.map { $0[1].text.displayWidth }.max() ?? 0)
        let compact = rows.flatMap { cells -> [ScreenBlock] in
            var lines: [ScreenBlock] = [.paragraph("\(cells[0].text.padded(toWidth: idWidth))  \(cells[1].text.padded(toWidth: moduleWidth))  \(cells[2].text)")]
            if cells[3].text != "—" { lines.append(.paragraph("settings: \(cells[3].text)", indent: 2)) }
            if cells[4].text != "—" { lines.append(.paragraph("tables: \(cells[4].text)", indent: 2)) }
            return lines
        }
        map.add(.plugins, [.line("features, as Plugins.json lists them (source: \(shell.source.current.rawValue)):"),
                           .sizeClasses(compact: compact, regular: [.table(features)], regularWidth: ArchReflection.wholeWordsWidth(features))])

        if let first = shell.registry.entries.first, let context = shell.registry.context(first.descriptor.id) {
            map.add(.stack, [.line("each feature's client stack, outermost first (\(first.descriptor.id)'s):"),
                             ArchReflection.clientStackTable(context.http)],
                    facts: ["client_stack": .array(ArchReflection.clientLayers(context.http).map(JSONValue.string))])
        } else {
            map.parts.append(ArchMap.Part(section: .stack, blocks: [], facts: ["client_stack": .array([])]))
        }
        map.closing = [.blankLine, .hint("`use <id>` then `arch` for a feature's pieces; `arch <command>` runs a command and draws its path")]
        return map
    }

    // MARK: A feature

    static func featureMap(_ id: String, in shell: Shell) -> ArchMap {
        guard let entry = shell.registry.entry(id), let feature = shell.registry.feature(id), let context = shell.registry.context(id) else {
            return ArchMap(feature: id, heading: .line("no feature \(id)"))
        }
        let descriptor = entry.descriptor
        let module = ArchReflection.module(of: type(of: feature))
        // A described feature is the kit's, configured by its Plugins.json entry: no module of its own.
        let origin = entry.config.isDescribed ? "described in Plugins.json, built by \(module)" : "module \(module)"
        var map = ArchMap(feature: id, heading: .heading("\(id) — \(descriptor.title) (\(origin))"), facts: ["module": .string(module)])

        let pieces = Mirror(reflecting: feature).children.compactMap { child -> [ScreenTable.Cell]? in
            guard let label = child.label else { return nil }
            return [ScreenTable.Cell(label), ScreenTable.Cell(ArchReflection.typeName(of: child.value))]
        }
        map.add(.pieces, [.line("\(ArchReflection.typeName(of: feature))'s pieces:"),
                          .table(ScreenTable(columns: [.init("name", truncatable: false), .init("type", minimumWidth: 10, wraps: true)], rows: pieces,
                                             showsHeader: false, key: "pieces"))])

        let commands = shell.commands(of: feature).map { command in
            [ScreenTable.Cell(command.usage), ScreenTable.Cell(command.intent.map { "→ \($0)" } ?? "(the feature itself)", .optional(command.intent))]
        }
        map.add(.commands, [.line("commands → the intents they send:"),
                            .table(ScreenTable(columns: [.init("command", minimumWidth: 12, wraps: true), .init("intent", truncatable: false)], rows: commands,
                                               showsHeader: false, key: "commands"))])

        if let state = ArchReflection.state(of: feature) {
            map.add(.state, [.line("the view model's state, \(ArchReflection.typeName(of: state)), now:"),
                             .table(ArchReflection.stateFields(of: state, valueKey: "now"))],
                    facts: ["state": .string(ArchReflection.typeName(of: state))])
        }

        var wiring: [ScreenBlock] = [.line("endpoints its service asks for (GET, under \(entry.config.baseURL.shown)):")]
        wiring += descriptor.endpoints.map { .paragraph($0, indent: 2) }
        wiring += [.blankLine, .line("screens its view makes: \(descriptor.screens.joined(separator: ", "))")]
        // Its timers, named `<id> …` when scheduled: what runs with no command typed.
        let timers = shell.clock.pendingTimers.filter { $0.name.hasPrefix("\(id) ") }
        if !timers.isEmpty {
            wiring.append(.line("timers it runs on the clock: " + timers.map { "\($0.name) (\($0.repeats ? "every \(ClockCommand.interval($0.interval))" : "once"))" }
                .joined(separator: ", ")))
        }
        if !descriptor.records.isEmpty {
            wiring.append(.line("records links open here (`follow`): \(descriptor.records.joined(separator: ", "))"))
        }
        if let linking = shell.registry.feature(id) as? any LinkingFeature, !linking.linkFields.isEmpty {
            // What the detail on show links to, through the registry: `pilots → people (characters)`.
            let fields = linking.linkFields.map { field in
                guard let kind = linking.links?.first(where: { $0.field == field })?.kind else { return field }
                return "\(field) → \(kind) (\(shell.registry.owner(ofRecords: kind)?.id ?? "no feature"))"
            }
            wiring.append(.line("links its details have (`follow`): \(fields.joined(separator: ", "))"))
        }
        map.add(.endpoints, wiring, facts: ["endpoints": .array(descriptor.endpoints.map(JSONValue.string)),
                                            "screens": .array(descriptor.screens.map(JSONValue.string))])

        let favouriteCount = (try? shell.favourites.count(feature: id)) ?? 0
        var tables = ["favourite (shared): \(favouriteCount) row\(favouriteCount == 1 ? "" : "s") for \(id)"]
        if descriptor.cachesResponses {
            let cached = (try? context.database.cachedAnswerCount(feature: id)) ?? 0
            tables.append("response_cache (shared): \(cached) answer\(cached == 1 ? "" : "s") for \(id)")
        }
        let own = (try? shell.favourites.database.tables(ownedBy: id)) ?? []
        if !own.isEmpty { tables.append("its own, from its migrations: \(own.joined(separator: ", "))") }
        map.add(.tables, [.line("store tables:")] + tables.map { .paragraph($0, indent: 2) }, facts: ["tables": .array(own.map(JSONValue.string))])

        map.add(.stack, [.line("its client stack, outermost first:"), ArchReflection.clientStackTable(context.http)],
                facts: ["client_stack": .array(ArchReflection.clientLayers(context.http).map(JSONValue.string))])
        return map
    }

    // MARK: A command's path

    static func commandPath(_ words: [String], in shell: Shell) async throws -> Screen {
        let path = await CommandPath.record(words, in: shell)
        let (line, intent, events, total, result, failure) = (path.line, path.intent, path.events, path.total, path.result, path.failure)
        let owner = path.feature.map { " (\($0))" } ?? ""
        var rows = events.map { event in
            [ScreenTable.Cell("+" + ArchReflection.milliseconds(event.elapsed)), ScreenTable.Cell(event.kind.rawValue), ScreenTable.Cell(event.text)]
        }
        switch result {
        case .success(let screen):
            rows.append([ScreenTable.Cell("+" + ArchReflection.milliseconds(total)), ScreenTable.Cell("screen"),
                         ScreenTable.Cell(screen.map { "\($0.kind) (above)" } ?? "none")])
        case .failure(let error):
            rows.append([ScreenTable.Cell("+" + ArchReflection.milliseconds(total)), ScreenTable.Cell("error"),
                         ScreenTable.Cell(Shell.message(for: error))])
        }
        for index in rows.indices {
            rows[index].insert(ScreenTable.Cell(index == rows.count - 1 ? "   └─" : "   ├─"), at: 0)
        }
        var blocks: [ScreenBlock] = []
        if case .success(let screen?) = result { blocks.append(.screen(key: "result", screen)) }
        blocks += [
            .line("arch: \(line) (\(ArchReflection.milliseconds(total))\(path.isVirtual ? " on the virtual clock" : ""))"),
            .line("command `\(line)`\(owner)"),
            .line("└─ " + (intent.map { "intent \($0)" } ?? "no view-model intent: answered by \(path.isKnown ? "the command itself" : "the shell")")),
            .table(ScreenTable(columns: [.init("branch", title: "", truncatable: false), .init("at", alignment: .right, truncatable: false),
                                         .init("kind", truncatable: false), .init("what", minimumWidth: 10, wraps: true)],
                               rows: rows, showsHeader: false, key: "path_rows")),
        ]
        let arch = Screen(feature: shell.activeID, kind: "arch_path",
                          facts: ["command": .string(line), "intent": .optional(intent), "declared_intent": .optional(path.declaredIntent),
                                  "intents_run": .array(path.intentsRun.map(JSONValue.string)),
                                  "error": .optional(failure.map(Shell.message(for:))), "total_ms": .double(ArchReflection.ms(total)),
                                  "path": .array(events.map { ["at_ms": .double(ArchReflection.ms($0.elapsed)), "kind": .string($0.kind.rawValue),
                                                                "text": .string($0.text)] })],
                          blocks: blocks)
        if case .failure(let error) = result {
            try await shell.printer.print(arch)
            throw error
        }
        return arch
    }
}
