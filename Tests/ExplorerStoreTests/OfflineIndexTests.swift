import Foundation
import GRDB
import Testing
import TestSupport
@testable import ExplorerCore
@testable import ExplorerStore

/// The FTS5 index a feature keeps of what it fetched: prefix search of every word, ignoring case
/// and accents, and collections listed in page and position order.
@Suite("OfflineIndex")
struct OfflineIndexTests {
    private static let fetched = Date(timeIntervalSince1970: 1_700_000_000)

    private static func item(_ key: String, _ title: String, original: String = "", text: String = "",
                             payload: String = "{}", at date: Date = fetched) -> IndexedItem {
        IndexedItem(key: key, title: title, originalTitle: original, text: text, payload: Data(payload.utf8), fetchedAt: date)
    }

    private static let starWars = item("movie/11", "Star Wars", text: "A long time ago in a galaxy far, far away")
    private static let amelie = item("movie/194", "Amélie", original: "Le Fabuleux Destin d'Amélie Poulain",
                                     text: "A shy waitress decides to change the lives of those around her")
    private static let troopers = item("movie/563", "Starship Troopers", text: "Humans fight bugs")
    private static let roses = item("movie/900", "The Wars of the Roses", text: "A divorce that goes too far")

    /// An index holding the four movies, not in any collection.
    private func movies() throws -> OfflineIndex {
        let index = OfflineIndex.inMemory(prefix: "films")
        try index.store([Self.starWars, Self.amelie, Self.troopers, Self.roses])
        return index
    }

    private func keys(_ items: [IndexedItem]) -> [String] {
        items.map(\.key)
    }

    // MARK: Matching

    @Test func everyWordMustMatchAsAPrefix() throws {
        let index = try movies()
        #expect(keys(try index.search(["star", "wa"])) == ["movie/11"])
        #expect(keys(try index.search(["starship"])) == ["movie/563"])
        #expect(keys(try index.search(["star", "bugs"])) == ["movie/563"])
        #expect(keys(try index.search(["star", "roses"])) == [])
    }

    @Test func aPrefixMatchesOnlyTheStartOfAWord() throws {
        let index = try movies()
        #expect(keys(try index.search(["ars"])) == [], "not the middle of “Wars”")
        #expect(keys(try index.search(["ship"])) == [], "not the middle of “Starship”")
        #expect(keys(try index.search(["troop"])) == ["movie/563"])
    }

    @Test func theOriginalTitleAndTheTextAreSearchedToo() throws {
        let index = try movies()
        #expect(keys(try index.search(["poulain"])) == ["movie/194"])
        #expect(keys(try index.search(["galaxy"])) == ["movie/11"])
        #expect(keys(try index.search(["waitress", "amelie"])) == ["movie/194"], "words from two columns of one item")
    }

    @Test(arguments: ["amelie", "AMELIE", "Amélie", "AMÉLIE", "amél", "fabuleux", "FABULEUX destin"])
    func caseAndAccentsAreIgnored(term: String) throws {
        let words = term.split(separator: " ").map(String.init)
        #expect(keys(try movies().search(words)) == ["movie/194"])
    }

    @Test func anAccentInTheSearchMatchesTheWordWithout() throws {
        let index = OfflineIndex.inMemory(prefix: "films")
        try index.store([Self.item("movie/1", "Cafe Society")])
        #expect(keys(try index.search(["café"])) == ["movie/1"])
    }

    @Test func punctuationInsideAWordSplitsIt() throws {
        let index = try movies()
        #expect(keys(try index.search(["d'amélie"])) == ["movie/194"])
        #expect(Set(keys(try index.search(["far,far"]))) == ["movie/11", "movie/900"])
        #expect(keys(try index.search(["far,away"])) == ["movie/11"])
    }

    // MARK: Match expression

