/// An item as a list shows it: its row number, the item, and whether it is a favourite.
public struct ListRow<Item: ListItem>: Sendable, Equatable {
    /// Its position in the API's order, the number `open N` and `fav N` take; nil for a detail
    /// reached another way than from the list (iTunes `lookup`).
    public var number: Int?
    public var item: Item
    public var isFavourite: Bool

    public init(number: Int?, item: Item, isFavourite: Bool) {
        self.number = number
        self.item = item
        self.isFavourite = isFavourite
    }

    /// Whether `fav` can mark it at all.
    public var canBeFavourite: Bool { item.itemID != nil }
}
