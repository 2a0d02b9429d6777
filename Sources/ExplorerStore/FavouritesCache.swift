import Foundation
internal import GRDB
internal import GRDBSQLite
import Synchronization

/// What is known of the favourites table, a feature at a time: how many favourites the feature
/// has, and the answer for each item a screen asked about (whether it is a favourite). Nothing
/// is read that a screen does not show: a list of ten rows asks ten keys of the primary key,
/// whether its feature has a thousand favourites or a million, and a feature with none asks
/// nothing. A feature with a few (up to ``fewEnoughToRead``) has them read at once, in one
/// query, which costs less than asking about each row.
///
/// It is forgotten when the database has changed since: when another connection (another
/// explorer process) committed, which `PRAGMA data_version` tells, or when this connection
/// changed rows itself, which its count of changes tells. Both are asked of the one connection
/// that writes, so the answers are as fresh as asking the table every time, at the cost of a
/// pragma. This connection's own toggles are applied to what is known instead
/// (``applied(_:from:to:)``).
final class FavouritesCache: Sendable {
    /// What a toggle did.
    enum Change {
        case added(feature: String, itemID: String)
        case removed(feature: String, itemID: String)
    }

    /// What the connection says about changes; equal stamps mean nothing was committed between.
    struct Stamp: Equatable {
        var dataVersion: Int64
        var ownChanges: Int
    }

    /// What is known of one feature, as the database was at `stamp`.
    private struct Known {
        var stamp: Stamp
        var count: Int
        /// Whether each item asked about is a favourite.
        var answers: [String: Bool] = [:]
        /// Whether `answers` holds every favourite of the feature: an item not in it is not one.
        var isWhole = false

        func answer(_ itemID: String) -> Bool? {
            answers[itemID] ?? (isWhole ? false : nil)
        }
    }

    /// The most favourites a feature may have to be read whole when it is first asked about.
    static let fewEnoughToRead = 100

    private let known = Mutex<[String: Known]>([:])

    /// The favourites whose date could not be read, not reported yet, as lists found them.
    private let unreadableFound = Mutex<[String]>([])
    /// Those reported already: each is reported once a run.
    private let reported = Mutex<Set<String>>([])

    /// How many questions went to the table (a count, or one item): for tests.
    var queryCount: Int { queries.withLock { $0 } }
    private let queries = Mutex(0)

    init() {}

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

    /// How many favourites `feature` has, the stamp that is known at, and when it has a few
    /// (up to ``fewEnoughToRead``, read whole with the count) whether each of them is one
    /// still (an item not there is not); on `db`, which must always be the same connection
    /// (the writer) and not inside a transaction of another connection's snapshot.
    func count(in feature: String, _ db: Database) throws -> (count: Int, stamp: Stamp, whole: [String: Bool]?) {
        let stamp = try stamp(db)
        if let entry = known.withLock({ $0[feature].flatMap { $0.stamp == stamp ? $0 : nil } }) {
            return (entry.count, stamp, entry.isWhole ? entry.answers : nil)
        }
        let count = try Self.count(of: feature, db)
        var fresh = Known(stamp: stamp, count: count)
        if count <= Self.fewEnoughToRead, count > 0 {
            let ids = try Self.ids(of: feature, db)
            while let id = try ids.next() { fresh.answers[id] = true }
        }
        fresh.isWhole = count <= Self.fewEnoughToRead
        queries.withLock { $0 += 1 }
        known.withLock { $0[feature] = fresh }
        return (count, stamp, fresh.isWhole ? fresh.answers : nil)
    }

    /// How many favourites `feature` has, or every feature when nil, from the counts the
    /// table's triggers keep (a count of a million rows reads every one of them).
    static func count(of feature: String?, _ db: Database) throws -> Int {
        guard let feature else {
            return try Int.fetchOne(db.cachedStatement(sql: "SELECT coalesce(sum(count), 0) FROM favourite_count")) ?? 0
        }
        return try Int.fetchOne(db.cachedStatement(sql: "SELECT count FROM favourite_count WHERE feature = ?"), arguments: [feature]) ?? 0
    }