    @Test func theMatchExpressionQuotesEachWordAsAPrefix() {
        #expect(OfflineIndex.matchExpression(["star", "wa"]) == #""star"* AND "wa"*"#)
        #expect(OfflineIndex.matchExpression(["Amélie"]) == #""Amélie"*"#)
        #expect(OfflineIndex.matchExpression(["it's", "c-3po"]) == #""it"* AND "s"* AND "c"* AND "3po"*"#)
        #expect(OfflineIndex.matchExpression([#""quoted""#]) == #""quoted"*"#)
    }

    @Test(arguments: [[], [""], ["!!"], ["--", "..."], ["\"", "*", "(", ")", "^", ":"], ["🚀"], [" "]] as [[String]])
    func wordsWithoutALetterOrADigitAreNotSearchable(words: [String]) throws {
        #expect(OfflineIndex.matchExpression(words) == nil)
        #expect(OfflineIndex.hasSearchableWord(words) == false)
        #expect(try movies().search(words) == [], "nothing to search for, no collection: nothing")
    }

    @Test func aWordWithALetterOrADigitIsSearchable() {
        #expect(OfflineIndex.hasSearchableWord(["!!", "a"]))
        #expect(OfflineIndex.hasSearchableWord(["1977"]))
        #expect(OfflineIndex.hasSearchableWord(["é"]))
    }

    @Test(arguments: [
        #"""#, #""star"#, #"star""#, "*", "star*", "*star", "AND", "OR", "NOT", "NEAR", "-star", "star-", "^star",
        "title:star", "(star", "star)", "{title}", "NEAR(star wars)", "+", "\\", "'", "%", "_",
    ])
    func ftsSyntaxInAWordIsReadAsTextAndNeverThrows(word: String) throws {
        let index = try movies()
        let found = try index.search([word])
        // Only “star” finds anything here (Star Wars and Starship Troopers); no item has a word
        // starting with “and”, “or”, “not”, “near” or “title”.
        let expected: [String] = switch word {
        case "\"star", "star\"", "star*", "*star", "-star", "star-", "^star", "(star", "star)": ["movie/11", "movie/563"]
        default: []
        }
        #expect(Set(keys(found)) == Set(expected))
        #expect(found.count == expected.count)
    }

    @Test func operatorWordsMatchAsText() throws {
        let index = OfflineIndex.inMemory(prefix: "films")
        try index.store([Self.item("movie/1", "And Then There Were None"), Self.item("movie/2", "Not Another Teen Movie"),
                         Self.item("movie/3", "Near Dark"), Self.item("movie/4", "Or Else")])
        #expect(keys(try index.search(["and"])) == ["movie/1"])
        #expect(keys(try index.search(["AND"])) == ["movie/1"])
        #expect(keys(try index.search(["NOT"])) == ["movie/2"])
        #expect(keys(try index.search(["NEAR"])) == ["movie/3"])
        #expect(keys(try index.search(["OR"])) == ["movie/4"])
        #expect(keys(try index.search(["not", "another"])) == ["movie/2"])
    }

    // MARK: Collections

    @Test func aCollectionListsItsItemsByPageThenPosition() throws {
        let index = OfflineIndex.inMemory(prefix: "films")
        try index.store([Self.roses, Self.troopers], collection: "popular", page: 2)
        try index.store([Self.starWars, Self.amelie], collection: "popular", page: 1)
        try index.store([Self.amelie], collection: "popular", page: 10)

        #expect(keys(try index.search([], in: "popular")) == ["movie/11", "movie/194", "movie/900", "movie/563"])
        #expect(try index.pages(of: "popular") == [1, 2, 10])
        #expect(try index.count(of: "popular") == 4)
    }

