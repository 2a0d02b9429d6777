import ExplorerClock
import Foundation
internal import GRDB

/// Favourites of every feature, kept in the ``AppDatabase``.
///
/// The favourites are kept in memory (``FavouritesCache``: the ids screens star, and the
/// lists `favs` shows) and read again whenever the database changed, by this process or
/// another, so two explorer processes open at once always agree; a toggle is one immediate
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

    /// Favourites of one feature, or of all features when `feature` is nil, oldest first.
    public func list(feature: String? = nil) throws -> [Favourite] {
        try database.onWriterConnection { db in try cache.favourites(of: feature, db) }
    }

    /// Favourites that could not be read from the database (and are left out), or a database
    /// file found empty, in one line, the first time; nil when there is nothing new to report.
    public func unreportedProblem() -> String? {
        database.unreportedNotice() ?? cache.unreportedProblem()
    }

    /// Adds the item if it is not a favourite, removes it if it is; returns whether it is now one.
    @discardableResult
    public func toggle(feature: String, itemID: String, title: String) throws -> Bool {
        let now = clock.now
        typealias Outcome = (isFavourite: Bool, change: FavouritesCache.Change?, before: FavouritesCache.Stamp, after: FavouritesCache.Stamp)
        let outcome = try database.write { db throws -> Outcome in
            let before = try cache.stamp(db)
            // A statement prepared once: the query interface would build its SQL at every toggle.
            try db.cachedStatement(sql: "DELETE FROM favourite WHERE feature = ? AND itemID = ?")
                .execute(arguments: [feature, itemID])
            if db.changesCount > 0 {
                return (false, FavouritesCache.Change.removed(feature: feature, itemID: itemID), before, try cache.stamp(db))
            }
            try Favourite(feature: feature, itemID: itemID, title: title, createdAt: now).insert(db)
            // Read back as a re-read would give it (the date as stored, to the millisecond).
            let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT \(Favourite.columns) FROM favourite WHERE feature = ? AND itemID = ?"),
                                       arguments: [feature, itemID])
            let added = row.flatMap { try? Favourite(row: $0) }.map(FavouritesCache.Change.added)
            return (true, added, before, try cache.stamp(db))
        }
        // Committed: the copy in memory follows, rather than reading the table again.
        cache.applied(outcome.change, from: outcome.before, to: outcome.after)
        return outcome.isFavourite
    }
}
