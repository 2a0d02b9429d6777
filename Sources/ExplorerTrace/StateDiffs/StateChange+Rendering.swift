import ExplorerText

extension StateChange {
    /// How many names of a collection's elements a line lists before counting the rest.
    static let namesShown = 3
    /// How many changed lines of a long value, or changed elements of a collection, are shown
    /// before the rest are counted.
    static let linesShown = 6

    /// The change as text lines: `rows: 76 removed (82 → 6): #1 Luke Skywalker, …`,
    /// `sort: nil → .name`, `detail: #5 Millennium Falcon: isFavourite: false → true`; `full`
    /// lists every name and line.
    public func lines(full: Bool = false) -> [String] {
        switch self {
        case .value(let path, let before, let after):
            let (shortBefore, shortAfter) = (Self.compact(before), Self.compact(after))
            let label = path.isEmpty ? "" : "\(path): "
            if let shortBefore, let shortAfter { return ["\(label)\(shortBefore) → \(shortAfter)"] }
            let (old, new) = (before.split(separator: "\n").map(String.init), after.split(separator: "\n").map(String.init))
            var remaining = new
            var removed: [String] = []
            for line in old {
                if let index = remaining.firstIndex(of: line) { remaining.remove(at: index) } else { removed.append(line) }
            }
            let changed = removed.map { "  - \($0)" } + remaining.map { "  + \($0)" }
            return [path.isEmpty ? "changed:" : "\(path):"] + Self.capped(changed, full: full) { "  … (\($0) more changed line\($0 == 1 ? "" : "s"))" }
        case .collection(let path, let counts, let removed, let added, let moved, let reordered, let changed):
            var lines: [String] = []
            let resized = counts.before == counts.after ? "" : " (\(counts.before) → \(counts.after))"
            if !removed.isEmpty { lines.append("\(path): \(removed.count) removed\(resized): \(Self.names(removed, full: full))") }
            if !added.isEmpty { lines.append("\(path): \(added.count) added\(removed.isEmpty ? resized : ""): \(Self.names(added, full: full))") }
            if reordered {
                if moved.isEmpty {
                    lines.append("\(path): reordered")
                } else if moved.count <= Self.namesShown {
                    lines.append("\(path): moved \(Self.names(moved, full: true))")
                } else {
                    let kept = counts.after - added.count
                    lines.append("\(path): reordered, \(moved.count) of \(kept) moved: \(Self.names(moved, full: full))")
                }
            }
            var elements: [String] = []
            for (element, changes) in changed {
                let inner = changes.flatMap { $0.lines(full: full) }
                if inner.count == 1 {
                    elements.append("\(path): \(element.shown): \(inner[0])")
                } else {
                    elements.append("\(path): \(element.shown):")
                    elements += inner.map { "  " + $0 }
                }
            }
            return lines + Self.capped(elements, full: full) { "… (\($0) more line\($0 == 1 ? "" : "s") of changed elements)" }
        }
    }

    /// The change as JSON: its key path, and what it was and is, or who left, came, moved and changed.
    public var json: JSONValue {
        switch self {
        case .value(let path, let before, let after):
            return ["path": .string(path), "before": .string(before), "after": .string(after)]
        case .collection(let path, let counts, let removed, let added, let moved, let reordered, let changed):
            func list(_ elements: [Element]) -> JSONValue {
                .array(elements.prefix(200).map { ["id": .string($0.id), "name": .string($0.name)] })
            }
            return ["path": .string(path), "count": ["before": .int(counts.before), "after": .int(counts.after)],
                    "removed": list(removed), "added": list(added), "moved": list(moved), "reordered": .bool(reordered),
                    "changed": .array(changed.prefix(200).map { element, changes in
                        ["id": .string(element.id), "name": .string(element.name), "changes": .array(changes.map(\.json))]
                    })]
        }
    }

    /// `#1 Luke Skywalker, #2 C-3PO, #4 Darth Vader, … 73 more`.
    static func names(_ elements: [Element], full: Bool) -> String {
        let shown = full ? elements : Array(elements.prefix(namesShown))
        let rest = elements.count - shown.count
        return shown.map(\.shown).joined(separator: ", ") + (rest > 0 ? ", … \(rest) more" : "")
    }

    static func capped(_ lines: [String], full: Bool, more: (Int) -> String) -> [String] {
        guard !full, lines.count > linesShown else { return lines }
        return Array(lines.prefix(linesShown)) + [more(lines.count - linesShown)]
    }

    /// A dump on one line when it is short: `SortArgument(key: .name, descending: false)`.
    static func compact(_ dump: String) -> String? {
        let lines = dump.split(separator: "\n").map(trimmed)
        guard lines.count <= 6 else { return nil }
        // The lines joined by spaces, but for a space just inside a bracket: `(key: .name)`.
        let joined = Array(lines.joined(separator: " ").utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(joined.count)
        for (index, byte) in joined.enumerated() {
            if byte == UInt8(ascii: " ") {
                if index > 0, joined[index - 1] == UInt8(ascii: "(") || joined[index - 1] == UInt8(ascii: "[") { continue }
                if index + 1 < joined.count, joined[index + 1] == UInt8(ascii: ")") || joined[index + 1] == UInt8(ascii: "]") { continue }
            }
            bytes.append(byte)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.count <= 70 ? text : nil
    }

    static func trimmed(_ line: Substring) -> String {
        String(line.drop { $0 == " " })
    }
}