    @Test func anItemInTwoPagesIsListedOnceAtItsFirstPlace() throws {
        let index = OfflineIndex.inMemory(prefix: "films")
        try index.store([Self.starWars, Self.amelie], collection: "popular", page: 1)
        // The list moved while it was paged: Star Wars is on page 2 as well.
        try index.store([Self.starWars, Self.troopers], collection: "popular", page: 2)

        #expect(keys(try index.search([], in: "popular")) == ["movie/11", "movie/194", "movie/563"])
        #expect(keys(try index.search(["star"], in: "popular")) == ["movie/11", "movie/563"])
        #expect(try index.count(of: "popular") == 3)
        #expect(try index.pages(of: "popular") == [1, 2])
    }

    /// The kept count is what counting the collection's distinct items gives, after every kind
    /// of write: pages stored, replaced and emptied, items on several pages and in several
    /// collections (a seeded walk of 400 writes).
    @Test func theKeptCountIsTheDistinctItemsAfterEveryWrite() throws {
        let index = OfflineIndex.inMemory(prefix: "films")
        var random = SplitMix64(seed: 21)
        let pool = (0..<30).map { Self.item("movie/\($0)", "Title \($0)") }
        for _ in 0..<400 {
            let collection = ["popular", "top_rated"][Int(random.next() % 2)]
            let page = Int(random.next() % 6) + 1
            let entries = (0..<Int(random.next() % 5)).map { _ in pool[Int(random.next() % UInt64(pool.count))] }
            try index.store(entries, collection: collection, page: page)
            for name in ["popular", "top_rated"] {
                let counted = try index.database.read { db in
                    try Int.fetchOne(db, sql: "SELECT COUNT(DISTINCT key) FROM films_member WHERE collection = ?", arguments: [name])
                }
                #expect(try index.count(of: name) == counted)
            }
        }
    }

    /// Rows another program writes (sqlite3, the bench's Python) are counted too, and a file
    /// made before the count was kept has its collections counted when it is next opened.
    @Test func theCountFollowsOtherProgramsAndOlderFiles() throws {
        let directory = TemporaryDirectory("counts")
        defer { directory.remove() }
        do {
            let older = OfflineIndex(database: AppDatabase(directory: directory.url, migrations: [OfflineIndex.tables(prefix: "films")]),
                                     prefix: "films")
            try older.store([Self.starWars, Self.amelie], collection: "popular", page: 1)
            try older.store([Self.amelie, Self.troopers], collection: "popular", page: 2)
        }
        let index = OfflineIndex(database: AppDatabase(directory: directory.url, migrations: OfflineIndex.migrations(prefix: "films")),
                                 prefix: "films")
        #expect(try index.count(of: "popular") == 3)
        try index.database.write { db in
            try db.execute(sql: "INSERT INTO films_member (collection, page, position, key) VALUES ('popular', 3, 0, 'movie/900')")
            try db.execute(sql: "INSERT INTO films_member (collection, page, position, key) VALUES ('popular', 3, 1, 'movie/11')")
            try db.execute(sql: "UPDATE films_member SET collection = 'upcoming' WHERE page = 1")
            try db.execute(sql: "UPDATE films_member SET collection = collection, key = key")
        }
        #expect(try index.count(of: "popular") == 4, "roses new; star wars back on page 3; amélie still on page 2")
        #expect(try index.count(of: "upcoming") == 2)
        try index.database.write { db in try db.execute(sql: "DELETE FROM films_member WHERE collection = 'popular'") }
        #expect(try index.count(of: "popular") == 0)
    }

    @Test func searchingInACollectionKeepsItsOrderAndLeavesOthersOut() throws {
        let index = OfflineIndex.inMemory(prefix: "films")
        try index.store([Self.troopers, Self.roses, Self.starWars], collection: "top_rated")
        try index.store([Self.amelie], collection: "upcoming")

        #expect(keys(try index.search(["star"], in: "top_rated")) == ["movie/563", "movie/11"])
        #expect(keys(try index.search(["wars"], in: "top_rated")) == ["movie/900", "movie/11"])
        #expect(keys(try index.search(["amelie"], in: "top_rated")) == [])
        #expect(keys(try index.search(["amelie"], in: "upcoming")) == ["movie/194"])
        #expect(keys(try index.search(["star"], in: "now_playing")) == [])
    }

