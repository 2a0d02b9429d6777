import ExplorerStore

/// A favourite as the favourites list shows it: its row number, and whether it is still a
/// favourite (the list keeps a row unmarked with `fav N` until it is shown again).
public struct FavouriteRow: Sendable, Equatable {
    public var number: Int
    public var favourite: Favourite
    public var isFavourite: Bool

    public init(number: Int, favourite: Favourite, isFavourite: Bool) {
        self.number = number
        self.favourite = favourite
        self.isFavourite = isFavourite
    }
}
