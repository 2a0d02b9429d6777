extension Screen: Encodable {
    /// The screen as one JSON object: `feature`, `screen`, the facts, what the blocks hold
    /// (`rows` always, for a list), then `notes` and `warnings` when there are any.
    public var json: JSONValue {
        var object: JSONObject = ["feature": .optional(feature), "screen": .string(kind)]
        object.merge(facts)
        var notes: [JSONValue] = []
        func add(_ block: ScreenBlock) {
            switch block {
            case .table(let table):
                object[table.key] = .array(table.dataRows)
            case .fields(let fields):
                for field in fields where field.visibility.inData { object[field.key] = field.value }
            case .segments(let bar):
                object[bar.key] = .array(bar.segments.map(\.json))
            case .commands(let list):
                object[list.key] = .array(list.entries.map { entry in
                    ["name": .string(entry.name), "usage": .string(entry.usage), "summary": .string(entry.summary)]
                })
            case .note(let text):
                notes.append(.string(text))
            case .screen(let key, let nested):
                object[key] = nested.json
            case .sizeClasses(_, let regular, _):
                regular.forEach(add)
            case .image(let file, _):
                object["image_file"] = .string(file)
            case .heading, .line, .hint, .paragraph, .blankLine, .code:
                // What a screen says in words; its data are in its facts.
                break
            }
        }
        blocks.forEach(add)
        // A list always has its rows, none too (before a search, say): `.rows[]` never fails.
        if Self.listKinds.contains(kind), object["rows"] == nil { object["rows"] = .array([]) }
        if !notes.isEmpty { object["notes"] = .array(notes) }
        if !warnings.isEmpty { object["warnings"] = .array(warnings.map(JSONValue.string)) }
        return .object(object)
    }

    /// The kinds of screen that are lists of rows, whose JSON always has `rows`.
    static let listKinds: Set<String> = ["list", "favourites", "features"]

    public func encode(to encoder: Encoder) throws {
        try json.encode(to: encoder)
    }
}