    @Test func replacingAPageReplacesWhatItHolds() throws {
        let index = OfflineIndex.inMemory(prefix: "films")
        try index.store([Self.starWars, Self.amelie, Self.troopers], collection: "popular", page: 1)
        try index.store([Self.roses], collection: "popular", page: 2)
        try index.store([Self.roses, Self.amelie], collection: "popular", page: 1)

        #expect(keys(try index.search([], in: "popular")) == ["movie/900", "movie/194"])
        #expect(try index.count(of: "popular") == 2)
        #expect(keys(try index.search(["star"], in: "popular")) == [])
        // The items themselves are still kept, and found outside the collection.
        #expect(try index.item("movie/11") == Self.starWars)
        #expect(keys(try index.search(["starship"])) == ["movie/563"])
    }

    @Test func storingAnEmptyPageEmptiesIt() throws {
        let index = OfflineIndex.inMemory(prefix: "films")
        try index.store([Self.starWars], collection: "popular", page: 1)
        try index.store([Self.amelie], collection: "popular", page: 2)
        try index.store([], collection: "popular", page: 1)

        #expect(try index.pages(of: "popular") == [2])
        #expect(keys(try index.search([], in: "popular")) == ["movie/194"])
    }

    @Test func collectionsAreKeptApart() throws {
        let index = OfflineIndex.inMemory(prefix: "films")
        try index.store([Self.starWars, Self.amelie], collection: "popular", page: 1)
        try index.store([Self.amelie], collection: "top_rated", page: 3)

        #expect(try index.count(of: "popular") == 2)
        #expect(try index.count(of: "top_rated") == 1)
        #expect(try index.pages(of: "top_rated") == [3])
        #expect(try index.count(of: "upcoming") == 0)
        #expect(try index.pages(of: "upcoming") == [])
        #expect(try index.search([], in: "upcoming") == [])
    }

    @Test func theLimitCutsTheList() throws {
        let index = OfflineIndex.inMemory(prefix: "films")
        try index.store([Self.starWars, Self.amelie, Self.troopers, Self.roses], collection: "popular")
        #expect(keys(try index.search([], in: "popular", limit: 2)) == ["movie/11", "movie/194"])
        #expect(keys(try index.search(["star"], in: "popular", limit: 1)) == ["movie/11"])
        #expect(try index.search(["star"], limit: 1).count == 1)
    }

    /// What a search in a collection finds: the items of the collection matching every word
    /// (as the items' own index matches them), each once at its first place, in page and
    /// position order: asked of the index's tables, not of its listing index.
    private func matchesByPlace(_ words: [String], in collection: String, of index: OfflineIndex) throws -> [String] {
        guard let query = OfflineIndex.matchExpression(words) else { return [] }
        return try index.database.read { db in
            try String.fetchAll(db, sql: """
                SELECT i.key FROM films_member m JOIN films_item i ON i.key = m.key
                WHERE m.collection = ? AND i.rowid IN (SELECT rowid FROM films_search WHERE films_search MATCH ?)
                GROUP BY i.key ORDER BY MIN(m.page * 100000 + m.position)
                """, arguments: [collection, query])
        }
    }

    private static let searchedWords: [[String]] = [["title"], ["t"], ["ti"], ["tit"], ["titl"], ["renamed"], ["1"], ["2"], ["title", "1"], ["x"]]

