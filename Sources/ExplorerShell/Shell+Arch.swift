import ExplorerClock
import ExplorerCore
import ExplorerHTTP
import ExplorerImages
import ExplorerStore
import ExplorerText
import ExplorerTrace
import Foundation
import Reactive

extension Shell {
    /// `arch`: how the program, or the feature in use, is put together — read from the running
    /// objects (their types, their stored properties, the commands they register, the client
    /// stack they were given, the tables in the database), so it cannot drift from the code.
    /// `arch <command…>`: runs the command and draws the path it took.
    func archCommand(_ words: [String]) async throws -> Screen {
        guard let name = words.first else {
            if let activeID { return featureMap(activeID) }
            return programMap()
        }
        if name == "arch" || tracer.isRecording { throw CommandError("`arch` cannot trace `arch`") }
        return try await commandPath(words)
    }

    // MARK: The program

    private func programMap() -> Screen {
        var blocks: [ScreenBlock] = [.heading("explorer — how it is put together, read from the running program")]
        // The layers beneath the features, lowest first, each named by a type it owns, so a module
        // renamed or split shows here: the observable, text, clocks, store, tracer, HTTP, images
        // and the kit. The shell stands beside the features: they cannot import it.
        var core: [String] = []
        for type: Any.Type in [Observable<Int>.self, Screen.self, VirtualClock.self, FavouritesStore.self, Tracer.self,
                               LiveHTTPClient.self, ImageCache.self, FeatureDescriptor.self] {
            let module = Self.module(of: type)
            if !core.contains(module) { core.append(module) }
        }
        let shell = Self.module(of: Shell.self)
        let featureModules = registry.entries.compactMap { registry.feature($0.descriptor.id).map { Self.module(of: type(of: $0)) } }
        var shared: [String] = []
        for entry in registry.entries {
            guard let feature = registry.feature(entry.descriptor.id) else { continue }
            for type in Self.types(reachableFrom: feature) {
                let module = Self.module(of: type)
                if Self.isOurModule(module), !core.contains(module), module != shell, !featureModules.contains(module),
                   !shared.contains(module) {
                    shared.append(module)
                }
            }
        }
        let modules = core + shared + featureModules + [shell]
        blocks += [.blankLine, .line("modules, each built only on those before it: \(core.joined(separator: " → ")) → "
                                     + (shared.isEmpty ? "" : "\(shared.joined(separator: ", ")) → ")
                                     + "the features (\(featureModules.joined(separator: ", "))) and \(shell) → explorer")]

        let rows = registry.entries.map { entry in
            let feature = registry.feature(entry.descriptor.id)
            let settings: [String]
            if case .object(let object) = entry.config.settings { settings = object.keys.sorted() } else { settings = [] }
            let tables = (try? favourites.database.tables(ownedBy: entry.descriptor.id)) ?? []
            return [ScreenTable.Cell(entry.descriptor.id),
                    ScreenTable.Cell(feature.map { Self.module(of: type(of: $0)) } ?? "?"),
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
        blocks += [.blankLine, .line("features, as Plugins.json lists them (source: \(source.current.rawValue)):"),
                   .sizeClasses(compact: compact, regular: [.table(features)], regularWidth: Self.wholeWordsWidth(features))]

        if let first = registry.entries.first, let context = registry.context(first.descriptor.id) {
            blocks += [.blankLine, .line("each feature's client stack, outermost first (\(first.descriptor.id)'s):")]
            blocks.append(Self.clientStackTable(context.http))
        }
        blocks += [.blankLine, .hint("`use <id>` then `arch` for a feature's pieces; `arch <command>` runs a command and draws its path")]
        return Screen(feature: nil, kind: "arch",
                      facts: ["modules": .array(modules.map(JSONValue.string)),
                              "client_stack": .array(registry.entries.first.flatMap { registry.context($0.descriptor.id) }
                                .map { Self.clientLayers($0.http).map(JSONValue.string) } ?? [])],
                      blocks: blocks)
    }

    // MARK: A feature

    private func featureMap(_ id: String) -> Screen {
        guard let entry = registry.entry(id), let feature = registry.feature(id), let context = registry.context(id) else {
            return Screen(feature: id, kind: "arch", blocks: [.line("no feature \(id)")])
        }
        let descriptor = entry.descriptor
        var blocks: [ScreenBlock] = [.heading("\(id) — \(descriptor.title) (module \(Self.module(of: type(of: feature))))")]

        let pieces = Mirror(reflecting: feature).children.compactMap { child -> [ScreenTable.Cell]? in
            guard let label = child.label else { return nil }
            return [ScreenTable.Cell(label), ScreenTable.Cell(Self.typeName(of: child.value))]
        }
        blocks += [.blankLine, .line("\(Self.typeName(of: feature))'s pieces:"),
                   .table(ScreenTable(columns: [.init("name", truncatable: false), .init("type", minimumWidth: 10, wraps: true)], rows: pieces,
                                      showsHeader: false, key: "pieces"))]

        let commands = commands(of: feature).map { command in
            [ScreenTable.Cell(command.usage), ScreenTable.Cell(command.intent.map { "→ \($0)" } ?? "(the feature itself)", .optional(command.intent))]
        }
        blocks += [.blankLine, .line("commands → the intents they send:"),
                   .table(ScreenTable(columns: [.init("command", minimumWidth: 12, wraps: true), .init("intent", truncatable: false)], rows: commands,
                                      showsHeader: false, key: "commands"))]

        var facts: JSONObject = ["module": .string(Self.module(of: type(of: feature)))]
        if let state = Self.state(of: feature) {
            let fields = Mirror(reflecting: state).children.compactMap { child -> [ScreenTable.Cell]? in
                guard let label = child.label else { return nil }
                return [ScreenTable.Cell(label), ScreenTable.Cell(Self.typeName(of: child.value)),
                        ScreenTable.Cell("= " + Self.summary(of: child.value), .string(Self.summary(of: child.value)))]
            }
            facts["state"] = .string(Self.typeName(of: state))
            blocks += [.blankLine, .line("the view model's state, \(Self.typeName(of: state)), now:"),
                       .table(ScreenTable(columns: [.init("field", truncatable: false), .init("type", minimumWidth: 8, dropOrder: 1, wraps: true),
                                                    .init("now", minimumWidth: 8, wraps: true)],
                                          rows: fields, showsHeader: false, key: "state_fields"))]
        }

        blocks += [.blankLine, .line("endpoints its service asks for (GET, under \(entry.config.baseURL.shown)):")]
        blocks += descriptor.endpoints.map { .paragraph($0, indent: 2) }
        blocks += [.blankLine, .line("screens its view makes: \(descriptor.screens.joined(separator: ", "))")]

        let favourites = (try? favourites.list(feature: id).count) ?? 0
        var tables = ["favourite (shared): \(favourites) row\(favourites == 1 ? "" : "s") for \(id)"]
        if descriptor.cachesResponses {
            let cached = (try? context.database.cachedAnswerCount(feature: id)) ?? 0
            tables.append("response_cache (shared): \(cached) answer\(cached == 1 ? "" : "s") for \(id)")
        }
        let own = (try? self.favourites.database.tables(ownedBy: id)) ?? []
        if !own.isEmpty { tables.append("its own, from its migrations: \(own.joined(separator: ", "))") }
        blocks += [.blankLine, .line("store tables:")] + tables.map { .paragraph($0, indent: 2) }

        blocks += [.blankLine, .line("its client stack, outermost first:")]
        blocks.append(Self.clientStackTable(context.http))
        facts["endpoints"] = .array(descriptor.endpoints.map(JSONValue.string))
        facts["screens"] = .array(descriptor.screens.map(JSONValue.string))
        facts["tables"] = .array(own.map(JSONValue.string))
        facts["client_stack"] = .array(Self.clientLayers(context.http).map(JSONValue.string))
        return Screen(feature: id, kind: "arch", facts: facts, blocks: blocks)
    }

    // MARK: A command's path

    private func commandPath(_ words: [String]) async throws -> Screen {
        let name = words[0]
        let command = globalCommands.first { $0.name == name } ?? activeCommands.first { $0.name == name }
        let stopwatch = clock.stopwatch()
        tracer.beginRecording()
        let result: Result<Screen?, Error>
        do {
            result = .success(try await dispatch(words))
        } catch {
            result = .failure(error)
        }
        let events = tracer.endRecording()
        let total = stopwatch.elapsed
        let line = words.joined(separator: " ")
        let owner = activeID.map { " (\($0))" } ?? ""

        let intent = command?.intent
        var rows = events.map { event in
            [ScreenTable.Cell("+" + Self.milliseconds(event.elapsed)), ScreenTable.Cell(event.kind.rawValue), ScreenTable.Cell(event.text)]
        }
        switch result {
        case .success(let screen):
            rows.append([ScreenTable.Cell("+" + Self.milliseconds(total)), ScreenTable.Cell("screen"),
                         ScreenTable.Cell(screen.map { "\($0.kind) (above)" } ?? "none")])
        case .failure(let error):
            rows.append([ScreenTable.Cell("+" + Self.milliseconds(total)), ScreenTable.Cell("error"),
                         ScreenTable.Cell(Self.message(for: error))])
        }
        for index in rows.indices {
            rows[index].insert(ScreenTable.Cell(index == rows.count - 1 ? "   └─" : "   ├─"), at: 0)
        }
        var blocks: [ScreenBlock] = []
        if case .success(let screen?) = result { blocks.append(.screen(key: "result", screen)) }
        blocks += [
            .line("arch: \(line) (\(Self.milliseconds(total))\(stopwatch.isVirtual ? " on the virtual clock" : ""))"),
            .line("command `\(line)`\(owner)"),
            .line("└─ " + (intent.map { "intent \($0)" } ?? "no view-model intent: answered by \(command == nil ? "the shell" : "the command itself")")),
            .table(ScreenTable(columns: [.init("branch", title: "", truncatable: false), .init("at", alignment: .right, truncatable: false),
                                         .init("kind", truncatable: false), .init("what", minimumWidth: 10, wraps: true)],
                               rows: rows, showsHeader: false, key: "path_rows")),
        ]
        let arch = Screen(feature: activeID, kind: "arch_path",
                          facts: ["command": .string(line), "intent": .optional(intent), "total_ms": .double(Self.ms(total)),
                                  "path": .array(events.map { ["at_ms": .double(Self.ms($0.elapsed)), "kind": .string($0.kind.rawValue),
                                                                "text": .string($0.text)] })],
                          blocks: blocks)
        if case .failure(let error) = result {
            try await printer.print(arch)
            throw error
        }
        return arch
    }

    // MARK: Reading the objects

    /// The current state of a feature's view model, when it has one.
    static func state(of feature: any Feature) -> Any? {
        guard let feature = feature as? any ScreenFeature else { return nil }
        return modelState(feature)
    }

    private static func modelState<F: ScreenFeature>(_ feature: F) -> Any? {
        guard let model = feature.model as? any StatefulViewModel else { return nil }
        return currentState(model)
    }

    private static func currentState<M: StatefulViewModel>(_ model: M) -> Any { model.state.value }

    /// The layers of a client, outermost first, drawn as a tree: each with what it does, beside
    /// it or, when that would leave it under 24 columns, wrapped beneath it.
    static func clientStackTable(_ client: any HTTPClient) -> ScreenBlock {
        let layers = clientStack(client)
        let table = ScreenTable(columns: [.init("layer", truncatable: false), .init("does", minimumWidth: 12, wraps: true)],
                                rows: layers.map { [ScreenTable.Cell($0.tree, .string($0.name)), ScreenTable.Cell($0.summary)] },
                                showsHeader: false, key: "client_stack_tree")
        let compact = layers.flatMap { layer -> [ScreenBlock] in
            let indent = layer.tree.prefix { $0 == " " || $0 == "│" || $0 == "├" || $0 == "└" || $0 == "─" }.count + 3
            return [.line(layer.tree)] + (layer.summary.isEmpty ? [] : [.paragraph(layer.summary, indent: indent)])
        }
        let treeWidth = layers.map(\.tree.displayWidth).max() ?? 0
        return .sizeClasses(compact: compact, regular: [.table(table)], regularWidth: treeWidth + 2 + 24)
    }

    /// The width `table` takes with the words of its wrapping columns whole: from there on it is
    /// shown as a table.
    static func wholeWordsWidth(_ table: ScreenTable) -> Int {
        let text = table.textTable
        let widths = text.columns.indices.map { index -> Int in
            let cells = text.rows.map { $0[index] }
            let widest = text.columns[index].wraps ? cells.map(TextTable.longestWord).max() ?? 0 : cells.map(\.displayWidth).max() ?? 0
            return max(widest, text.showsHeader ? text.columns[index].title.displayWidth : 0, text.columns[index].minimumWidth)
        }
        return widths.reduce(0, +) + text.separator.displayWidth * max(widths.count - 1, 0)
    }

    static func clientStack(_ client: any HTTPClient, prefix: String = "  ", childPrefix: String = "  ")
        -> [(tree: String, name: String, summary: String)] {
        let name = String(describing: type(of: client))
        guard let layer = client as? any HTTPClientLayer else { return [(prefix + name, name, "")] }
        var lines = [(prefix + name, name, layer.layerSummary)]
        let inner = layer.innerClients
        for (index, child) in inner.enumerated() {
            let last = index == inner.count - 1
            lines += clientStack(child, prefix: childPrefix + (last ? "└─ " : "├─ "), childPrefix: childPrefix + (last ? "   " : "│  "))
        }
        return lines
    }

    /// The layers' type names, depth first.
    static func clientLayers(_ client: any HTTPClient) -> [String] {
        [String(describing: type(of: client))] + ((client as? any HTTPClientLayer)?.innerClients.flatMap(clientLayers) ?? [])
    }

    /// The types of an object's stored properties, and of theirs (two levels).
    private static func types(reachableFrom object: Any) -> [Any.Type] {
        var types: [Any.Type] = [type(of: object)]
        for child in Mirror(reflecting: object).children {
            types.append(type(of: child.value))
            for grandchild in Mirror(reflecting: child.value).children { types.append(type(of: grandchild.value)) }
        }
        return types
    }

    static func module(of type: Any.Type) -> String {
        String(String(reflecting: type).prefix { $0 != "." })
    }

    /// A module of this package: a plain name, not the standard library's, Foundation's or a dependency's.
    private static func isOurModule(_ module: String) -> Bool {
        guard module.wholeMatch(of: /[A-Za-z][A-Za-z0-9_]*/) != nil else { return false }
        return !["Swift", "Foundation", "FoundationEssentials", "FoundationNetworking", "Dispatch", "GRDB", "Synchronization",
                 "Builtin", "Subprocess", "SystemPackage", "Logging"].contains(module)
    }

    /// `StarshipDetail?`, `[StarshipRow]`: a type as it is written.
    static func typeName(of value: Any) -> String {
        var text = Substring(String(describing: type(of: value)))
        return spelled(&text)
    }

    /// Reads one type from the front of `text` (`Name` or `Name<Argument, …>`) and spells
    /// Optional, Array and Dictionary as Swift code does: `T?`, `[T]`, `[K: V]`.
    private static func spelled(_ text: inout Substring) -> String {
        let name = text.prefix { $0 != "<" && $0 != ">" && $0 != "," }
        text = text.dropFirst(name.count)
        var arguments: [String] = []
        if text.first == "<" {
            text = text.dropFirst()
            while !text.isEmpty {
                arguments.append(spelled(&text))
                if text.first == "," { text = text.dropFirst().drop { $0 == " " }; continue }
                if text.first == ">" { text = text.dropFirst() }
                break
            }
        }
        switch (String(name), arguments.count) {
        case ("Optional", 1): return arguments[0] + "?"
        case ("Array", 1): return "[\(arguments[0])]"
        case ("Dictionary", 2): return "[\(arguments[0]): \(arguments[1])]"
        case (let name, 0): return name
        case (let name, _): return "\(name)<\(arguments.joined(separator: ", "))>"
        }
    }

    /// A field's value in a few words: `nil`, `10 items`, or its description cut short.
    static func summary(of value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return "nil" }
            return summary(of: wrapped)
        }
        if mirror.displayStyle == .collection || mirror.displayStyle == .set || mirror.displayStyle == .dictionary {
            let count = mirror.children.count
            return count == 1 ? "1 item" : "\(count) items"
        }
        if let date = value as? Date {
            return UTCTimestamp.iso8601(date)
        }
        if mirror.displayStyle == .struct || mirror.displayStyle == .class {
            return "\(typeName(of: value))(…)"
        }
        return URL.redactingUserinfo(String(describing: value)).sanitizedForTerminal.truncated(toWidth: 40)
    }

    /// Milliseconds to a tenth: `0.4 ms`, `12.0 ms`.
    static func milliseconds(_ duration: Duration) -> String {
        String(format: "%.1f ms", ms(duration))
    }

    static func ms(_ duration: Duration) -> Double {
        (duration.timeInterval * 10_000).rounded() / 10
    }
}
