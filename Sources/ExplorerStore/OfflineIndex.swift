import ExplorerClock
import Foundation
internal import GRDB

/// What a feature has fetched, kept in SQLite so it can be listed and searched with no network:
/// items (``IndexedItem``), the collections they were listed in (a category) with page and
/// position, and an FTS5 index over title, original title and text.
///
/// Searching matches every word as a prefix (`star wa` finds “Star Wars”), ignoring case and
/// accents (`amelie` finds “Amélie”): SQLite's `unicode61` tokenizer with diacritics removed.
///
/// Each feature has tables of its own, named after it (`moviedb_item`, …), made by the
/// migrations ``migrations(prefix:)`` that the feature lists in its descriptor. The same
/// migrations make an index in memory (``inMemory(prefix:)``), for data compiled into the binary.
public struct OfflineIndex: Sendable {
    public let database: AppDatabase
    /// The tables' prefix: the feature's id.
    public let prefix: String

    public init(database: AppDatabase, prefix: String) {
        precondition(prefix.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }, "a table name prefix")
        self.database = database
        self.prefix = prefix
    }

    /// An index that lives in memory and goes with this value.
    public static func inMemory(prefix: String) -> OfflineIndex {
        OfflineIndex(database: .inMemory(migrations: migrations(prefix: prefix)), prefix: prefix)
    }

    private var items: String { "\(prefix)_item" }
    private var members: String { "\(prefix)_member" }
    private var search: String { "\(prefix)_search" }
    private var counts: String { "\(prefix)_count" }

    // MARK: Writing

    /// Keeps `items` (replacing what was kept under their keys) and, with a collection, records
    /// them as page `page` of it, in order (replacing what that page held).
    public func store(_ entries: [IndexedItem], collection: String? = nil, page: Int = 1) throws {
        try storing(entries, collection: collection, page: page).run()
    }

    /// ``store(_:collection:page:)`` as rows to write in another store's transaction (the
    /// response cache's, with the body of the same page).
    public func storing(_ entries: [IndexedItem], collection: String? = nil, page: Int = 1) -> StoreWrite {
        StoreWrite(database: database) { [items, members] db in
            for entry in entries {
                try db.cachedStatement(sql: """
                    INSERT INTO \(items) (key, title, originalTitle, text, payload, fetchedAt) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (key) DO UPDATE SET title = excluded.title, originalTitle = excluded.originalTitle,
                        text = excluded.text, payload = excluded.payload, fetchedAt = excluded.fetchedAt
                    """).execute(arguments: [entry.key, entry.title, entry.originalTitle, entry.text, entry.payload, UTCTimestamp.database(entry.fetchedAt)])
            }
            guard let collection else { return }
            try db.cachedStatement(sql: "DELETE FROM \(members) WHERE collection = ? AND page = ?").execute(arguments: [collection, page])
            for (position, entry) in entries.enumerated() {
                try db.cachedStatement(sql: "INSERT INTO \(members) (collection, page, position, key) VALUES (?, ?, ?, ?)").execute(arguments: [collection, page, position, entry.key])
            }
        }
    }

    // MARK: Reading

    /// The item kept under `key`.
    public func item(_ key: String) throws -> IndexedItem? {
        try database.read { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM \(items) WHERE key = ?"), arguments: [key]).flatMap(Self.item)
        }
    }

    /// The pages of `collection` that are kept, in order.
    public func pages(of collection: String) throws -> [Int] {
        try database.read { db in
            try Int.fetchAll(db.cachedStatement(sql: "SELECT DISTINCT page FROM \(members) WHERE collection = ? ORDER BY page"), arguments: [collection])
        }
    }

    /// How many distinct items `collection` holds over every page kept: kept as pages are
    /// written (see ``migrations(prefix:)``), so it costs a lookup, not a count of them all.
    public func count(of collection: String) throws -> Int {
        try database.read { db in
            max(0, try Int.fetchOne(db.cachedStatement(sql: "SELECT count FROM \(counts) WHERE collection = ?"), arguments: [collection]) ?? 0)
        }
    }

    /// The items matching every word of `words` (title, original title or text starting a word
    /// with it). In `collection`: in the collection's order (page, then position), each once;
    /// without: the best matches first. No words: every item of the collection (or none).
    public func search(_ words: [String], in collection: String? = nil, limit: Int = 1_000) throws -> [IndexedItem] {
        try search(words, in: collection, limit: limit, walkingPast: Self.walkingPast)
    }

    /// Above this many items matching the words, a search in a collection walks the collection
    /// in order rather than placing every match.
    static let walkingPast = 4_000

    /// ``search(_:in:limit:)``, choosing how to search a collection by how many items match:
    /// up to `walkingPast`, each match is placed in the collection and the places sorted (no
    /// more work than the matches); past it, the collection is read in order, keeping what
    /// matches, until `limit` are found (a common word stops early: `the` over 100,000 titles
    /// takes 13 ms this way and 195 ms the other). Both give the same items.
    func search(_ words: [String], in collection: String?, limit: Int, walkingPast: Int) throws -> [IndexedItem] {
        let query = Self.matchExpression(words)
        return try database.read { db in
            switch (collection, query) {
            case (let collection?, nil):
                return try Row.fetchAll(db.cachedStatement(sql: """
                    SELECT i.* FROM \(items) i JOIN (
                        SELECT key, MIN(page * 100000 + position) AS place FROM \(members) WHERE collection = ? GROUP BY key
                    ) m ON m.key = i.key ORDER BY m.place LIMIT ?
                    """), arguments: [collection, limit]).compactMap(Self.item)
            case (let collection?, let query?):
                // Counted only as far as it decides (`the` matches 58,000 of 100,000 titles).
                let matching = try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM (SELECT 1 FROM \(search) WHERE \(search) MATCH ? LIMIT ?)"),
                                                arguments: [query, min(walkingPast, Int.max - 1) + 1]) ?? 0
                // Either way read until `limit` readable items are found (a row that cannot be
                // read is passed over), an item listed twice kept at its first place.
                let rows = matching <= walkingPast
                    // The matches first (few), then where each is in the collection (by index).
                    ? try Row.fetchCursor(db.cachedStatement(sql: """
                        SELECT i.*, MIN(m.page * 100000 + m.position) AS place
                        FROM \(search) s JOIN \(items) i ON i.rowid = s.rowid
                        JOIN \(members) m ON m.collection = ? AND m.key = i.key
                        WHERE \(search) MATCH ?
                        GROUP BY i.key ORDER BY place
                        """), arguments: [collection, query])
                    // Many matches: the collection in order.
                    : try Row.fetchCursor(db.cachedStatement(sql: """
                        SELECT i.* FROM \(members) m JOIN \(items) i ON i.key = m.key
                        WHERE m.collection = ? AND i.rowid IN (SELECT rowid FROM \(search) WHERE \(search) MATCH ?)
                        ORDER BY m.page, m.position
                        """), arguments: [collection, query])
                var found: [IndexedItem] = []
                var seen: Set<String> = []
                while found.count < limit, let row = try rows.next() {
                    guard let item = Self.item(row), seen.insert(item.key).inserted else { continue }
                    found.append(item)
                }
                return found
            case (nil, let query?):
                return try Row.fetchAll(db.cachedStatement(sql: """
                    SELECT i.* FROM \(search) s JOIN \(items) i ON i.rowid = s.rowid
                    WHERE \(search) MATCH ? ORDER BY s.rank, i.title LIMIT ?
                    """), arguments: [query, limit]).compactMap(Self.item)
            case (nil, nil):
                return []
            }
        }
    }

    /// Whether `words` hold anything to search for (a letter or a digit).
    public static func hasSearchableWord(_ words: [String]) -> Bool {
        matchExpression(words) != nil
    }

    /// `"star"* AND "wa"*`: each word a prefix, quoted so nothing in it is FTS5 syntax; nil
    /// when no word holds a letter or a digit.
    static func matchExpression(_ words: [String]) -> String? {
        let tokens = words
            .flatMap { $0.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) }
            .map { "\"\($0.replacingOccurrences(of: "\"", with: ""))\"*" }
        return tokens.isEmpty ? nil : tokens.joined(separator: " AND ")
    }

    /// The item in `row`, or nil when a value in it cannot be read (a date GRDB cannot parse,
    /// a blob where text should be): that item is left out of what is found, where GRDB's
    /// subscripts would trap.
    private static func item(_ row: Row) -> IndexedItem? {
        try? IndexedItem(key: row.decode(forColumn: "key"), title: row.decode(forColumn: "title"),
                         originalTitle: row.decode(forColumn: "originalTitle"), text: row.decode(forColumn: "text"),
                         payload: row.decode(forColumn: "payload"), fetchedAt: row.decode(forColumn: "fetchedAt"))
    }

    // MARK: Tables

    /// The migrations that make a feature's index tables, in order: `<prefix> v1: offline
    /// index`, then `<prefix> v2: collection counts`.
    public static func migrations(prefix: String) -> [StoreMigration] {
        [tables(prefix: prefix), counts(prefix: prefix)]
    }

    /// The items, the collections' pages and the search index.
    static func tables(prefix: String) -> StoreMigration {
        StoreMigration("\(prefix) v1: offline index") { db in
            let items = "\(prefix)_item", members = "\(prefix)_member", search = "\(prefix)_search"
            try db.execute(sql: """
                CREATE TABLE \(items) (
                    key TEXT PRIMARY KEY NOT NULL, title TEXT NOT NULL, originalTitle TEXT NOT NULL,
                    text TEXT NOT NULL, payload BLOB NOT NULL, fetchedAt DATETIME NOT NULL);
                CREATE TABLE \(members) (
                    collection TEXT NOT NULL, page INTEGER NOT NULL, position INTEGER NOT NULL, key TEXT NOT NULL,
                    PRIMARY KEY (collection, page, position));
                CREATE INDEX \(members)_by_key ON \(members) (collection, key);
                CREATE VIRTUAL TABLE \(search) USING fts5(
                    title, originalTitle, text, content='\(items)', content_rowid='rowid',
                    tokenize = 'unicode61 remove_diacritics 2');
                CREATE TRIGGER \(items)_ai AFTER INSERT ON \(items) BEGIN
                    INSERT INTO \(search) (rowid, title, originalTitle, text) VALUES (new.rowid, new.title, new.originalTitle, new.text);
                END;
                CREATE TRIGGER \(items)_ad AFTER DELETE ON \(items) BEGIN
                    INSERT INTO \(search) (\(search), rowid, title, originalTitle, text)
                        VALUES ('delete', old.rowid, old.title, old.originalTitle, old.text);
                END;
                CREATE TRIGGER \(items)_au AFTER UPDATE ON \(items) BEGIN
                    INSERT INTO \(search) (\(search), rowid, title, originalTitle, text)
                        VALUES ('delete', old.rowid, old.title, old.originalTitle, old.text);
                    INSERT INTO \(search) (rowid, title, originalTitle, text) VALUES (new.rowid, new.title, new.originalTitle, new.text);
                END;
                """)
        }
    }

    /// How many distinct items each collection holds, counted once and then kept by triggers
    /// as pages are written (by explorer or any other program): a heading that says how many
    /// titles are kept would otherwise count 100,000 of them. (Another program's `INSERT OR
    /// REPLACE` over a row fires no delete trigger unless its `recursive_triggers` is on; explorer
    /// deletes a page's rows before it writes them again.)
    static func counts(prefix: String) -> StoreMigration {
        StoreMigration("\(prefix) v2: collection counts") { db in
            let members = "\(prefix)_member", counts = "\(prefix)_count"
            try db.execute(sql: """
                CREATE TABLE \(counts) (collection TEXT PRIMARY KEY NOT NULL, count INTEGER NOT NULL);
                INSERT INTO \(counts) (collection, count) SELECT collection, COUNT(DISTINCT key) FROM \(members) GROUP BY collection;
                CREATE TRIGGER \(members)_ai AFTER INSERT ON \(members)
                WHEN NOT EXISTS (SELECT 1 FROM \(members) WHERE collection = new.collection AND key = new.key AND rowid != new.rowid)
                BEGIN
                    INSERT OR IGNORE INTO \(counts) (collection, count) VALUES (new.collection, 0);
                    UPDATE \(counts) SET count = count + 1 WHERE collection = new.collection;
                END;
                CREATE TRIGGER \(members)_ad AFTER DELETE ON \(members)
                WHEN NOT EXISTS (SELECT 1 FROM \(members) WHERE collection = old.collection AND key = old.key)
                BEGIN
                    UPDATE \(counts) SET count = count - 1 WHERE collection = old.collection;
                END;
                CREATE TRIGGER \(members)_au AFTER UPDATE OF collection, key ON \(members)
                WHEN old.collection IS NOT new.collection OR old.key IS NOT new.key
                BEGIN
                    UPDATE \(counts) SET count = count - 1 WHERE collection = old.collection
                        AND NOT EXISTS (SELECT 1 FROM \(members) WHERE collection = old.collection AND key = old.key);
                    INSERT OR IGNORE INTO \(counts) (collection, count) VALUES (new.collection, 0);
                    UPDATE \(counts) SET count = count + 1 WHERE collection = new.collection
                        AND NOT EXISTS (SELECT 1 FROM \(members) WHERE collection = new.collection AND key = new.key AND rowid != new.rowid);
                END;
                """)
        }
    }
}
