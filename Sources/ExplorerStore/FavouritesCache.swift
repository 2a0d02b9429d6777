import Foundation
internal import GRDB
internal import GRDBSQLite
import Synchronization

/// The favourites table, kept in memory a feature at a time (and whole, for `favs all`), and
/// read again only when the database has changed since: when another connection (another
/// explorer process) committed, which `PRAGMA data_version` tells, or when this connection
/// changed rows itself, which its count of changes tells. Both are asked of the one connection
/// that writes, so the answer is as fresh as reading the table every time, at the cost of a
/// pragma. This connection's own toggles are applied to the copies in memory instead
/// (``applied(_:from:to:)``): with 100,000 favourites a re-read costs 170 ms, an applied toggle
/// well under a millisecond. A feature's copy holds its rows alone, so starring starships does
/// not read 100,000 characters.
final class FavouritesCache: Sendable {
    /// What a toggle did.
    enum Change {
        case added(Favourite)
        case removed(feature: String, itemID: String)

        var feature: String {
            switch self {
            case .added(let favourite): favourite.feature
            case .removed(let feature, _): feature
            }
        }
    }

    /// What the connection says about changes; equal stamps mean nothing was committed between.
    struct Stamp: Equatable {
        var dataVersion: Int64
        var ownChanges: Int
    }

    /// The rows of one feature, or of every feature (``everyFeature``), as read at `stamp`.
    private struct Snapshot {
        var stamp: Stamp
        /// Oldest first (then by feature and id), as ``FavouritesStore/list(feature:)`` gives them.
        var favourites: [Favourite]
        var ids: Set<String>
    }

    /// The key of the snapshot of every feature: no feature id is empty.
    private static let everyFeature = ""

    /// The unreadable rows not yet reported: each is reported once a run.
    private let reported = Mutex<Set<String>>([])

    /// The snapshots read so far, by feature (``everyFeature`` for all of them).
    private let snapshots = Mutex<[String: Snapshot]>([:])
    /// The rows the reads found unreadable (each costs itself, not every favourite), in the
    /// order found, each once, described for the user:
    /// `starships/10 (its date "10000-01-01 00:00:59.000" cannot be read)`.
    private let unreadableFound = Mutex<[String]>([])

    /// How many times the table was read: for tests.
    var readCount: Int { reads.withLock { $0 } }
    private let reads = Mutex(0)

    init() {}

    /// The item ids of `feature` that are favourites, on `db`, which must always be the same
    /// connection (the writer) and not inside a transaction of another connection's snapshot.
    func ids(in feature: String, _ db: Database) throws -> Set<String> {
        try current(feature, db).ids
    }

    /// The favourites of `feature`, or of every feature when nil, oldest first; on `db`, as for
    /// ``ids(in:_:)``.
    func favourites(of feature: String?, _ db: Database) throws -> [Favourite] {
        try current(feature ?? Self.everyFeature, db).favourites
    }

    /// Where the database is now, as this connection sees it.
    func stamp(_ db: Database) throws -> Stamp {
        // Asked before every list is drawn: the prepared pragma is stepped here, once, and
        // reset (ending the read it began), which costs a tenth of GRDB's cursor over it. A
        // step that gives no row is asked again through GRDB, which says what went wrong.
        let statement = try db.cachedStatement(sql: "PRAGMA data_version")
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        defer { sqlite3_reset(handle) }
        guard sqlite3_step(handle) == SQLITE_ROW else {
            sqlite3_reset(handle)
            return Stamp(dataVersion: try Int64.fetchOne(statement) ?? 0, ownChanges: db.totalChangesCount)
        }
        return Stamp(dataVersion: sqlite3_column_int64(handle, 0), ownChanges: db.totalChangesCount)
    }

    /// Applies this connection's own `change`, made between stamps `before` and `after` in one
    /// transaction (no other connection could commit in between), to each copy in memory that
    /// was of the database at `before`: the copy of the feature changed and the copy of every
    /// feature take the change, the others are still right as they are. A copy of an older
    /// database (or every copy, with no change known) is dropped, to be read again.
    func applied(_ change: Change?, from before: Stamp, to after: Stamp) {
        snapshots.withLock { snapshots in
            for key in Array(snapshots.keys) {
                // Taken out while it changes, so that its arrays are not copied (100,000 rows).
                guard var copy = snapshots.removeValue(forKey: key), copy.stamp == before, let change else { continue }
                if key == change.feature || key == Self.everyFeature { Self.apply(change, to: &copy) }
                copy.stamp = after
                snapshots[key] = copy
            }
        }
    }

