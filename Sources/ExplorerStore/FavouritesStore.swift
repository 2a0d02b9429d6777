import ExplorerClock
import Foundation
internal import GRDB

/// Favourites of every feature, kept in the ``AppDatabase``.
///
/// A screen asks only about what it shows: whether its rows are favourites (``lookup(in:)``,
/// by key, each answer kept while the database is unchanged), how many there are (counts the
/// table's triggers keep), one page of them (``page(offset:limit:)``). Every answer is as the
/// database is now, changed by this process or another, so two explorer processes open at once
/// always agree; a toggle is one immediate transaction. New favourites are stamped with the
/// time the ``AppClock`` tells.
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

    /// Which items of `feature` are favourites, for one screen.
    public func lookup(in feature: String) throws -> FavouritesLookup {
        let (count, stamp, whole) = try database.onWriterConnection { db in try cache.count(in: feature, db) }
        return FavouritesLookup(database: database, cache: cache, feature: feature, count: count, stamp: stamp, whole: whole)
    }

    /// How many favourites `feature` has, or every feature when nil.
    public func count(feature: String? = nil) throws -> Int {
        try database.read { db in try FavouritesCache.count(of: feature, db) }
    }

    /// The item ids of `feature` that are favourites: every one, read afresh.
    public func ids(in feature: String) throws -> Set<String> {
        try database.read { db in try Set(FavouritesCache.ids(of: feature, db)) }
    }

    /// The order favourites are listed in: oldest first, then by feature and id.
    private static let order = "ORDER BY createdAt, feature, itemID"

    /// Favourites of one feature, or of all features when `feature` is nil, oldest first: every
    /// one, read afresh.
    public func list(feature: String? = nil) throws -> [Favourite] {
        let favourites = try database.read { db in
            guard let feature else {
                return try Self.favourites(db.cachedStatement(sql: "SELECT \(Favourite.columns) FROM favourite \(Self.order)"))
            }
            return try Self.favourites(db.cachedStatement(sql: "SELECT \(Favourite.columns) FROM favourite WHERE feature = ? \(Self.order)"),
                                       [feature])
        }
        cache.noteUnreadable(favourites)
        return favourites
    }

    /// Favourites of every feature, oldest first, `limit` of them from the `offset`th (from 0):
    /// one page, read through the index of the order, whatever the number stored.
    public func page(offset: Int, limit: Int) throws -> [Favourite] {
        let favourites = try database.read { db in
            try Self.favourites(db.cachedStatement(sql: "SELECT \(Favourite.columns) FROM favourite \(Self.order) LIMIT ? OFFSET ?"),
                                [max(limit, 0), max(offset, 0)])
        }
        cache.noteUnreadable(favourites)
        return favourites
    }

    private static func favourites(_ statement: Statement, _ arguments: StatementArguments = []) throws -> [Favourite] {
        var favourites: [Favourite] = []
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        while let row = try rows.next() { favourites.append(Favourite(row: row)) }
        return favourites
    }

    /// Favourites listed with a date that could not be read (listed without it), or a database
    /// file found empty, in one line, the first time; nil when there is nothing new to report.
    public func unreportedProblem() -> String? {
        database.unreportedNotice() ?? cache.unreportedProblem()
    }

    /// Adds the item if it is not a favourite, removes it if it is; returns whether it is now one.
    @discardableResult
    public func toggle(feature: String, itemID: String, title: String) throws -> Bool {
        let now = clock.now
        typealias Outcome = (isFavourite: Bool, change: FavouritesCache.Change, before: FavouritesCache.Stamp, after: FavouritesCache.Stamp)
        let outcome = try database.write { db throws -> Outcome in
            let before = try cache.stamp(db)
            // A statement prepared once: the query interface would build its SQL at every toggle.
            try db.cachedStatement(sql: "DELETE FROM favourite WHERE feature = ? AND itemID = ?")
                .execute(arguments: [feature, itemID])
            if db.changesCount > 0 {
                return (false, .removed(feature: feature, itemID: itemID), before, try cache.stamp(db))
            }
            try Favourite(feature: feature, itemID: itemID, title: title, createdAt: now).insert(db)
            return (true, .added(feature: feature, itemID: itemID), before, try cache.stamp(db))
        }
        // Committed: what is known follows, rather than asking the table again.
        cache.applied(outcome.change, from: outcome.before, to: outcome.after)
        return outcome.isFavourite
    }
}
