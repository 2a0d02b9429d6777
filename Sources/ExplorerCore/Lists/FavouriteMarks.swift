import ExplorerStore

/// One feature's favourites for a screen: which items to star, asked as each row is made, or
/// why none can be.
public struct FavouriteMarks: Sendable {
    /// Nil when favourites cannot be shown.
    private let lookup: FavouritesLookup?
    /// Why favourites cannot be shown (the database is unusable); lists still show, unstarred.
    public let problem: String?

    public init(_ lookup: FavouritesLookup?, problem: String? = nil) {
        self.lookup = lookup
        self.problem = problem
    }

    /// Whether the item with this id is a favourite.
    public func contains(id: String) -> Bool {
        lookup?.contains(id) ?? false
    }

    public func contains<Item: ListItem>(_ item: Item) -> Bool {
        guard let id = item.itemID else { return false }
        return contains(id: id)
    }

    /// The row for `item`, starred when it is a favourite.
    @inlinable
    public func row<Item: ListItem>(_ number: Int?, _ item: consuming Item) -> ListRow<Item> {
        let isFavourite = contains(item)
        return ListRow(number: number, item: item, isFavourite: isFavourite)
    }
}
