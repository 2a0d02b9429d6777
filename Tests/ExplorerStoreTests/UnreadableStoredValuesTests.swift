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

    @Test("a favourite whose date cannot be read is listed, counted and starred without it, and reported once")
    func aFavouriteWithAnUnreadableDateIsStillListedAndReportedOnce() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = FavouritesStore(database: AppDatabase(directory: directory.url), clock: VirtualClock(Self.fetched))
        try store.toggle(feature: "starships", itemID: "10", title: "Millennium Falcon")
        try store.database.write { db in
            try db.execute(sql: "INSERT INTO favourite (feature, itemID, title, createdAt) VALUES ('starships', '12', 'X-wing', '10000-01-01 00:00:59.000')")
            try db.execute(sql: "INSERT INTO favourite (feature, itemID, title, createdAt) VALUES ('people', '1', 'Luke', 'yesterday')")
        }

        // In the table's order: the stored text, as SQLite compares it.
        let favourites = try store.list()
        #expect(favourites.map(\.title) == ["X-wing", "Millennium Falcon", "Luke"])
        #expect(favourites.map(\.createdAt) == [nil, Self.fetched, nil])
        #expect(try store.count() == 3)
        #expect(try store.count(feature: "starships") == 2)
        #expect(try store.lookup(in: "starships").contains("12"))
        #expect(store.unreportedProblem() == """
            2 favourites have a date that cannot be read, and are listed without one: \
            starships/12 (its date "10000-01-01 00:00:59.000" cannot be read), \
            people/1 (its date "yesterday" cannot be read)
            """)
        #expect(store.unreportedProblem() == nil, "reported once")
        #expect(try store.page(offset: 0, limit: 2).map(\.title) == ["X-wing", "Millennium Falcon"])
        #expect(store.unreportedProblem() == nil, "not again on another list")
        // Toggling still works around the bad rows.
        #expect(try store.toggle(feature: "starships", itemID: "5", title: "Y-wing") == true)
        #expect(try store.list(feature: "starships").map(\.title) == ["X-wing", "Millennium Falcon", "Y-wing"])
        #expect(store.unreportedProblem() == nil)
        #expect(try store.toggle(feature: "starships", itemID: "12", title: "X-wing") == false, "it can be unmarked")
        #expect(try store.count(feature: "starships") == 2)
    }

    @Test("a date is read from the text stored, as GRDB writes it; nothing else is taken for one", arguments: [
        ("2024-03-15 05:00:00.250", 1_710_478_800.25), ("2024-03-15 05:00:00", 1_710_478_800), ("2024-03-15T05:00:00.000", 1_710_478_800),
        ("10000-01-01 00:00:59.000", nil), ("yesterday", nil), ("2024-02-30 00:00:00.000", nil), ("2024-03-15 05:00:00Z", nil),
        ("2024-03-15 05:00:00+02:00", nil), ("2024-03-15", nil), ("", nil),
    ] as [(String, Double?)])
    func storedDatesAreReadAsText(text: String, seconds: Double?) {
        #expect(UTCTimestamp.date(database: text)?.timeIntervalSince1970 == seconds)
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
