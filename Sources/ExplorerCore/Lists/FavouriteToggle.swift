/// What `fav` did: which item (its row, when it has one, its id and title) and whether it is a
/// favourite now.
public struct FavouriteToggle: Sendable, Equatable {
    public var number: Int?
    public var itemID: String
    public var title: String
    public var isFavourite: Bool

    public init(number: Int?, itemID: String, title: String, isFavourite: Bool) {
        self.number = number
        self.itemID = itemID
        self.title = title
        self.isFavourite = isFavourite
    }
}
