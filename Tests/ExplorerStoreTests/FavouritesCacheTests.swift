import ExplorerClock
@testable import ExplorerCore
@testable import ExplorerStore
import Foundation
import TestSupport
import Testing

@Suite("FavouritesCache")
struct FavouritesCacheTests {
    @Test func readsEachFeaturesRowsOnceWhileNothingChanges() throws {
        let store = FavouritesStore.temporary("favourites-cache")
        defer { store.database.directory.map { try? FileManager.default.removeItem(at: $0) } }

        try store.toggle(feature: "starships", itemID: "10", title: "Millennium Falcon")
        #expect(try store.ids(in: "starships") == ["10"])
        #expect(try store.ids(in: "characters") == [])
        #expect(store.cache.readCount == 2, "a feature's rows are read alone")
        let reads = store.cache.readCount
        for _ in 0..<5 {
            #expect(try store.ids(in: "starships") == ["10"])
            #expect(try store.ids(in: "characters") == [])
        }
        #expect(store.cache.readCount == reads)
    }

    @Test("starring one feature's rows reads none of another's (100,000 characters cost starships nothing)")
    func aFeatureReadsItsOwnRowsAlone() throws {
        let store = FavouritesStore.temporary("favourites-cache")
        defer { store.database.directory.map { try? FileManager.default.removeItem(at: $0) } }
        try store.toggle(feature: "starships", itemID: "10", title: "Millennium Falcon")
        try store.database.write { db in
            try db.execute(sql: "INSERT INTO favourite (feature, itemID, title, createdAt) VALUES ('characters', '1', 'Luke', 'yesterday')")
        }

        #expect(try store.ids(in: "starships") == ["10"])
        #expect(store.unreportedProblem() == nil, "the characters' row was not read")
        #expect(try store.ids(in: "characters") == [])
        #expect(store.unreportedProblem() == "1 favourite could not be read and is left out: characters/1 (its date \"yesterday\" cannot be read)")
    }

    @Test func ownTogglesAreAppliedInMemoryAndOtherWritesOnThisConnectionReadAgain() throws {
        let store = FavouritesStore.temporary("favourites-cache")
        defer { store.database.directory.map { try? FileManager.default.removeItem(at: $0) } }

        #expect(try store.ids(in: "starships") == [])
        try store.toggle(feature: "starships", itemID: "10", title: "Millennium Falcon")
        #expect(try store.ids(in: "starships") == ["10"])
        #expect(store.cache.readCount == 1, "the toggle was applied to the copy in memory")
        // Written around the store, on the same database.
        try store.database.write { db in try db.execute(sql: "DELETE FROM favourite") }
        #expect(try store.ids(in: "starships") == [])
        #expect(store.cache.readCount == 2)
    }

