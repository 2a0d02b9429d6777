import Foundation
import GRDB

/// Favourites of every feature, kept in the ``AppDatabase``.
///
/// Nothing is cached in memory: each call reads the database, so two explorer processes open
/// at once always agree, and a toggle is one immediate transaction.
public struct FavouritesStore: Sendable {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    /// The item ids of `feature` that are favourites.
    public func ids(in feature: String) throws -> Set<String> {
        try database.read { db in
            try Set(String.fetchAll(db, sql: "SELECT itemID FROM favourite WHERE feature = ?", arguments: [feature]))
        }
    }

    /// For screens that must render even when the database is unusable: the ids, or none and
    /// the reason to show beside the list.
    public func idsOrProblem(in feature: String) -> (ids: Set<String>, problem: String?) {
        do {
            return (try ids(in: feature), nil)
        } catch {
            return ([], String(describing: error))
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
        try database.write { db in
            if try Favourite.deleteOne(db, key: ["feature": feature, "itemID": itemID]) {
                return false
            }
            try Favourite(feature: feature, itemID: itemID, title: title).insert(db)
            return true
        }
    }
}
