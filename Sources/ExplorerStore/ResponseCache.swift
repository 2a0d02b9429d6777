import ExplorerClock
import ExplorerText
import Foundation
internal import GRDB

/// The last answer of each live request a feature made, kept in the database with the time it
/// was fetched, so that the feature can still answer when the network is unavailable (see
/// ``CachingHTTPClient``). Keyed by the request without its secrets
/// (``HTTPRequest/cacheKey``): an API key is never stored.
///
/// A feature holds at most ``limit`` answers; the oldest go first.
public struct ResponseCache: Sendable {
    public let database: AppDatabase
    public let feature: String
    public let clock: any AppClock
    public let limit: Int

    public init(database: AppDatabase, feature: String, clock: any AppClock, limit: Int = 10_000) {
        self.database = database
        self.feature = feature
        self.clock = clock
        self.limit = limit
    }

    /// One cached answer.
    public struct Entry: Sendable, Equatable {
        public var body: Data
        public var fetchedAt: Date
    }

    /// Keeps `body` as the answer to `endpoint`, fetched now, and `alongside` (what another
    /// store keeps of the same answer: a page's titles in the offline index) in the same
    /// transaction: one write, so neither is ever kept without the other. `alongside` must be
    /// for this database.
    public func store(_ body: Data, for endpoint: String, alongside: StoreWrite? = nil) throws {
        precondition(alongside.map { $0.database === database } ?? true, "rows for another database cannot share a transaction")
        let now = clock.now
        try database.write { db in
            try db.cachedStatement(sql: """
                INSERT INTO response_cache (feature, endpoint, body, fetchedAt) VALUES (?, ?, ?, ?)
                ON CONFLICT (feature, endpoint) DO UPDATE SET body = excluded.body, fetchedAt = excluded.fetchedAt
                """).execute(arguments: [feature, endpoint, body, UTCTimestamp.database(now)])
            let count = try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM response_cache WHERE feature = ?"), arguments: [feature]) ?? 0
            if count > limit {
                // Never the answer just kept, even when the clock stands still (`--clock`).
                try db.cachedStatement(sql: """
                    DELETE FROM response_cache WHERE rowid IN (
                        SELECT rowid FROM response_cache WHERE feature = ? AND endpoint != ?
                        ORDER BY fetchedAt, rowid LIMIT ?)
                    """).execute(arguments: [feature, endpoint, count - limit])
            }
            try alongside?.apply(db)
        }
    }

    /// The answer kept for `endpoint`, if any.
    public func entry(for endpoint: String) throws -> Entry? {
        try database.read { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT body, fetchedAt FROM response_cache WHERE feature = ? AND endpoint = ?"),
                             arguments: [feature, endpoint])
                // Decoded with checks: a value that cannot be read throws (no answer is used),
                // where the subscripts would trap.
                .map { Entry(body: try $0.decode(forColumn: "body"), fetchedAt: try $0.decode(forColumn: "fetchedAt")) }
        }
    }

    /// The table, created with the favourites' (core, for every feature that caches).
    static let migration = StoreMigration("v2: response cache") { db in
        try db.create(table: "response_cache") { table in
            table.column("feature", .text).notNull()
            table.column("endpoint", .text).notNull()
            table.column("body", .blob).notNull()
            table.column("fetchedAt", .datetime).notNull()
            table.primaryKey(["feature", "endpoint"])
        }
    }
}
