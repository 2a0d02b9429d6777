/// A feature that lists its own favourites: `favs` in it shows them numbered, so that `open N`
/// and `fav N` work on them as on any list.
@MainActor
public protocol FavouritesListing: Feature {
    /// Puts the favourites on show (the view shows them).
    func showFavourites() throws
}

extension FavouritesListing where Self: ScreenFeature, Model: ListDetailViewModel {
    public func showFavourites() throws {
        try model.showFavourites()
    }
}
