/// Who sees a table column or a field: readers of the text, readers of the data (JSON and
/// CSV), or both. A list shows a few columns as text but gives every raw value as data.
public enum ScreenVisibility: Sendable, Equatable {
    case textAndData
    case textOnly
    case dataOnly

    public var inText: Bool { self != .dataOnly }
    public var inData: Bool { self != .textOnly }
}
