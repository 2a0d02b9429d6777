import ExplorerStore

extension FavouritesStore {
    /// For screens that must show even when the database is unusable: the ids, or none and
    /// the reason, to say beside the list.
    public func marks(in feature: String) -> FavouriteMarks {
        do {
            return FavouriteMarks(ids: try ids(in: feature))
        } catch {
            return FavouriteMarks(ids: [], problem: String(describing: error))
        }
    }
}
