import ExplorerStore

/// The half of a list-and-detail view model that every such feature shares: where the user is
/// (the list, the favourites, or the detail of an item) and the feature's favourites. The view
/// model owns one and keeps its own items; ``ListDetailViewModel`` builds `open`, `back`, `fav`
/// and `favs` on the two.
@MainActor
public final class ListNavigator<Item: ListItem> {
    public let featureID: String
    public let favourites: FavouritesStore
    public private(set) var place = ListPlace.list
    /// The item on the detail when the view model set it itself (a detail refreshed from the
    /// API, or one reached by id); nil when the detail shows its row of the list.
    public private(set) var detailItem: Item?
    /// Whether the detail was opened from the favourites (`back` returns there).
    public private(set) var detailFromFavourites = false
    /// The favourites on show, numbered 1… in the order `favs` lists them.
    public private(set) var favouriteRows: [Favourite] = []

    public init(featureID: String, favourites: FavouritesStore) {
        self.featureID = featureID
        self.favourites = favourites
    }

    /// Row `number` of the list, or `item` when given (a fresher copy, or one not in the list).
    public func showDetail(number: Int?, item: Item? = nil) {
        detailFromFavourites = place == .favourites || (place.isDetail && detailFromFavourites)
        place = .detail(number: number)
        detailItem = item
    }

    /// The detail of an item a link from another feature leads to (`follow`), not opened from
    /// the list or the favourites on show: `back` goes to the list.
    public func showLinkedDetail(number: Int?, item: Item?) {
        showList()
        showDetail(number: number, item: item)
    }

    public func showList() {
        place = .list
        detailItem = nil
        detailFromFavourites = false
    }

    /// The feature's favourites as a list of their own (read afresh).
    public func showFavourites() throws {
        favouriteRows = try favourites.list(feature: featureID)
        place = .favourites
        detailItem = nil
        detailFromFavourites = false
    }

    /// Detail → the favourites or the list it was opened from; favourites → list; false when
    /// already on the list.
    public func back() -> Bool {
        switch place {
        case .list:
            return false
        case .detail where detailFromFavourites:
            try? showFavourites()
            return true
        case .detail, .favourites:
            showList()
            return true
        }
    }

    /// Where the navigator is: what ``restore(_:)`` returns it to.
    public struct Position: Equatable {
        fileprivate let place: ListPlace
        fileprivate let detailItem: Item?
        fileprivate let detailFromFavourites: Bool
    }

    public var position: Position {
        Position(place: place, detailItem: detailItem, detailFromFavourites: detailFromFavourites)
    }

    /// Back to `position`; the favourites, when it is on them, read afresh as `back` to them
    /// reads them (one may have been marked meanwhile).
    public func restore(_ position: Position) {
        place = position.place
        detailItem = position.detailItem
        detailFromFavourites = position.detailFromFavourites
        if place == .favourites { try? showFavourites() }
    }

    /// The favourite on row `text` of the favourites list, or an error saying which rows there are.
    public func favouriteRow(named text: String) throws(ListError) -> Favourite {
        if favouriteRows.isEmpty, let number = Int(text) { throw .noFavourites(number, feature: featureID) }
        return favouriteRows[try ListError.rowNumber(text, count: favouriteRows.count) - 1]
    }

    /// The favourites as they are now, for one screen.
    public func marks() -> FavouriteMarks {
        favourites.marks(in: featureID)
    }

    /// Marks or unmarks `item`, row `number` of the list; says what it is now.
    public func toggleFavourite(_ item: Item, number: Int?) throws -> FavouriteToggle {
        guard let id = item.itemID else {
            throw ListError.noID(title: item.favouriteTitle, idName: Item.idName)
        }
        return try toggle(id: id, title: item.favouriteTitle, number: number)
    }

    /// Unmarks (or marks again) row `number` of the favourites list.
    public func toggleFavourite(_ favourite: Favourite, number: Int) throws -> FavouriteToggle {
        try toggle(id: favourite.itemID, title: favourite.title, number: number)
    }

    private func toggle(id: String, title: String, number: Int?) throws -> FavouriteToggle {
        let isFavourite = try favourites.toggle(feature: featureID, itemID: id, title: title)
        // The favourites list keeps its rows until it is shown again, so that its numbers
        // stay put while one is unmarked (and can be marked again).
        return FavouriteToggle(number: number, itemID: id, title: title, isFavourite: isFavourite)
    }
}
