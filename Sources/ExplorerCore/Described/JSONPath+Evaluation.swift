import ExplorerText

extension JSONPath {
    /// What the path finds in `json`: a member for each key, and for `[]` the rest of the path
    /// mapped over an array's elements (those where it finds nothing left out); nil when a key
    /// is missing, or a key meets no object or `[]` no array.
    public func value(in json: JSONValue) -> JSONValue? {
        value(in: json, from: 0)
    }

    private func value(in json: JSONValue, from index: Int) -> JSONValue? {
        var current = json
        var index = index
        while index < segments.count {
            switch segments[index] {
            case .key(let key):
                guard case .object(let object) = current, let member = object[key] else { return nil }
                current = member
            case .each:
                guard case .array(let elements) = current else { return nil }
                return .array(elements.compactMap { value(in: $0, from: index + 1) })
            }
            index += 1
        }
        return current
    }

    /// A scalar the path finds, as text: a string as it is, a number or boolean as JSON writes
    /// it; nil for null, an array, an object or nothing.
    public func string(in json: JSONValue) -> String? {
        value(in: json).flatMap(Self.text(of:))
    }

    /// A scalar as text, as ``string(in:)`` reads it.
    public static func text(of value: JSONValue) -> String? {
        switch value {
        case .string(let text): text
        case .int(let number): String(number)
        case .double, .bool: JSONWriter.string(value)
        case .null, .array, .object: nil
        }
    }
}
