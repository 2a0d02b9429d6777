/// The half of a list-and-detail view model that every such feature shares: where the user is
/// (the list, or the detail of a row) and the feature's favourites. The view model owns one and
/// keeps its own items; ``ListDetailViewModel`` builds `open`, `back` and `fav` on the two.
@MainActor
public final class ListNavigator<Item: ListItem> {
    public let featureID: String
    public let favourites: FavouritesStore
    public private(set) var place = ListPlace.list
    /// The item on the detail when the view model set it itself (a detail refreshed from the
    /// API, or one reached by id); nil when the detail shows its row of the list.
    public private(set) var detailItem: Item?

    public init(featureID: String, favourites: FavouritesStore) {
        self.featureID = featureID
        self.favourites = favourites
    }

    /// Row `number` of the list, or `item` when given (a fresher copy, or one not in the list).
    public func showDetail(number: Int?, item: Item? = nil) {
        place = .detail(number: number)
        detailItem = item
    }

    public func showList() {
        place = .list
        detailItem = nil
    }

    /// Detail → list; false when already on the list.
    public func back() -> Bool {
        guard place.isDetail else { return false }
        showList()
        return true
    }

    /// The favourites as they are now, for one screen.
    public func marks() -> FavouriteMarks {
        favourites.marks(in: featureID)
    }

    /// Marks or unmarks `item`; returns its row as it is now.
    public func toggleFavourite(_ item: Item, number: Int?) throws -> ListRow<Item> {
        guard let id = item.itemID else {
            throw CommandError("“\(item.favouriteTitle)” has no \(Item.idName), so it cannot be a favourite")
        }
        let isFavourite = try favourites.toggle(feature: featureID, itemID: id, title: item.favouriteTitle)
        return ListRow(number: number, item: item, isFavourite: isFavourite)
    }
}
