import ExplorerStore

extension FavouritesStore {
    /// For screens that must show even when the database is unusable: the favourites to star,
    /// or none and the reason, to say beside the list.
    public func marks(in feature: String) -> FavouriteMarks {
        do {
            return FavouriteMarks(try lookup(in: feature))
        } catch {
            return FavouriteMarks(nil, problem: String(describing: error))
        }
    }
}
