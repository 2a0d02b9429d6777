import GRDB
import Synchronization

/// The favourites table, kept in memory and read again only when the database has
/// changed since: when another connection (another explorer process) committed, which
/// `PRAGMA data_version` tells, or when this connection changed rows itself, which its count
/// of changes tells. Both are asked of the one connection that writes, so the answer is as
/// fresh as reading the table every time, at the cost of a pragma.
final class FavouritesCache: Sendable {
    /// What the connection says about changes; equal stamps mean nothing was committed between.
    struct Stamp: Equatable {
        var dataVersion: Int64
        var ownChanges: Int
    }

    private struct Snapshot {
        var stamp: Stamp
        /// Every favourite, oldest first (then by feature and id), as ``FavouritesStore/list(feature:)`` gives them.
        var favourites: [Favourite]
        var ids: [String: Set<String>]
    }

    private let snapshot = Mutex<Snapshot?>(nil)

    /// How many times the table was read: for tests.
    var readCount: Int { reads.withLock { $0 } }
    private let reads = Mutex(0)

    init() {}

    /// The item ids of `feature` that are favourites, on `db`, which must always be the same
    /// connection (the writer) and not inside a transaction of another connection's snapshot.
    func ids(in feature: String, _ db: Database) throws -> Set<String> {
        try current(db).ids[feature] ?? []
    }

    /// The favourites of `feature`, or of every feature when nil, oldest first; on `db`, as for
    /// ``ids(in:_:)``.
    func favourites(of feature: String?, _ db: Database) throws -> [Favourite] {
        let all = try current(db).favourites
        guard let feature else { return all }
        return all.filter { $0.feature == feature }
    }

    private func current(_ db: Database) throws -> Snapshot {
        let stamp = Stamp(dataVersion: try Int64.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0,
                          ownChanges: db.totalChangesCount)
        return try snapshot.withLock { current in
            if let current, current.stamp == stamp { return current }
            let favourites = try Favourite.fetchAll(
                db.cachedStatement(sql: "SELECT * FROM favourite ORDER BY createdAt, feature, itemID"))
            var ids: [String: Set<String>] = [:]
            for favourite in favourites { ids[favourite.feature, default: []].insert(favourite.itemID) }
            reads.withLock { $0 += 1 }
            let fresh = Snapshot(stamp: stamp, favourites: favourites, ids: ids)
            current = fresh
            return fresh
        }
    }
}
