/// Any JSON value: what a feature's `settings` hold, and what a ``Screen`` shows in JSON and CSV.
///
/// Integers and other numbers are kept apart, so that `20` is written as `20` and never `20.0`,
/// and objects keep their members in order, so the keys of a screen come out in the order the
/// README documents them.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The value as an integer, when it is one (`3`, or `3.0` written with a fraction).
    public var intValue: Int? {
        switch self {
        case .int(let value): value
        case .double(let value) where value == value.rounded(): Int(exactly: value)
        default: nil
        }
    }

    public var doubleValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// A number, or nil: the way optional numbers enter a screen.
    public static func number(_ value: Double?) -> JSONValue {
        guard let value, value.isFinite else { return .null }
        if value == value.rounded(), abs(value) < 9e15 { return .int(Int(value)) }
        return .double(value)
    }

    /// A string, or `null` when there is none.
    public static func optional(_ value: String?) -> JSONValue {
        value.map(JSONValue.string) ?? .null
    }

    /// An integer, or `null` when there is none.
    public static func optional(_ value: Int?) -> JSONValue {
        value.map(JSONValue.int) ?? .null
    }

    /// A number, or `null` when there is none.
    public static func optional(_ value: Double?) -> JSONValue {
        value.map(JSONValue.double) ?? .null
    }
}
