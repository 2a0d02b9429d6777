import ExplorerText

/// A field a described list sorts by (its description's `sort`): numbers and dates as numbers
/// and dates, the rest as names; a value the field reads as unknown sorts last.
public struct DescribedSortKey: ItemSortKey {
    public let field: FeatureDescription.Field

    public init(field: FeatureDescription.Field) {
        self.field = field
    }

    public var name: String { field.name }

    public func sortValue(_ record: DescribedRecord) -> SortValue {
        let text = field.scalarText(in: record.json)
        switch field.type {
        case .number: return .number(text.flatMap(ReadableNumber.value))
        default: return .name(text ?? "")
        }
    }

    public static func == (lhs: DescribedSortKey, rhs: DescribedSortKey) -> Bool { lhs.field.name == rhs.field.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(field.name) }
}
