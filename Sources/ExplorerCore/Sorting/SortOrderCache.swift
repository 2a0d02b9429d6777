/// A list's rows in the order each sort puts them, kept while the list stays the same: a
/// sorted list shown again (after `open`, `back`, `fav`, `sort off` and back) is not sorted
/// again. The view model says which version of its items the rows are; any other version
/// forgets every order kept.
///
/// The rows are kept as the sort gave them; stars change without the list changing, so the
/// caller marks favourites on what comes back.
public final class SortOrderCache<Key: ItemSortKey> where Key.Item: ListItem {
    private var version: Int?
    private var orders: [SortArgument<Key>: [ListRow<Key.Item>]] = [:]

    /// How many times rows were sorted: for tests.
    public private(set) var sortCount = 0

    public init() {}

    /// `rows()` sorted by `sort`; `rows` is called only when this version of the list has not
    /// been sorted that way yet.
    public func sorted(by sort: SortArgument<Key>, version: Int, rows: () -> [ListRow<Key.Item>]) -> [ListRow<Key.Item>] {
        if version != self.version {
            orders = [:]
            self.version = version
        }
        if let order = orders[sort] { return order }
        let order = sort.sorted(rows())
        sortCount += 1
        orders[sort] = order
        return order
    }
}
