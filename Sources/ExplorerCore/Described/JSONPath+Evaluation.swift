import ExplorerText

extension JSONPath {
    /// What the path finds in `json`, or nil when it finds nothing. A key reads an object's
    /// member (nothing when the member is missing or the value is not an object); `[]` needs an
    /// array there and maps the rest of the path over its elements, giving an array of what the
    /// rest finds in each (elements where it finds nothing are left out). The root path gives
    /// `json` itself.
    ///
    /// Runs for every field of every row: it allocates nothing but the arrays a `[]` makes.
    public func value(in json: JSONValue) -> JSONValue? {
        Self.value(segments[...], in: json)
    }

    /// What the path finds, as text, when it is one value: a string as it is, a number or a
    /// boolean as JSON writes it (`42`, `1.5`, `true`); nil for nothing, `null`, an array or an
    /// object.
    public func string(in json: JSONValue) -> String? {
        value(in: json).flatMap(Self.text(of:))
    }

    /// A value as text when it is one value, as ``string(in:)`` reads it.
    public static func text(of value: JSONValue) -> String? {
        switch value {
        case .string(let text): text
        case .int(let number): String(number)
        case .double(let number) where number.isFinite: JSONWriter.string(.double(number))
        case .bool(let flag): flag ? "true" : "false"
        default: nil
        }
    }

    private static func value(_ segments: ArraySlice<Segment>, in json: JSONValue) -> JSONValue? {
        var current = json
        var index = segments.startIndex
        while index < segments.endIndex {
            switch segments[index] {
            case .key(let key):
                guard case .object(let object) = current, let member = object[key] else { return nil }
                current = member
            case .each:
                guard case .array(let elements) = current else { return nil }
                let rest = segments[(index + 1)...]
                // `a[]` at the end is the array itself.
                if rest.isEmpty { return current }
                var found: [JSONValue] = []
                found.reserveCapacity(elements.count)
                for element in elements {
                    if let value = value(rest, in: element) { found.append(value) }
                }
                return .array(found)
            }
            index += 1
        }
        return current
    }
}
