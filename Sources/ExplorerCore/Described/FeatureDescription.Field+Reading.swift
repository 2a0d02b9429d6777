import ExplorerText

extension FeatureDescription.Field {
    /// The field's value in a record, with the strings it reads as unknown made null.
    public func value(in json: JSONValue) -> JSONValue {
        guard let value = path.value(in: json) else { return .null }
        return known(value)
    }

    /// The field's scalar as text, nil when it has none or it is unknown.
    public func scalarText(in json: JSONValue) -> String? {
        JSONPath.text(of: value(in: json))
    }

    /// The field as a detail shows it and as data: numbers readable and numbers in data,
    /// booleans as yes or no, lists joined, unknown as `unknown` and null.
    public func screenField(in json: JSONValue) -> ScreenField {
        let value = value(in: json)
        switch (type, value) {
        case (_, .null):
            return ScreenField(name, text: "unknown", value: .null)
        case (.number, .string(let text)):
            return ScreenField(name, text: ReadableNumber.format(text), value: ReadableNumber.jsonValue(text))
        case (.number, .int(let number)):
            // Four digits stay as they are: years, and most counts, read better without a comma.
            return ScreenField(name, text: abs(number) < 10_000 ? String(number) : ReadableNumber.grouping(number), value: value)
        case (.date, .string(let text)):
            return ScreenField(name, text: Self.day(text), value: value)
        case (.bool, .bool(let flag)):
            return ScreenField(name, text: flag ? "yes" : "no", value: value)
        case (_, .array(let values)):
            let texts = values.map { JSONPath.text(of: $0) ?? JSONWriter.string($0) }
            return ScreenField(name, text: texts.isEmpty ? "none" : texts.joined(separator: ", "), value: value)
        case (_, .object):
            return ScreenField(name, text: JSONWriter.string(value), value: value)
        default:
            return ScreenField(name, text: JSONPath.text(of: value) ?? "", value: value)
        }
    }

    /// A timestamp's day (`2014-12-10T14:23:31.880000Z` → `2014-12-10`), other text as it is.
    static func day(_ text: String) -> String {
        let bytes = Array(text.utf8.prefix(11))
        guard bytes.count == 11, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " ") else { return text }
        return String(text.prefix(10))
    }

    /// `value`, or null where it is a string the field reads as unknown; in a list, each element.
    private func known(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text) where unknown.contains(text): .null
        case .array(let values): .array(values.map(known))
        default: value
        }
    }
}
