import ExplorerClock
@testable import ExplorerCore
@testable import ExplorerStore
import Foundation
import GRDB
import TestSupport
import Testing

/// A screen asks the favourites only about what it shows: its feature's count, then each row
/// it shows by key, each answer kept while the database is unchanged.
@Suite("FavouritesCache")
struct FavouritesCacheTests {
    /// A store whose `characters` have `count` favourites, ids 1…count, written around it.
    private func store(withCharacters count: Int) throws -> (FavouritesStore, TemporaryDirectory) {
        let directory = TemporaryDirectory("favourites-cache")
        let store = FavouritesStore(database: AppDatabase(directory: directory.url))
        try store.database.write { db in
            try db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                INSERT INTO favourite SELECT 'characters', i, 'Someone ' || i, '2024-01-01 00:00:00.000' FROM n
                """, arguments: [count])
        }
        return (store, directory)
    }

    @Test("a screen of 3 rows over 10,000 favourites asks the count and its 3 rows, then nothing while nothing changes")
    func aScreenAsksAboutTheRowsItShows() throws {
        let (store, directory) = try store(withCharacters: 10_000)
        defer { directory.remove() }

        let lookup = try store.lookup(in: "characters")
        #expect(lookup.count == 10_000)
        #expect(["1", "9999", "none"].map(lookup.contains) == [true, true, false])
        #expect(store.cache.queryCount == 4, "the count, then one key a row")
        for _ in 0..<3 {
            let again = try store.lookup(in: "characters")
            #expect(["1", "9999", "none"].map(again.contains) == [true, true, false])
        }
        #expect(store.cache.queryCount == 4)
    }

    @Test("a feature with up to 100 favourites has them read with its count: its rows ask nothing more")
    func aFewFavouritesAreReadWhole() throws {
        let (store, directory) = try store(withCharacters: FavouritesCache.fewEnoughToRead)
        defer { directory.remove() }

        let lookup = try store.lookup(in: "characters")
        #expect(lookup.count == 100)
        #expect(["1", "100", "101", "none"].map(lookup.contains) == [true, true, false, false])
        #expect(store.cache.queryCount == 1)
    }

    @Test func aFeatureWithoutFavouritesAsksNothingOfItsRows() throws {
        let (store, directory) = try store(withCharacters: 100)
        defer { directory.remove() }

        let lookup = try store.lookup(in: "starships")
        #expect(lookup.count == 0)
        #expect(["1", "2"].map(lookup.contains) == [false, false])
        #expect(store.cache.queryCount == 1, "the count alone")
    }

    @Test func ownTogglesAreAppliedToWhatIsKnown() throws {
        let (store, directory) = try store(withCharacters: 3)
        defer { directory.remove() }
        let before = try store.lookup(in: "characters")
        #expect(["2", "10"].map(before.contains) == [true, false])
        #expect(try store.lookup(in: "starships").count == 0)
        let queries = store.cache.queryCount

        try store.toggle(feature: "characters", itemID: "10", title: "Obi-Wan Kenobi")
        try store.toggle(feature: "characters", itemID: "2", title: "C-3PO")
        try store.toggle(feature: "starships", itemID: "5", title: "Millennium Falcon")
        let characters = try store.lookup(in: "characters"), starships = try store.lookup(in: "starships")
        #expect((characters.count, starships.count) == (3, 1))
        #expect(["2", "10"].map(characters.contains) == [false, true])
        #expect(starships.contains("5"))
        #expect(store.cache.queryCount == queries, "every toggle was applied to what was known")
        #expect(try store.ids(in: "characters") == ["1", "3", "10"])
        #expect(try store.count() == 4)
    }

    @Test func otherWritesOnThisConnectionAreAskedAgain() throws {
        let (store, directory) = try store(withCharacters: 3)
        defer { directory.remove() }
        #expect(try store.lookup(in: "characters").contains("1"))
        // Written around the store, on the same connection.
        try store.database.write { db in try db.execute(sql: "DELETE FROM favourite WHERE itemID = '1'") }
        let lookup = try store.lookup(in: "characters")
        #expect(lookup.count == 2)
        #expect(!lookup.contains("1"))
    }

    @Test func anotherConnectionsWritesAreSeen() throws {
        let directory = TemporaryDirectory("favourites-cache")
        defer { directory.remove() }
        let mine = FavouritesStore(database: AppDatabase(directory: directory.url))
        let theirs = FavouritesStore(database: AppDatabase(directory: directory.url))
        #expect(!(try mine.lookup(in: "starships").contains("12")))

        try theirs.toggle(feature: "starships", itemID: "12", title: "X-wing")
        let seen = try mine.lookup(in: "starships")
        #expect(seen.count == 1)
        #expect(seen.contains("12"))

        // A toggle of mine after theirs: what was known before theirs is not taken for the truth.
        try theirs.toggle(feature: "starships", itemID: "12", title: "X-wing")
        try mine.toggle(feature: "starships", itemID: "10", title: "Millennium Falcon")
        let after = try mine.lookup(in: "starships")
        #expect(after.count == 1)
        #expect(["10", "12"].map(after.contains) == [true, false])
    }

    @Test func inMemoryStoresSeeTheirOwnWrites() throws {
        let store = FavouritesStore.inMemory()
        #expect(try store.lookup(in: "starships").count == 0)
        try store.toggle(feature: "starships", itemID: "10", title: "Millennium Falcon")
        #expect(try store.lookup(in: "starships").contains("10"))
        try store.toggle(feature: "starships", itemID: "10", title: "Millennium Falcon")
        #expect(!(try store.lookup(in: "starships").contains("10")))
    }

    @Test("the counts follow every write to the table, whoever makes it: inserts, deletes, a row moved to another feature")
    func countsFollowEveryWrite() throws {
        let (store, directory) = try store(withCharacters: 5)
        defer { directory.remove() }
        try store.database.write { db in
            try db.execute(sql: "INSERT INTO favourite VALUES ('starships', '10', 'Millennium Falcon', '2024-01-01 00:00:00.000')")
            try db.execute(sql: "DELETE FROM favourite WHERE feature = 'characters' AND itemID IN ('1', '2')")
            try db.execute(sql: "UPDATE favourite SET feature = 'people' WHERE itemID = '3'")
        }
        #expect(try [store.count(feature: "characters"), store.count(feature: "starships"), store.count(feature: "people")] == [2, 1, 1])
        #expect(try store.count() == 4)
        #expect(try store.count(feature: "planets") == 0)
    }

    @Test("a file made before the counts were kept is counted as it is brought up to date")
    func anOlderFileIsCountedWhenMigrated() throws {
        let directory = TemporaryDirectory("favourites-cache")
        defer { directory.remove() }
        let older = try DatabaseQueue(path: directory.file("explorer.sqlite").path)
        try older.write { db in
            try db.execute(sql: """
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('v1: favourites');
                CREATE TABLE favourite (feature TEXT NOT NULL, itemID TEXT NOT NULL, title TEXT NOT NULL,
                                        createdAt DATETIME NOT NULL, PRIMARY KEY (feature, itemID));
                INSERT INTO favourite VALUES ('starships', '10', 'Millennium Falcon', '2024-01-02 00:00:00.000'),
                                             ('starships', '12', 'X-wing', '2024-01-01 00:00:00.000'),
                                             ('characters', '1', 'Luke Skywalker', '2024-01-03 00:00:00.000');
                """)
        }
        try older.close()

        let store = FavouritesStore(database: AppDatabase(directory: directory.url))
        #expect(try [store.count(), store.count(feature: "starships"), store.count(feature: "characters")] == [3, 2, 1])
        #expect(try store.page(offset: 0, limit: 10).map(\.title) == ["X-wing", "Millennium Falcon", "Luke Skywalker"])
    }

    @Test("a page is the rows of the whole list from its offset, through the index of its order")
    func aPageIsASliceOfTheWholeList() throws {
        let clock = VirtualClock(Date(timeIntervalSince1970: 1_000_000))
        let store = FavouritesStore(database: .inMemory(), clock: clock)
        for (index, item) in [("starships", "9"), ("characters", "1"), ("starships", "5"), ("facts", "7"), ("characters", "4")].enumerated() {
            try store.toggle(feature: item.0, itemID: item.1, title: "\(item.0) \(item.1)")
            // Two at each instant: ties are ordered by feature, then id.
            if index % 2 == 1 { clock.advance(by: 60) }
        }
        let whole = try store.list()
        #expect(whole.map(\.title) == ["characters 1", "starships 9", "facts 7", "starships 5", "characters 4"])
        for offset in 0...6 {
            for limit in 1...3 {
                #expect(try store.page(offset: offset, limit: limit) == Array(whole.dropFirst(offset).prefix(limit)))
            }
        }
        let plan = try store.database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT * FROM favourite ORDER BY createdAt, feature, itemID LIMIT 20")
                .map { ($0["detail"] as String?) ?? "" }
        }
        #expect(plan.joined().contains("favourite_by_date"), "\(plan)")
        #expect(!plan.joined().contains("TEMP B-TREE"), "no sort of every row: \(plan)")
    }
}
