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
        OfflineIndex(database: .inMemory(migrations: migrations(prefix: prefix, prefixIndexes: false)), prefix: prefix)
    }

    private var items: String { "\(prefix)_item" }
    private var members: String { "\(prefix)_member" }
    private var search: String { "\(prefix)_search" }
    private var counts: String { "\(prefix)_count" }
    private var listed: String { "\(prefix)_listed" }

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
            var reader = IndexedItemReader()
            return try Row.fetchOne(db.cachedStatement(sql: "SELECT \(Self.columns) FROM \(items) WHERE key = ?"), arguments: [key])
                .flatMap { reader.item($0) }
        }
    }

    /// The items `matches` found, in their order, read by their rows: nil for one no longer
    /// kept, or whose row cannot be read.
    public func items(_ matches: some Collection<IndexedMatch>) throws -> [IndexedItem?] {
        try database.read { db in
            var reader = IndexedItemReader()
            let statement = try db.cachedStatement(sql: "SELECT \(Self.columns) FROM \(items) WHERE rowid = ?")
            // Each row read where the statement holds it, as a search reads its rows (a row
            // copied out reads a key or a title stored as bytes that are not UTF-8 as nil); the
            // row is the cursor's only while the cursor lives.
            return try matches.map { match in
                let rows = try Row.fetchCursor(statement, arguments: [match.rowid])
                return try withExtendedLifetime(rows) { try rows.next().flatMap { reader.item($0) } }
            }
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
    ///
    /// A search in a collection reads its ``matches(_:in:limit:)`` (the collection's listing
    /// index read in the collection's order, stopping at `limit`): it costs what it finds,
    /// however many items are kept or match. An item that cannot be read is passed over, and
    /// reading goes on until `limit` are found.
    public func search(_ words: [String], in collection: String? = nil, limit: Int = 1_000) throws -> [IndexedItem] {
        let query = Self.matchExpression(words)
        if let collection, query != nil {
            return try items(matches(words, in: collection, limit: limit)).compactMap { $0 }
        }
        var reader = IndexedItemReader()
        return try database.read { db in
            switch (collection, query) {
            case (let collection?, _):
                return try Row.fetchAll(db.cachedStatement(sql: """
                    SELECT \(Self.columns(of: "i")) FROM \(items) i JOIN (
                        SELECT key, MIN(page * 100000 + position) AS place FROM \(members) WHERE collection = ? GROUP BY key
                    ) m ON m.key = i.key ORDER BY m.place LIMIT ?
                    """), arguments: [collection, limit]).compactMap { reader.item($0) }
            case (nil, let query?):
                return try Row.fetchAll(db.cachedStatement(sql: """
                    SELECT \(Self.columns(of: "i")) FROM \(search) s JOIN \(items) i ON i.rowid = s.rowid
                    WHERE \(search) MATCH ? ORDER BY s.rank, i.title LIMIT ?
                    """), arguments: [query, limit]).compactMap { reader.item($0) }
            case (nil, nil):
                return []
            }
        }
    }

    /// The items of `collection` matching every word of `words`, in the collection's order,
    /// each once (at its first place), at most `limit`, passing over one whose date cannot be
    /// read: with nothing of each read but its key, its row and its date, for a list that reads
    /// the items it shows (``items(_:)``; ``search(_:in:limit:)`` reads them all). No
    /// searchable word: none.
    public func matches(_ words: [String], in collection: String, limit: Int = 1_000) throws -> [IndexedMatch] {
        guard let query = Self.matchExpression(words) else { return [] }
        var reader = IndexedItemReader()
        return try database.read { db in
            let rows = try listedMatches(db, columns: "i.key, i.rowid, i.fetchedAt", collection: collection, query: query)
            var found: [IndexedMatch] = []
            var seen: Set<Int64> = []
            seen.reserveCapacity(min(limit, 4_096))
            while found.count < limit, let row = try rows.next() {
                let rowid: Int64 = row[1]
                guard seen.insert(rowid).inserted, let key = try? row.decode(String.self, atIndex: 0), reader.hasDate(row, at: 2) else { continue }
                found.append(IndexedMatch(key: key, rowid: rowid))
            }
            return found
        }
    }

    /// The rows of `columns` of the items of `collection` matching `query` (an FTS5 match
    /// expression), read from the collection's listing index in the collection's order (an
    /// item listed twice comes twice).
    private func listedMatches(_ db: Database, columns: String, collection: String, query: String) throws -> RowCursor {
        try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT \(columns) FROM \(listed) l
            JOIN \(members) m ON m.collection = :collection
                AND m.page = (l.rowid >> 20) & 1048575 AND m.position = l.rowid & 1048575
            JOIN \(items) i ON i.key = m.key
            WHERE \(listed) MATCH :query
                AND l.rowid BETWEEN (SELECT rowid FROM \(counts) WHERE collection = :collection) << 40
                    AND ((SELECT rowid FROM \(counts) WHERE collection = :collection) << 40) + 1099511627775
            ORDER BY l.rowid
            """), arguments: ["collection": collection, "query": query])
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

    /// The columns of an item, in the order ``IndexedItemReader`` reads them.
    private static let columns = "key, title, originalTitle, text, payload, fetchedAt"

    /// ``columns`` of the items table named `table` in a query.
    private static func columns(of table: String) -> String {
        columns.split(separator: ", ").map { "\(table).\($0)" }.joined(separator: ", ")
    }

    // MARK: Tables

    /// The migrations that make a feature's index tables, in order: `<prefix> v1: offline
    /// index`, `<prefix> v2: collection counts`, then `<prefix> v3: collection listings`
    /// (without `prefixIndexes`, its listing index has no prefix indexes: see
    /// ``listing(prefix:prefixIndexes:)``).
    public static func migrations(prefix: String, prefixIndexes: Bool = true) -> [StoreMigration] {
        [tables(prefix: prefix), counts(prefix: prefix), listing(prefix: prefix, prefixIndexes: prefixIndexes)]
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

    /// A second search index, of the collections' entries rather than of the items: one row
    /// for each place an item holds in a collection, its rowid the place itself —
    /// `collection << 40 + page << 20 + position`, the collection's number being its row in
    /// `<prefix>_count` — so that a search in a collection reads its matches in the
    /// collection's order and stops at the last one it shows. Prefix indexes of one to four
    /// characters let a short word (`the`, `a`) be read as one list rather than every word it
    /// begins merged first; an index in memory (``inMemory(prefix:)``: the embedded data's few
    /// hundred titles) is made without them, for it is made at every run and they would be
    /// most of its making. Contentless (`content=''`): it gives rowids, never text.
    ///
    /// Triggers keep it as pages and items are written (by explorer or another program; an
    /// `INSERT OR REPLACE` over a row needs `recursive_triggers` on, as for the counts), and
    /// the migration indexes what an older file holds, once. A place outside the encoding (a
    /// page or position above 1,048,575, written by another program) is left out of it.
    static func listing(prefix: String, prefixIndexes: Bool = true) -> StoreMigration {
        StoreMigration("\(prefix) v3: collection listings") { db in
            let items = "\(prefix)_item", members = "\(prefix)_member", counts = "\(prefix)_count", listed = "\(prefix)_listed"
            // The place of member `m` (its collection's number `c`), and whether it has one.
            func place(_ m: String, _ c: String) -> String { "(\(c).rowid << 40) + (\(m).page << 20) + \(m).position" }
            func placed(_ m: String) -> String { "\(m).page BETWEEN 0 AND 1048575 AND \(m).position BETWEEN 0 AND 1048575" }
            // Adds (or, with `'delete', `, removes) the entries of the members `m` in `from`.
            func entries(_ from: String, _ m: String, values item: String, deleting: Bool = false) -> String {
                """
                INSERT INTO \(listed) (\(deleting ? "\(listed), " : "")rowid, title, originalTitle, text)
                    SELECT \(deleting ? "'delete', " : "")\(place(m, "c")), \(item).title, \(item).originalTitle, \(item).text
                    FROM \(from) WHERE \(placed(m));
                """
            }
            let ofMember = { (m: String) in "\(items) i JOIN \(counts) c ON c.collection = \(m).collection AND i.key = \(m).key" }
            let ofItem = { (i: String) in "\(counts) c JOIN \(members) m ON m.collection = c.collection AND m.key = \(i).key" }
            try db.execute(sql: """
                CREATE VIRTUAL TABLE \(listed) USING fts5(
                    title, originalTitle, text, content='', columnsize=0,
                    tokenize = 'unicode61 remove_diacritics 2'\(prefixIndexes ? ", prefix = '1 2 3 4'" : ""));
                \(entries("\(members) m JOIN \(ofMember("m"))", "m", values: "i"))
                CREATE TRIGGER \(members)_listed_ai AFTER INSERT ON \(members) BEGIN
                    INSERT OR IGNORE INTO \(counts) (collection, count) VALUES (new.collection, 0);
                    \(entries(ofMember("new"), "new", values: "i"))
                END;
                CREATE TRIGGER \(members)_listed_ad AFTER DELETE ON \(members) BEGIN
                    \(entries(ofMember("old"), "old", values: "i", deleting: true))
                END;
                CREATE TRIGGER \(members)_listed_au AFTER UPDATE OF collection, page, position, key ON \(members) BEGIN
                    \(entries(ofMember("old"), "old", values: "i", deleting: true))
                    INSERT OR IGNORE INTO \(counts) (collection, count) VALUES (new.collection, 0);
                    \(entries(ofMember("new"), "new", values: "i"))
                END;
                CREATE TRIGGER \(items)_listed_ai AFTER INSERT ON \(items) BEGIN
                    \(entries(ofItem("new"), "m", values: "new"))
                END;
                CREATE TRIGGER \(items)_listed_ad AFTER DELETE ON \(items) BEGIN
                    \(entries(ofItem("old"), "m", values: "old", deleting: true))
                END;
                CREATE TRIGGER \(items)_listed_au AFTER UPDATE OF key, title, originalTitle, text ON \(items)
                WHEN old.key IS NOT new.key OR old.title IS NOT new.title OR old.originalTitle IS NOT new.originalTitle OR old.text IS NOT new.text
                BEGIN
                    \(entries(ofItem("old"), "m", values: "old", deleting: true))
                    \(entries(ofItem("new"), "m", values: "new"))
                END;
                """)
        }
    }
}
