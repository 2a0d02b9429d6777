import ExplorerText

/// A described feature's definition: the kit's paged list configured by a
/// ``FeatureDescription`` rather than by Swift. Its columns are the description's `columns`,
/// then every other field for data readers; its fields are the description's `fields`, read
/// from each record's JSON; each `link` field is a link to the feature its `to` names.
public struct DescribedList: PagedListDefinition {
    public typealias Item = DescribedRecord
    public typealias SortKey = DescribedSortKey
    public typealias Refinement = DescribedFilter

    public let featureID: String
    public let description: FeatureDescription
    public let title: String
    public let columns: [ScreenTable.Column]
    public let links: [ItemLink<DescribedRecord>]
    public let sortKeys: [DescribedSortKey]

    public init(featureID: String, description: FeatureDescription) {
        self.featureID = featureID
        self.description = description
        title = description.title
        columns = Self.columns(of: description)
        links = description.fields.filter { $0.type == .link }.map(Self.link)
        sortKeys = description.sort.compactMap { name in
            description.fields.first { $0.name == name }.map(DescribedSortKey.init)
        }
    }

    /// Every field of a record: the name for data readers first (the detail's title shows it),
    /// then each described field in order; links as the kit shows links.
    public func fields(_ record: DescribedRecord, links: LinkedFields<DescribedRecord>) -> [ScreenField] {
        var fields = [ScreenField.data("name", .string(record.favouriteTitle))]
        fields.reserveCapacity(description.fields.count + 1)
        for field in description.fields where field.name != "name" {
            fields.append(field.type == .link ? links[field.name] : field.screenField(in: record.json))
        }
        return fields
    }

    /// The field a sort reads, shown beside the name unless a column shows it.
    public func sortedColumn(_ key: DescribedSortKey) -> (key: String, title: String)? {
        key.name == "name" ? nil : (key.name, key.name)
    }

    /// A link's records are read by each link (``link(_:)``); the definition reads none.
    public func record(fromURL url: String) -> (kind: String, id: String)? { nil }

    /// The text columns the description names, the first wide enough for a name and the rest
    /// left out of narrow text last first; then every other field, but those only a detail
    /// shows, for data readers. A number is never cut, but in the first column, which stays
    /// however narrow the text: what an API sends there (300 digits) is cut to the width.
    static func columns(of description: FeatureDescription) -> [ScreenTable.Column] {
        let shown = description.columns.enumerated().map { index, name -> ScreenTable.Column in
            let type = description.fields.first { $0.name == name }?.type
            let isNumber = type == .number
            return ScreenTable.Column(name, alignment: isNumber ? .right : .left, truncatable: index == 0 || !isNumber,
                                      minimumWidth: index == 0 ? 16 : 6,
                                      dropOrder: index == 0 ? nil : description.columns.count - index,
                                      showsValue: false)
        }
        let data = description.fields.filter { !$0.detailOnly && !description.columns.contains($0.name) }.map(\.name)
        let named = description.columns.contains("name") ? [] : ["name"]
        return shown + ScreenTable.Column.data(named + data.filter { $0 != "name" })
    }

    /// A `link` field: the URLs (or ids) its value holds, each a record of the feature `to` names.
    static func link(_ field: FeatureDescription.Field) -> ItemLink<DescribedRecord> {
        let kind = field.to ?? ""
        return ItemLink(field: field.name, arity: .many,
                        urls: { record in
                            switch field.value(in: record.json) {
                            case .array(let values): values.compactMap(JSONPath.text(of:)).filter { !$0.isEmpty }
                            case let value: JSONPath.text(of: value).map { [$0] }?.filter { !$0.isEmpty } ?? []
                            }
                        },
                        record: { value in DescribedIdentity.id(fromLink: value).map { (kind, $0) } },
                        namesOne: { record in
                            if case .array = field.value(in: record.json) { return false }
                            return true
                        })
    }
}
