/// One labelled value of a detail: `cost  100,000 credits` as text, `"cost_credits": 100000`
/// in JSON.
public struct ScreenField: Sendable, Equatable {
    /// The member name in JSON: `cost_credits`.
    public var key: String
    /// The label in text: `cost`.
    public var label: String
    public var text: String
    public var value: JSONValue
    public var visibility: ScreenVisibility

    public init(_ key: String, label: String? = nil, text: String, value: JSONValue, visibility: ScreenVisibility = .textAndData) {
        self.key = key
        self.label = label ?? key
        self.text = text
        self.value = value
        self.visibility = visibility
    }

    /// A text value given as it is.
    public init(_ key: String, label: String? = nil, _ text: String) {
        self.init(key, label: label, text: text, value: .string(text))
    }

    /// A value the detail shows only to data readers (the name, which text shows in the title);
    /// a list may still show it as a column, as its plain text.
    public static func data(_ key: String, _ value: JSONValue) -> ScreenField {
        let text: String
        switch value {
        case .string(let string): text = string
        case .int(let number): text = String(number)
        case .double(let number): text = JSONWriter.number(number)
        default: text = ""
        }
        return ScreenField(key, text: text, value: value, visibility: .dataOnly)
    }
}