    @Test func theCopyAfterManyTogglesIsWhatAFreshReadGives() throws {
        let directory = TemporaryDirectory("favourites-cache")
        defer { directory.remove() }
        // A live clock: dates with parts of a millisecond, stored to the millisecond.
        let store = FavouritesStore(database: AppDatabase(directory: directory.url), clock: LiveClock())
        #expect(try store.list().isEmpty)
        for feature in ["starships", "characters", "facts"] { #expect(try store.ids(in: feature).isEmpty) }
        let reads = store.cache.readCount
        let items = [("starships", "10"), ("characters", "1"), ("starships", "5"), ("starships", "12"), ("characters", "4"),
                     ("starships", "10"), ("facts", "7"), ("characters", "1"), ("starships", "10"), ("starships", "é"), ("starships", "e")]
        for (feature, id) in items { try store.toggle(feature: feature, itemID: id, title: "\(feature) \(id)") }
        #expect(store.cache.readCount == reads)

        let fresh = FavouritesStore(database: AppDatabase(directory: directory.url))
        #expect(try store.list() == fresh.list())
        for feature in ["starships", "characters", "facts"] {
            #expect(try store.ids(in: feature) == fresh.ids(in: feature))
            #expect(try store.list(feature: feature) == fresh.list(feature: feature))
        }
        #expect(store.cache.readCount == reads, "every copy took every toggle in memory")
    }

    @Test func aToggleAfterAnotherConnectionsWriteReadsAgainAndSeesBoth() throws {
        let directory = TemporaryDirectory("favourites-cache")
        defer { directory.remove() }
        let mine = FavouritesStore(database: AppDatabase(directory: directory.url))
        let theirs = FavouritesStore(database: AppDatabase(directory: directory.url))
        #expect(try mine.ids(in: "starships") == [])

        try theirs.toggle(feature: "starships", itemID: "12", title: "X-wing")
        try mine.toggle(feature: "starships", itemID: "10", title: "Millennium Falcon")
        #expect(try mine.ids(in: "starships") == ["10", "12"], "the copy was not of the database the toggle changed")
        #expect(mine.cache.readCount == 2)
    }

    @Test func readsAgainWhenAnotherConnectionWrites() throws {
        let directory = TemporaryDirectory("favourites-cache")
        defer { directory.remove() }
        let mine = FavouritesStore(database: AppDatabase(directory: directory.url))
        let theirs = FavouritesStore(database: AppDatabase(directory: directory.url))

        #expect(try mine.ids(in: "starships") == [])
        #expect(try mine.ids(in: "starships") == [])
        #expect(mine.cache.readCount == 1)

        try theirs.toggle(feature: "starships", itemID: "12", title: "X-wing")
        #expect(try mine.ids(in: "starships") == ["12"])
        #expect(mine.cache.readCount == 2)
        #expect(try mine.ids(in: "starships") == ["12"])
        #expect(mine.cache.readCount == 2)

        try theirs.toggle(feature: "starships", itemID: "12", title: "X-wing")
        #expect(try mine.ids(in: "starships") == [])
        #expect(mine.cache.readCount == 3)
    }

    @Test func aFavouriteAnotherConnectionInsertsIsSeen() throws {
        let directory = TemporaryDirectory("favourites-cache")
        defer { directory.remove() }
        let mine = FavouritesStore(database: AppDatabase(directory: directory.url))
        let theirs = AppDatabase(directory: directory.url)

        try mine.toggle(feature: "starships", itemID: "10", title: "Millennium Falcon")
        #expect(try mine.ids(in: "starships") == ["10"])
        let reads = mine.cache.readCount
        try theirs.write { db in
            try db.execute(sql: "INSERT INTO favourite VALUES ('characters', '1', 'Luke Skywalker', '2024-01-01 00:00:00.000')")
        }
        #expect(try mine.ids(in: "characters") == ["1"])
        #expect(mine.cache.readCount == reads + 1)
    }

    @Test func inMemoryStoresSeeTheirOwnWrites() throws {
        let store = FavouritesStore.inMemory()
        #expect(try store.ids(in: "starships") == [])
        try store.toggle(feature: "starships", itemID: "10", title: "Millennium Falcon")
        #expect(try store.ids(in: "starships") == ["10"])
        try store.toggle(feature: "starships", itemID: "10", title: "Millennium Falcon")
        #expect(try store.ids(in: "starships") == [])
    }

    @Test func aFeaturesListComesFromTheSameReadAsItsIds() throws {
        let clock = VirtualClock()
        let store = FavouritesStore(database: .inMemory(), clock: clock)
        try store.toggle(feature: "starships", itemID: "9", title: "Death Star")
        try store.toggle(feature: "characters", itemID: "1", title: "Luke Skywalker")
        try store.toggle(feature: "starships", itemID: "5", title: "Sentinel-class landing craft")
        let reads = store.cache.readCount
        // All three were marked at the same instant: ordered by feature, then id.
        #expect(try store.list().map(\.itemID) == ["1", "5", "9"])
        #expect(try store.list(feature: "starships").map(\.title) == ["Sentinel-class landing craft", "Death Star"])
        #expect(try store.ids(in: "starships") == ["5", "9"])
        #expect(store.cache.readCount == reads + 2, "every feature's rows, then starships' alone")
        try store.toggle(feature: "starships", itemID: "9", title: "Death Star")
        #expect(try store.list(feature: "starships").map(\.itemID) == ["5"])
        #expect(try store.list().map(\.itemID) == ["1", "5"])
        #expect(store.cache.readCount == reads + 2, "the toggle was applied in memory, to both")
    }

    @Test func aListSeesAnotherConnectionsWrite() throws {
        let directory = TemporaryDirectory("favourites-cache")
        defer { directory.remove() }
        let mine = FavouritesStore(database: AppDatabase(directory: directory.url))
        let theirs = FavouritesStore(database: AppDatabase(directory: directory.url))
        #expect(try mine.list(feature: "starships").isEmpty)
        try theirs.toggle(feature: "starships", itemID: "12", title: "X-wing")
        #expect(try mine.list(feature: "starships").map(\.title) == ["X-wing"])
        try theirs.toggle(feature: "starships", itemID: "12", title: "X-wing")
        #expect(try mine.list(feature: "starships").isEmpty)
    }
}
