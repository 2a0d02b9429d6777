/// A key a feature's list can be sorted by (`sort length`, `sort birth`), and how to read it
/// from an item: a name, or a number (nil when the item has none: `unknown`, `n/a`).
public protocol ItemSortKey: NamedSortKey {
    associatedtype Item
    func sortValue(_ item: Item) -> SortValue
}

/// What an item is sorted by for one key.
public enum SortValue: Sendable, Equatable {
    /// Compared case- and number-aware, as people expect names (`X-wing` after `TIE Advanced x1`).
    case name(String)
    /// Compared as numbers; a missing one goes last whichever the direction.
    case number(Double?)
}

extension SortArgument where Key: ItemSortKey {
    /// `rows` in this order; rows that tie keep the order they came in. Each row's value is
    /// read once, not once per comparison.
    public func sorted<Item: ListItem>(_ rows: [ListRow<Item>]) -> [ListRow<Item>] where Key.Item == Item {
        // Sort positions, not rows: each comparison then reads two values instead of copying
        // whole items around.
        let values = rows.map { key.sortValue($0.item) }
        let order = values.indices.sorted { a, b in
            let decided: Bool?
            switch (values[a], values[b]) {
            case (.name(let x), .name(let y)): decided = SortComparison.names(x, y, descending: descending)
            case (.number(let x), .number(let y)): decided = SortComparison.numbers(x, y, descending: descending)
            default: decided = nil
            }
            return decided ?? (a < b)
        }
        return order.map { rows[$0] }
    }
}
