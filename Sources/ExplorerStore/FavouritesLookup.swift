/// Which items of one feature are favourites, asked an item at a time as a screen shows them:
/// each by its key in the table, once while nothing changes (see ``FavouritesCache``), so a
/// screen costs the rows it shows, not the favourites stored.
public struct FavouritesLookup: Sendable {
    /// The store's database, and what is known of it.
    let database: AppDatabase
    let cache: FavouritesCache
    public let feature: String
    /// How many favourites the feature has.
    public let count: Int
    let stamp: FavouritesCache.Stamp
    /// Whether each favourite is one still, when the feature has so few that they were read
    /// whole: an item not there is not one (no lock, no query, a row at a time).
    let whole: [String: Bool]?

    /// Whether the item with this id is a favourite; false when the database cannot answer
    /// now (it answered for the count a moment ago: a screen shows, unstarred).
    public func contains(_ itemID: String) -> Bool {
        guard count > 0 else { return false }
        if let whole { return whole[itemID] ?? false }
        if let known = cache.knownAnswer(itemID, in: feature, at: stamp) { return known }
        return (try? database.onWriterConnection { db in
            try cache.ask(itemID, in: feature, at: stamp, db)
        }) ?? false
    }
}
