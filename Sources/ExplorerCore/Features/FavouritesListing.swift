import ExplorerText

/// A feature that lists its own favourites: `favs` in it shows them numbered, so that `open N`
/// and `fav N` work on them as on any list.
@MainActor
public protocol FavouritesListing: Feature {
    func showFavourites() throws -> Screen
}

extension FavouritesListing where Self: ScreenFeature, Model: ListDetailViewModel {
    public func showFavourites() throws -> Screen {
        try model.showFavourites()
        return screen
    }
}