    /// After every kind of write — pages stored, replaced and emptied, items on several pages
    /// and in several collections, items renamed — a search in a collection finds what
    /// matching its items and ordering them by place finds, cut at the limit (a seeded walk of
    /// 300 writes).
    @Test func aSearchInACollectionFindsItsMatchesInOrderAfterEveryWrite() throws {
        let index = OfflineIndex.inMemory(prefix: "films")
        var random = SplitMix64(seed: 44)
        for step in 0..<300 {
            let collection = ["popular", "top_rated"][Int(random.next() % 2)]
            if random.next() % 4 == 0 {
                let n = Int(random.next() % 30)
                try index.store([Self.item("movie/\(n)", "Renamed \(n) at \(step)", text: step % 2 == 0 ? "a title" : "")])
            } else {
                let page = Int(random.next() % 6) + 1
                let entries = (0..<Int(random.next() % 5)).map { _ in
                    let n = Int(random.next() % 30)
                    return Self.item("movie/\(n)", "Title \(n)", text: "x\(n % 3)")
                }
                try index.store(entries, collection: collection, page: page)
            }
            for name in ["popular", "top_rated"] {
                for words in Self.searchedWords {
                    let expected = try matchesByPlace(words, in: name, of: index)
                    #expect(keys(try index.search(words, in: name)) == expected, "\(words) in \(name) after write \(step)")
                    #expect(keys(try index.search(words, in: name, limit: 2)) == Array(expected.prefix(2)))
                }
            }
        }
    }

    /// Rows another program writes (sqlite3, the bench's Python) are searched too: members
    /// added, moved and removed, items renamed and removed.
    @Test func aSearchInACollectionFollowsOtherPrograms() throws {
        let index = OfflineIndex.inMemory(prefix: "films")
        try index.store([Self.starWars, Self.amelie], collection: "popular", page: 1)
        try index.store([Self.troopers, Self.roses])
        try index.database.write { db in
            try db.execute(sql: "INSERT INTO films_member (collection, page, position, key) VALUES ('popular', 2, 0, 'movie/563')")
            try db.execute(sql: "INSERT INTO films_member (collection, page, position, key) VALUES ('upcoming', 1, 0, 'movie/900')")
        }
        #expect(keys(try index.search(["star"], in: "popular")) == ["movie/11", "movie/563"])
        #expect(keys(try index.search(["wars"], in: "upcoming")) == ["movie/900"])

        try index.database.write { db in
            try db.execute(sql: "UPDATE films_member SET page = 0 WHERE key = 'movie/563'")
            try db.execute(sql: "UPDATE films_item SET title = 'Return of the Jedi' WHERE key = 'movie/11'")
            try db.execute(sql: "UPDATE films_member SET collection = 'popular', page = 3 WHERE key = 'movie/900'")
        }
        #expect(keys(try index.search(["star"], in: "popular")) == ["movie/563"])
        #expect(keys(try index.search(["jedi"], in: "popular")) == ["movie/11"])
        #expect(keys(try index.search(["a"], in: "popular")) == ["movie/11", "movie/194", "movie/900"])
        #expect(keys(try index.search(["wars"], in: "upcoming")) == [])

        try index.database.write { db in
            try db.execute(sql: "DELETE FROM films_item WHERE key = 'movie/194'")
            try db.execute(sql: "DELETE FROM films_member WHERE key = 'movie/563'")
        }
        #expect(keys(try index.search(["a"], in: "popular")) == ["movie/11", "movie/900"])
        try index.store([Self.amelie])
        #expect(keys(try index.search(["a"], in: "popular")) == ["movie/11", "movie/194", "movie/900"], "its place was kept")
    }

    /// A place beyond what the listing index encodes (page or position above 1,048,575, which
    /// only another program writes) is listed but not searched, and writing it fails nothing.
    @Test func aPlaceBeyondTheListingIsNotSearched() throws {
        let index = OfflineIndex.inMemory(prefix: "films")
        try index.store([Self.starWars], collection: "popular", page: 1)
        try index.database.write { db in
            try db.execute(sql: "INSERT INTO films_member (collection, page, position, key) VALUES ('popular', 1048576, 0, 'movie/11')")
            try db.execute(sql: "INSERT INTO films_member (collection, page, position, key) VALUES ('popular', 2, -1, 'movie/11')")
            try db.execute(sql: "DELETE FROM films_member WHERE page = 1")
        }
        #expect(keys(try index.search([], in: "popular")) == ["movie/11"])
        #expect(try index.search(["star"], in: "popular") == [])
    }

