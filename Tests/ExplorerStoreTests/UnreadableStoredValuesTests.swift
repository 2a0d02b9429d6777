import ExplorerClock
@testable import ExplorerCore
@testable import ExplorerStore
import Foundation
import GRDB
import TestSupport
import Testing

/// Data on disk is untrusted: a stored value GRDB cannot read back (a date in year 10000, text
/// where a blob or a date should be) costs the row it is in, never a trap and never every row.
@Suite("Unreadable stored values")
struct UnreadableStoredValuesTests {
    private static let fetched = Date(timeIntervalSince1970: 1_700_000_000)

    // MARK: Favourites

    @Test func aFavouriteWithAnUnreadableDateCostsThatFavouriteAndIsReportedOnce() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = FavouritesStore(database: AppDatabase(directory: directory.url), clock: VirtualClock(Self.fetched))
        try store.toggle(feature: "starships", itemID: "10", title: "Millennium Falcon")
        try store.database.write { db in
            try db.execute(sql: "INSERT INTO favourite (feature, itemID, title, createdAt) VALUES ('starships', '12', 'X-wing', '10000-01-01 00:00:59.000')")
            try db.execute(sql: "INSERT INTO favourite (feature, itemID, title, createdAt) VALUES ('people', '1', 'Luke', 'yesterday')")
        }

        #expect(try store.list().map(\.title) == ["Millennium Falcon"])
        #expect(try store.ids(in: "starships") == ["10"])
        #expect(store.unreportedProblem() == """
            2 favourites could not be read and are left out: \
            starships/12 (its date "10000-01-01 00:00:59.000" cannot be read), \
            people/1 (its date "yesterday" cannot be read)
            """)
        #expect(store.unreportedProblem() == nil, "reported once")
        // Toggling still works around the bad rows, and they are not reported again.
        #expect(try store.toggle(feature: "starships", itemID: "5", title: "Y-wing") == true)
        #expect(try store.list(feature: "starships").map(\.title) == ["Millennium Falcon", "Y-wing"])
        #expect(store.unreportedProblem() == nil)
    }

    // MARK: Caches

    @Test func aCachedAnswerWithAnUnreadableDateIsAnErrorNotATrap() throws {
        let database = AppDatabase.inMemory()
        let cache = ResponseCache(database: database, feature: "moviedb", clock: VirtualClock(Self.fetched))
        try cache.store(Data("{}".utf8), for: "/good")
        try database.write { db in
            try db.execute(sql: "INSERT INTO response_cache (feature, endpoint, body, fetchedAt) VALUES ('moviedb', '/bad', x'7B7D', '10000-01-01 00:00:59.000')")
        }
        #expect(try cache.entry(for: "/good")?.fetchedAt == Self.fetched)
        #expect(throws: (any Error).self) { try cache.entry(for: "/bad") }
    }

    @Test func anIndexedItemWithAnUnreadableDateIsLeftOutOfWhatIsFound() throws {
        let index = OfflineIndex.inMemory(prefix: "films")
        try index.store([IndexedItem(key: "movie/11", title: "Star Wars", payload: Data("{}".utf8), fetchedAt: Self.fetched)])
        try index.database.write { db in
            try db.execute(sql: """
                INSERT INTO films_item (key, title, originalTitle, text, payload, fetchedAt)
                VALUES ('movie/12', 'Star Trek', '', '', x'7B7D', '10000-01-01 00:00:59.000')
                """)
        }
        #expect(try index.search(["star"]).map(\.key) == ["movie/11"])
        #expect(try index.item("movie/12") == nil)
        #expect(try index.item("movie/11")?.title == "Star Wars")
    }
}
