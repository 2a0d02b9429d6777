/// One feature's favourites, read once for a screen: which items to star, or why none can be.
public struct FavouriteMarks: Sendable, Equatable {
    public let ids: Set<String>
    /// Why favourites cannot be shown (the database is unusable); lists still show, unstarred.
    public let problem: String?

    public init(ids: Set<String>, problem: String? = nil) {
        self.ids = ids
        self.problem = problem
    }

    @inlinable
    public func contains<Item: ListItem>(_ item: Item) -> Bool {
        // (No favourites: nothing to hash.)
        !ids.isEmpty && (item.itemID.map(ids.contains) ?? false)
    }

    /// The row for `item`, starred when it is a favourite.
    @inlinable
    public func row<Item: ListItem>(_ number: Int?, _ item: Item) -> ListRow<Item> {
        ListRow(number: number, item: item, isFavourite: contains(item))
    }
}
