import GRDB
import Synchronization

/// Every feature's favourite ids, kept in memory and read again only when the database has
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
        let stamp = Stamp(dataVersion: try Int64.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0,
                          ownChanges: db.totalChangesCount)
        return try snapshot.withLock { current in
            if let current, current.stamp == stamp { return current.ids[feature] ?? [] }
            var ids: [String: Set<String>] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT feature, itemID FROM favourite")
            while let row = try rows.next() {
                ids[row[0], default: []].insert(row[1])
            }
            reads.withLock { $0 += 1 }
            current = Snapshot(stamp: stamp, ids: ids)
            return ids[feature] ?? []
        }
    }
}
