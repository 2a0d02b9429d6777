import ExplorerText

/// What changed in one view model's state from one value to another (``StateDiff``), as
/// `trace state` prints each change and `diff N M` each view model: the changes by key path,
/// how many of the state's fields they touch, the text lines capped, and JSON.
public struct StateReport {
    public let changes: [StateChange]
    /// How many fields the state has (its stored properties).
    public let fieldCount: Int

    public init(from old: Any, to new: Any) {
        changes = StateDiff.changes(old, new)
        fieldCount = changes.isEmpty ? 0 : Mirror(reflecting: new).children.count
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { changes.isEmpty }

    /// The state's fields that changed, each once, in the state's order: `screen`, `detail`
    /// (`refinement` for `refinement.filter.conditions`).
    public var changedFields: [String] {
        var fields: [String] = []
        for change in changes {
            let field = String(change.path.prefix { $0 != "." })
            if !fields.contains(field) { fields.append(field) }
        }
        return fields
    }

    /// `(2 of 14 fields changed)`.
    public var fieldsChanged: String {
        "(\(changedFields.count) of \(fieldCount) fields changed)"
    }

    /// The changes as text lines, sanitized for the terminal; unless `full`, at most
    /// ``linesShown``, the last of them `more` of the number left out.
    public func lines(full: Bool, more: (Int) -> String) -> [String] {
        let lines = changes.flatMap { $0.lines(full: full) }.map(\.sanitizedForTerminal)
        guard !full, lines.count > Self.linesShown else { return lines }
        return Array(lines.prefix(Self.linesShown - 1)) + [more(lines.count - (Self.linesShown - 1))]
    }

    /// The most lines one state's changes print in text, unless in full.
    public static let linesShown = 20

    /// `{"changed": 2, "of": 14}`.
    public var fieldsJSON: JSONValue {
        ["changed": .int(changedFields.count), "of": .int(fieldCount)]
    }

    /// Each change by its key path (``StateChange/json``).
    public var changesJSON: JSONValue {
        .array(changes.map(\.json))
    }
}