    /// An item whose stored date cannot be read is passed over, and the search reads on until
    /// it has `limit` items.
    @Test func anUnreadableItemIsPassedOverAndTheLimitStillFilled() throws {
        let index = OfflineIndex.inMemory(prefix: "films")
        try index.store([Self.starWars, Self.troopers, Self.amelie], collection: "popular")
        try index.database.write { db in
            try db.execute(sql: "UPDATE films_item SET fetchedAt = 'not a date' WHERE key = 'movie/11'")
        }
        #expect(keys(try index.search(["a"], in: "popular", limit: 1)) == ["movie/194"])
        #expect(keys(try index.search(["a"], in: "popular", limit: 5)) == ["movie/194"])
    }

    /// The matches of a search in a collection are its items, in the same order, each once, at
    /// most `limit`, passing over the same (an item whose date cannot be read); and
    /// ``OfflineIndex/items(_:)`` reads each by its row, nil for one no longer kept.
    @Test func theMatchesOfASearchAreItsItemsAndAreReadByTheirRows() throws {
        let index = OfflineIndex.inMemory(prefix: "films")
        try index.store([Self.starWars, Self.amelie], collection: "popular", page: 1)
        try index.store([Self.troopers, Self.starWars], collection: "popular", page: 2)
        func keys(_ words: [String], in collection: String = "popular", limit: Int = 1_000) throws -> [String] {
            try index.matches(words, in: collection, limit: limit).map(\.key)
        }
        #expect(try keys(["star"]) == self.keys(try index.search(["star"], in: "popular")))
        #expect(try keys(["star"]) == ["movie/11", "movie/563"])
        #expect(try keys(["star"], limit: 1) == ["movie/11"])
        #expect(try keys(["a"]) == ["movie/11", "movie/194"])
        #expect(try keys(["star"], in: "top_rated") == [])
        #expect(try keys(["-"]) == [])

        let matches = try index.matches(["a"], in: "popular")
        #expect(try index.items(matches) == [Self.starWars, Self.amelie])
        try index.database.write { db in
            try db.execute(sql: "UPDATE films_item SET fetchedAt = 'not a date' WHERE key = 'movie/194'")
        }
        #expect(try keys(["a"]) == self.keys(try index.search(["a"], in: "popular")))
        #expect(try keys(["a"]) == ["movie/11"])
        #expect(try index.items(matches) == [Self.starWars, nil])
        try index.database.write { db in try db.execute(sql: "DELETE FROM films_item WHERE key = 'movie/11'") }
        #expect(try index.items(matches) == [nil, nil])
    }

    /// A key another program stored as bytes that are not UTF-8 is read alike by a search and by
    /// reading its matches: the item is found and read, its title whole, not left blank.
    @Test func aKeyStoredAsBytesIsReadAlikeBySearchAndByItsMatches() throws {
        let index = OfflineIndex.inMemory(prefix: "films")
        try index.store([Self.starWars, Self.troopers], collection: "popular", page: 1)
        try index.database.write { db in
            try db.execute(sql: "PRAGMA recursive_triggers = ON")
            try db.execute(sql: "UPDATE films_item SET key = x'FF' WHERE key = 'movie/11'")
            try db.execute(sql: "UPDATE films_member SET key = x'FF' WHERE key = 'movie/11'")
        }
        let read = try index.items(index.matches(["star"], in: "popular"))
        #expect(read.map { $0?.title } == ["Star Wars", "Starship Troopers"])
        #expect(read.compactMap { $0 } == (try index.search(["star"], in: "popular")))
    }

