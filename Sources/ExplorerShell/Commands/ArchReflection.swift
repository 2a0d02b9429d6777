import ExplorerClock
import ExplorerCore
import ExplorerHTTP
import ExplorerText
import Foundation

/// What `arch` reads from the running objects and how it spells it: a view model's state, the
/// layers of a client stack, the module a type is in, a type as Swift writes it, a value in a
/// few words, a duration in milliseconds.
enum ArchReflection {
    /// The current state of a feature's view model, when it has one.
    @MainActor static func state(of feature: any Feature) -> Any? {
        guard let feature = feature as? any ScreenFeature else { return nil }
        return modelState(feature)
    }

    @MainActor private static func modelState<F: ScreenFeature>(_ feature: F) -> Any? {
        guard let model = feature.model as? any StatefulViewModel else { return nil }
        return currentState(model)
    }

    @MainActor private static func currentState<M: StatefulViewModel>(_ model: M) -> Any { model.state.value }

    /// A state's fields as a table: each field, its type (unless not `withTypes`) and its value
    /// in a few words (`= 10 items`), the value under `valueKey` in JSON (`now` for `arch`).
    static func stateFields(of state: Any, valueKey: String, withTypes: Bool = true) -> ScreenTable {
        let fields = Mirror(reflecting: state).children.compactMap { child -> [ScreenTable.Cell]? in
            guard let label = child.label else { return nil }
            let summary = summary(of: child.value)
            let value = ScreenTable.Cell("= " + summary, .string(summary))
            return withTypes ? [ScreenTable.Cell(label), ScreenTable.Cell(typeName(of: child.value)), value] : [ScreenTable.Cell(label), value]
        }
        let type: [ScreenTable.Column] = withTypes ? [.init("type", minimumWidth: 8, dropOrder: 1, wraps: true)] : []
        return ScreenTable(columns: [.init("field", truncatable: false)] + type + [.init(valueKey, minimumWidth: 8, wraps: true)],
                           rows: fields, showsHeader: false, key: "state_fields")
    }

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
            let cells = stride(from: index, to: text.cells.count, by: text.columns.count).map { text.cells[$0] }
            let widest = text.columns[index].wraps ? cells.map(TextTable.longestWord).max() ?? 0 : cells.map(\.displayWidth).max() ?? 0
            return max(widest, text.showsHeader ? text.columns[index].title.displayWidth : 0, text.columns[index].minimumWidth)
        }
        return widths.reduce(0, +) + text.separator.displayWidth * max(widths.count - 1, 0)
    }

    static func clientStack(_ client: any HTTPClient, prefix: String = "  ", childPrefix: String = "  ")
        -> [(tree: String, name: String, summary: String)] {
        let name = _typeName(type(of: client), qualified: false)
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
        [_typeName(type(of: client), qualified: false)] + ((client as? any HTTPClientLayer)?.innerClients.flatMap(clientLayers) ?? [])
    }

    /// The types of an object's stored properties, and of theirs (two levels).
    static func types(reachableFrom object: Any) -> [Any.Type] {
        var types: [Any.Type] = [type(of: object)]
        for child in Mirror(reflecting: object).children {
            types.append(type(of: child.value))
            for grandchild in Mirror(reflecting: child.value).children { types.append(type(of: grandchild.value)) }
        }
        return types
    }

    static func module(of type: Any.Type) -> String {
        // The qualified name, as `String(reflecting:)` writes a type, without first asking
        // whether the metatype has a description of its own.
        String(_typeName(type, qualified: true).prefix { $0 != "." })
    }

    /// A module of this package: a plain name, not the standard library's, Foundation's or a dependency's.
    static func isOurModule(_ module: String) -> Bool {
        let isLetter = { (character: Character) in character.isASCII && character.isLetter }
        guard let first = module.first, isLetter(first),
              module.allSatisfy({ isLetter($0) || ($0.isASCII && $0.isNumber) || $0 == "_" }) else { return false }
        return !["Swift", "Foundation", "FoundationEssentials", "FoundationNetworking", "Dispatch", "GRDB", "Synchronization",
                 "Builtin", "Subprocess", "SystemPackage", "Logging"].contains(module)
    }

    /// `StarshipDetail?`, `[StarshipRow]`: a type as it is written.
    static func typeName(of value: Any) -> String {
        // The name as `String(describing:)` writes a type, without first asking whether the
        // metatype describes itself (a scan of every conformance record each time).
        var text = Substring(_typeName(type(of: value), qualified: false))
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
        "\(ReadableNumber.fixed(ms(duration), decimals: 1)) ms"
    }

    static func ms(_ duration: Duration) -> Double {
        (duration.timeInterval * 10_000).rounded() / 10
    }
}