    private static func apply(_ change: Change, to copy: inout Snapshot) {
        switch change {
        case .added(let favourite):
            // The first favourite that sorts after the new one: a binary search.
            var low = 0, high = copy.favourites.count
            while low < high {
                let middle = (low + high) / 2
                if isOrdered(favourite, before: copy.favourites[middle]) { high = middle } else { low = middle + 1 }
            }
            copy.favourites.insert(favourite, at: low)
            copy.ids.insert(favourite.itemID)
        case .removed(let feature, let itemID):
            copy.favourites.removeAll { $0.feature == feature && $0.itemID == itemID }
            copy.ids.remove(itemID)
        }
    }

    /// The table's order: oldest first, then by feature and id (as the query sorts them:
    /// SQLite's BINARY collation compares the UTF-8 bytes, as `<` on their UTF-8 views does).
    static func isOrdered(_ a: Favourite, before b: Favourite) -> Bool {
        if a.createdAt != b.createdAt { return a.createdAt < b.createdAt }
        if a.feature != b.feature { return a.feature.utf8.lexicographicallyPrecedes(b.feature.utf8) }
        return a.itemID.utf8.lexicographicallyPrecedes(b.itemID.utf8)
    }

    /// The snapshot of `key` (a feature, or ``everyFeature``) as the database is now.
    private func current(_ key: String, _ db: Database) throws -> Snapshot {
        let stamp = try stamp(db)
        return try snapshots.withLock { snapshots in
            if let snapshot = snapshots[key], snapshot.stamp == stamp { return snapshot }
            let order = "ORDER BY createdAt, feature, itemID"
            let rows = key == Self.everyFeature
                ? try Row.fetchCursor(db.cachedStatement(sql: "SELECT \(Favourite.columns) FROM favourite \(order)"))
                : try Row.fetchCursor(db.cachedStatement(sql: "SELECT \(Favourite.columns) FROM favourite WHERE feature = ? \(order)"),
                                      arguments: [key])
            var fresh = Snapshot(stamp: stamp, favourites: [], ids: [])
            var unreadable: [String] = []
            while let row = try rows.next() {
                do {
                    let favourite = try Favourite(row: row)
                    fresh.favourites.append(favourite)
                    fresh.ids.insert(favourite.itemID)
                } catch {
                    unreadable.append(Self.describe(row))
                }
            }
            reads.withLock { $0 += 1 }
            unreadableFound.withLock { found in found += unreadable.filter { !found.contains($0) } }
            snapshots[key] = fresh
            return fresh
        }
    }

    /// What the last read found unreadable and was not reported yet, in one line; nil when
    /// there is nothing new to say.
    func unreportedProblem() -> String? {
        let unreadable = unreadableFound.withLock { $0 }
        guard !unreadable.isEmpty else { return nil }
        let new = reported.withLock { reported in
            let new = unreadable.filter { !reported.contains($0) }
            reported.formUnion(new)
            return new
        }
        guard !new.isEmpty else { return nil }
        let shown = new.prefix(3).joined(separator: ", ") + (new.count > 3 ? " and \(new.count - 3) more" : "")
        return "\(new.count) favourite\(new.count == 1 ? "" : "s") could not be read and \(new.count == 1 ? "is" : "are") left out: \(shown)"
    }

    /// `starships/10 (its date "10000-01-01 00:00:59.000" cannot be read)`: which favourite,
    /// as far as the row tells, and which value is at fault.
    static func describe(_ row: Row) -> String {
        func text(_ column: String) -> String? {
            (try? row.decode(String?.self, forColumn: column)) ?? nil
        }
        let name = "\(text("feature") ?? "?")/\(text("itemID") ?? "?")"
        let problem: String
        if (try? row.decode(Date.self, forColumn: "createdAt")) == nil {
            let value = row["createdAt"] as DatabaseValue
            problem = "its date \(String(describing: value).prefix(40)) cannot be read"
        } else {
            problem = "a value cannot be read"
        }
        return "\(name.prefix(80)) (\(problem))"
    }
}
