import Foundation
internal import GRDB
import Synchronization

/// The favourites table, kept in memory and read again only when the database has
/// changed since: when another connection (another explorer process) committed, which
/// `PRAGMA data_version` tells, or when this connection changed rows itself, which its count
/// of changes tells. Both are asked of the one connection that writes, so the answer is as
/// fresh as reading the table every time, at the cost of a pragma. This connection's own
/// toggles are applied to the copy in memory instead (``applied(_:from:to:)``): with 100,000
/// favourites a re-read costs 170 ms, an applied toggle well under a millisecond.
final class FavouritesCache: Sendable {
    /// What a toggle did.
    enum Change {
        case added(Favourite)
        case removed(feature: String, itemID: String)
    }

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
        /// The rows that could not be read (each costs itself, not every favourite), described
        /// for the user: `starships/10 (could not read its date "10000-01-01 00:00:59.000")`.
        var unreadable: [String]
    }

    /// The unreadable rows not yet reported: each is reported once a run.
    private let reported = Mutex<Set<String>>([])

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

    /// Where the database is now, as this connection sees it.
    func stamp(_ db: Database) throws -> Stamp {
        Stamp(dataVersion: try Int64.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0,
              ownChanges: db.totalChangesCount)
    }

    /// Applies this connection's own `change`, made between stamps `before` and `after` in one
    /// transaction (no other connection could commit in between), to the copy in memory, if
    /// that copy was of the database at `before`; otherwise (or with no change known) the copy
    /// is dropped, to be read again.
    func applied(_ change: Change?, from before: Stamp, to after: Stamp) {
        snapshot.withLock { current in
            guard var copy = current.take(), copy.stamp == before, let change else { return }
            switch change {
            case .added(let favourite):
                // The first favourite that sorts after the new one: a binary search.
                var low = 0, high = copy.favourites.count
                while low < high {
                    let middle = (low + high) / 2
                    if Self.isOrdered(favourite, before: copy.favourites[middle]) { high = middle } else { low = middle + 1 }
                }
                copy.favourites.insert(favourite, at: low)
                copy.ids[favourite.feature, default: []].insert(favourite.itemID)
            case .removed(let feature, let itemID):
                copy.favourites.removeAll { $0.feature == feature && $0.itemID == itemID }
                copy.ids[feature]?.remove(itemID)
            }
            copy.stamp = after
            current = copy
        }
    }

    /// The table's order: oldest first, then by feature and id (as the query sorts them:
    /// SQLite's BINARY collation compares the UTF-8 bytes, as `<` on their UTF-8 views does).
    static func isOrdered(_ a: Favourite, before b: Favourite) -> Bool {
        if a.createdAt != b.createdAt { return a.createdAt < b.createdAt }
        if a.feature != b.feature { return a.feature.utf8.lexicographicallyPrecedes(b.feature.utf8) }
        return a.itemID.utf8.lexicographicallyPrecedes(b.itemID.utf8)
    }

    private func current(_ db: Database) throws -> Snapshot {
        let stamp = try stamp(db)
        return try snapshot.withLock { current in
            if let current, current.stamp == stamp { return current }
            let rows = try Row.fetchCursor(
                db.cachedStatement(sql: "SELECT \(Favourite.columns) FROM favourite ORDER BY createdAt, feature, itemID"))
            var favourites: [Favourite] = []
            var unreadable: [String] = []
            var ids: [String: Set<String>] = [:]
            while let row = try rows.next() {
                do {
                    let favourite = try Favourite(row: row)
                    favourites.append(favourite)
                    ids[favourite.feature, default: []].insert(favourite.itemID)
                } catch {
                    unreadable.append(Self.describe(row))
                }
            }
            reads.withLock { $0 += 1 }
            let fresh = Snapshot(stamp: stamp, favourites: favourites, ids: ids, unreadable: unreadable)
            current = fresh
            return fresh
        }
    }

    /// What the last read found unreadable and was not reported yet, in one line; nil when
    /// there is nothing new to say.
    func unreportedProblem() -> String? {
        guard let unreadable = snapshot.withLock({ $0?.unreadable }), !unreadable.isEmpty else { return nil }
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