    /// Each item found has its own stored date, read as GRDB reads it, whatever the rows before
    /// it held: a run of the same time (a page's titles), another time, a date that cannot be
    /// read (that item left out), then the first time again.
    @Test func eachItemFoundHasItsOwnDate() throws {
        let index = OfflineIndex.inMemory(prefix: "films")
        let later = Self.fetched.addingTimeInterval(3_600.5)
        let items = [Self.item("movie/1", "A one"), Self.item("movie/2", "A two"), Self.item("movie/3", "A three", at: later),
                     Self.item("movie/4", "A four"), Self.item("movie/5", "A five")]
        try index.store(items, collection: "popular")
        try index.database.write { db in
            try db.execute(sql: "UPDATE films_item SET fetchedAt = 'not a date' WHERE key = 'movie/4'")
        }
        let expected = [items[0], items[1], items[2], items[4]]
        #expect(try index.search(["a"], in: "popular") == expected)
        #expect(try index.search([], in: "popular") == expected)
        #expect(Set(try index.search(["a"]).map(\.key)) == Set(expected.map(\.key)))
        #expect(try index.item("movie/3")?.fetchedAt == later)
        #expect(try index.item("movie/4") == nil)
    }

    /// A file made before the listing index was kept (its `v1` and `v2` tables only) keeps
    /// every item, page and count, and is indexed as it is next opened: its searches find what
    /// they found, and what is written after is searched too.
    @Test func anOlderFileIsIndexedWhenNextOpened() throws {
        let directory = TemporaryDirectory("listing")
        defer { directory.remove() }
        let older = [OfflineIndex.tables(prefix: "films"), OfflineIndex.counts(prefix: "films")]
        do {
            let index = OfflineIndex(database: AppDatabase(directory: directory.url, migrations: older), prefix: "films")
            try index.store([Self.roses, Self.starWars], collection: "popular", page: 2)
            try index.store([Self.amelie, Self.starWars], collection: "popular", page: 1)
            try index.store([Self.troopers], collection: "top_rated", page: 1)
        }
        let index = OfflineIndex(database: AppDatabase(directory: directory.url, migrations: OfflineIndex.migrations(prefix: "films")),
                                 prefix: "films")
        #expect(keys(try index.search(["star"], in: "popular")) == ["movie/11"])
        #expect(keys(try index.search(["a"], in: "popular")) == ["movie/194", "movie/11", "movie/900"])
        #expect(keys(try index.search(["star"], in: "top_rated")) == ["movie/563"])
        #expect(keys(try index.search([], in: "popular")) == ["movie/194", "movie/11", "movie/900"])
        #expect(try index.count(of: "popular") == 3)
        #expect(try index.item("movie/11") == Self.starWars)

        try index.store([Self.troopers], collection: "popular", page: 3)
        try index.store([Self.item("movie/11", "Star Wars: A New Hope")])
        #expect(keys(try index.search(["star"], in: "popular")) == ["movie/11", "movie/563"])
        #expect(keys(try index.search(["hope"], in: "popular")) == ["movie/11"])
        let applied = try index.database.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid") }
        #expect(applied.suffix(3) == ["films v1: offline index", "films v2: collection counts", "films v3: collection listings"])
    }

    // MARK: Search without a collection

    @Test func searchingEverythingFindsItemsOfAnyCollectionOrNone() throws {
        let index = OfflineIndex.inMemory(prefix: "films")
        try index.store([Self.starWars], collection: "popular")
        try index.store([Self.roses], collection: "top_rated", page: 4)
        try index.store([Self.troopers])

        #expect(Set(keys(try index.search(["wars"]))) == ["movie/11", "movie/900"])
        #expect(Set(keys(try index.search(["star"]))) == ["movie/11", "movie/563"])
    }

    @Test func searchingEverythingPutsTheBestMatchFirst() throws {
        let index = OfflineIndex.inMemory(prefix: "films")
        let passing = Self.item("movie/1", "Prometheus",
                                text: "A team of explorers finds a clue to the origins of mankind on Earth, and one alien mentioned once in a long, long overview")
        let best = Self.item("movie/2", "Alien", original: "Alien", text: "The alien hunts the crew of the Nostromo, alien after alien")
        try index.store([passing, best], collection: "popular")

        #expect(keys(try index.search(["alien"])) == ["movie/2", "movie/1"])
    }

