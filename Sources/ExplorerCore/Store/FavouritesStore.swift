import Foundation
import GRDB

/// Favourites of every feature, kept in the ``AppDatabase``.
///
/// The ids that screens star are kept in memory (``FavouritesCache``) and read again whenever
/// the database changed, by this process or another, so two explorer processes open at once
/// always agree; everything else reads the database, and a toggle is one immediate
/// transaction. New favourites are stamped with the time the ``AppClock`` tells.
public struct FavouritesStore: Sendable {
    public let database: AppDatabase
    public let clock: any AppClock
    let cache = FavouritesCache()

    public init(database: AppDatabase, clock: any AppClock = LiveClock()) {
        self.database = database
        self.clock = clock
    }

    /// A store in memory, for tests.
    public static func inMemory(clock: any AppClock = LiveClock()) -> FavouritesStore {
        FavouritesStore(database: .inMemory(), clock: clock)
    }

    /// The item ids of `feature` that are favourites.
    public func ids(in feature: String) throws -> Set<String> {
        try database.onWriterConnection { db in try cache.ids(in: feature, db) }
    }

    /// For screens that must show even when the database is unusable: the ids, or none and
    /// the reason, to say beside the list.
    public func marks(in feature: String) -> FavouriteMarks {
        do {
            return FavouriteMarks(ids: try ids(in: feature))
        } catch {
            return FavouriteMarks(ids: [], problem: String(describing: error))
        }
    }

    /// Favourites of one feature, or of all features when `feature` is nil, oldest first.
    public func list(feature: String? = nil) throws -> [Favourite] {
        try database.read { db in
            var request = Favourite.order(Column("createdAt"), Column("feature"), Column("itemID"))
            if let feature { request = request.filter(Column("feature") == feature) }
            return try request.fetchAll(db)
        }
    }

    /// Adds the item if it is not a favourite, removes it if it is; returns whether it is now one.
    @discardableResult
    public func toggle(feature: String, itemID: String, title: String) throws -> Bool {
        let now = clock.now
        return try database.write { db in
            if try Favourite.deleteOne(db, key: ["feature": feature, "itemID": itemID]) {
                return false
            }
            try Favourite(feature: feature, itemID: itemID, title: title, createdAt: now).insert(db)
            return true
        }
    }
}