    /// The item ids of `feature`'s favourites, as text whatever was stored.
    static func ids(of feature: String, _ db: Database) throws -> FastDatabaseValueCursor<String> {
        try String.fetchCursor(db.cachedStatement(sql: "SELECT CAST(itemID AS TEXT) FROM favourite WHERE feature = ?"), arguments: [feature])
    }

    /// Whether `itemID` of `feature` is a favourite, as known at `stamp` (from ``count(in:_:)``);
    /// nil when it is not known.
    func knownAnswer(_ itemID: String, in feature: String, at stamp: Stamp) -> Bool? {
        known.withLock { known -> Bool? in
            guard let entry = known[feature], entry.stamp == stamp else { return nil }
            return entry.answer(itemID)
        }
    }

    /// Whether `itemID` of `feature` is a favourite, asked of the table by its key, and known
    /// from then on while the database is still as it was at `stamp`; on `db`, as for
    /// ``count(in:_:)``.
    func ask(_ itemID: String, in feature: String, at stamp: Stamp, _ db: Database) throws -> Bool {
        let found = try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM favourite WHERE feature = ? AND itemID = ?"),
                                      arguments: [feature, itemID]) ?? false
        queries.withLock { $0 += 1 }
        known.withLock { known in
            // Kept only while nothing changed since the stamp: it is then the answer at it.
            guard known[feature]?.stamp == stamp else { return }
            known[feature]?.answers[itemID] = found
        }
        return found
    }

    /// Applies this connection's own `change`, made between stamps `before` and `after` in one
    /// transaction (no other connection could commit in between), to what was known at
    /// `before`: the feature changed takes the change, the others are still right as they are.
    /// What is known of an older database (or everything, with no change known) is forgotten.
    func applied(_ change: Change?, from before: Stamp, to after: Stamp) {
        known.withLock { known in
            for feature in Array(known.keys) {
                // Taken out while it changes, so that its dictionary is not copied.
                guard var entry = known.removeValue(forKey: feature), entry.stamp == before, let change else { continue }
                switch change {
                case .added(feature, let itemID):
                    entry.count += 1
                    entry.answers[itemID] = true
                case .removed(feature, let itemID):
                    entry.count -= 1
                    entry.answers[itemID] = false
                default:
                    break
                }
                entry.stamp = after
                known[feature] = entry
            }
        }
    }

    /// Notes the favourites of a list whose dates could not be read, to be reported once.
    func noteUnreadable(_ favourites: [Favourite]) {
        let found = favourites.compactMap { favourite in
            favourite.unreadableDate.map { "\(favourite.feature.prefix(40))/\(favourite.itemID.prefix(40)) (its date \(Self.quoted($0)) cannot be read)" }
        }
        guard !found.isEmpty else { return }
        unreadableFound.withLock { unreadable in unreadable += found.filter { !unreadable.contains($0) } }
    }

    /// `"10000-01-01 00:00:59.000"`: the stored text, cut to 40 characters.
    private static func quoted(_ text: String) -> String {
        "\"\(text.prefix(40))\""
    }

    /// The favourites lists found with a date that cannot be read, not reported yet, in one
    /// line; nil when there is nothing new to say.
    func unreportedProblem() -> String? {
        let new = unreadableFound.withLock { found in
            defer { found = [] }
            return found
        }
        let fresh = reported.withLock { reported in
            let fresh = new.filter { !reported.contains($0) }
            reported.formUnion(fresh)
            return fresh
        }
        guard !fresh.isEmpty else { return nil }
        let shown = fresh.prefix(3).joined(separator: ", ") + (fresh.count > 3 ? " and \(fresh.count - 3) more" : "")
        return fresh.count == 1
            ? "1 favourite has a date that cannot be read, and is listed without one: \(shown)"
            : "\(fresh.count) favourites have a date that cannot be read, and are listed without one: \(shown)"
    }
}