    @Test func equallyGoodMatchesComeInTitleOrder() throws {
        let index = OfflineIndex.inMemory(prefix: "films")
        try index.store([Self.item("movie/3", "Cars Two"), Self.item("movie/1", "Cars One"), Self.item("movie/2", "Cars Six")])
        #expect(try index.search(["cars"]).map(\.title) == ["Cars One", "Cars Six", "Cars Two"])
    }

    // MARK: Items

    @Test func anItemIsKeptWholeUnderItsKey() throws {
        let index = OfflineIndex.inMemory(prefix: "films")
        let item = Self.item("movie/419704", "Ad Astra", original: "Ad Astra", text: "An astronaut travels to the edge of the solar system",
                             payload: #"{"id":419704}"#, at: Date(timeIntervalSince1970: 1_600_000_123))
        try index.store([item])

        #expect(try index.item("movie/419704") == item)
        #expect(try index.item("movie/1") == nil)
        #expect(try index.search(["astronaut"]) == [item])
    }

    @Test func updatingAnItemUpdatesTheIndex() throws {
        let index = OfflineIndex.inMemory(prefix: "films")
        try index.store([Self.item("movie/1", "Working Title", text: "draft overview")], collection: "popular")
        let renamed = Self.item("movie/1", "Final Name", text: "real overview", payload: #"{"v":2}"#,
                                at: Date(timeIntervalSince1970: 1_700_000_600))
        try index.store([renamed])

        #expect(try index.search(["working"]) == [])
        #expect(try index.search(["draft"]) == [])
        #expect(try index.search(["final"]) == [renamed])
        #expect(try index.search(["real", "overview"], in: "popular") == [renamed], "still in its collection")
        #expect(try index.item("movie/1") == renamed)
        #expect(try index.count(of: "popular") == 1)
    }

    @Test func storingTheSameItemTwiceKeepsOneRow() throws {
        let index = OfflineIndex.inMemory(prefix: "films")
        try index.store([Self.starWars])
        try index.store([Self.starWars])
        #expect(try index.search(["star", "wars"]) == [Self.starWars])
        let rows = try index.database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM films_item") }
        #expect(rows == 1)
    }

    // MARK: Tables

    @Test func eachFeatureHasTablesOfItsOwn() throws {
        let database = AppDatabase.inMemory(migrations: OfflineIndex.migrations(prefix: "moviedb") + OfflineIndex.migrations(prefix: "itunes"))
        let movies = OfflineIndex(database: database, prefix: "moviedb")
        let songs = OfflineIndex(database: database, prefix: "itunes")
        try movies.store([Self.starWars], collection: "popular")
        try songs.store([Self.item("song/1", "Star Wars (Main Title)")], collection: "popular")

        #expect(keys(try movies.search(["star"])) == ["movie/11"])
        #expect(keys(try songs.search(["star"])) == ["song/1"])
        #expect(keys(try movies.search([], in: "popular")) == ["movie/11"])
        let tables = try database.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'moviedb%' ORDER BY name")
        }
        #expect(tables.contains("moviedb_item"))
        #expect(tables.contains("moviedb_member"))
        #expect(tables.contains("moviedb_search"))
        #expect(tables.contains("moviedb_count"))
        #expect(tables.contains("moviedb_listed"))
        let applied = try database.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid") }
        #expect(applied == ["v1: favourites", "v2: response cache", "v3: favourites counted and by date",
                            "moviedb v1: offline index", "moviedb v2: collection counts", "moviedb v3: collection listings",
                            "itunes v1: offline index", "itunes v2: collection counts", "itunes v3: collection listings"])
    }
}
