import Foundation
internal import GRDB
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

    private func current(_ db: Database) throws -> Snapshot {
        let stamp = Stamp(dataVersion: try Int64.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0,
                          ownChanges: db.totalChangesCount)
        return try snapshot.withLock { current in
            if let current, current.stamp == stamp { return current }
            let rows = try Row.fetchCursor(
                db.cachedStatement(sql: "SELECT * FROM favourite ORDER BY createdAt, feature, itemID"))
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
