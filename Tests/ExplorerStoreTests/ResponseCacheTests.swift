import ExplorerClock
@testable import ExplorerCore
@testable import ExplorerStore
import Foundation
import GRDB
import TestSupport
import Testing

/// The last answer per feature and endpoint, with when it was fetched; at most `limit` per
/// feature, the oldest going first.
@Suite("ResponseCache")
struct ResponseCacheTests {
    private static let start = Date(timeIntervalSince1970: 1_700_000_000)

    private let clock = VirtualClock(start)
    private let database = AppDatabase.inMemory()

    private func cache(_ feature: String = "moviedb", limit: Int = 10_000) -> ResponseCache {
        ResponseCache(database: database, feature: feature, clock: clock, limit: limit)
    }

    private static func body(_ text: String) -> Data { Data(text.utf8) }

    private func endpoints(_ feature: String) throws -> [String] {
        try database.read { db in
            try String.fetchAll(db, sql: "SELECT endpoint FROM response_cache WHERE feature = ? ORDER BY endpoint", arguments: [feature])
        }
    }

    @Test func anAnswerIsKeptWithTheTimeItWasFetched() throws {
        let cache = cache()
        clock.advance(by: 42)
        try cache.store(Self.body("one"), for: "/movie/popular?page=1")

        #expect(try cache.entry(for: "/movie/popular?page=1") == .init(body: Self.body("one"), fetchedAt: Self.start.addingTimeInterval(42)))
        #expect(try cache.entry(for: "/movie/popular?page=2") == nil)
        #expect(try cache.entry(for: "/movie/popular") == nil)
    }

    // MARK: What another store keeps of the same answer

    private static func indexed(_ key: String, _ title: String) -> IndexedItem {
        IndexedItem(key: key, title: title, payload: Data("{}".utf8), fetchedAt: start)
    }

    @Test func anIndexsRowsAreKeptWithTheBody() throws {
        let database = AppDatabase.inMemory(migrations: OfflineIndex.migrations(prefix: "moviedb"))
        let cache = ResponseCache(database: database, feature: "moviedb", clock: clock)
        let index = OfflineIndex(database: database, prefix: "moviedb")
        try cache.store(Self.body("page one"), for: "/movie/popular?page=1",
                        alongside: index.storing([Self.indexed("movie/11", "Star Wars")], collection: "movie/popular", page: 1))

        #expect(try cache.entry(for: "/movie/popular?page=1")?.body == Self.body("page one"))
        #expect(try index.search(["star"], in: "movie/popular").map(\.title) == ["Star Wars"])
        #expect(try index.pages(of: "movie/popular") == [1])
    }

    @Test func whenTheIndexCannotKeepItsRowsTheBodyIsNotKeptEither() throws {
        // No index tables in this database: the index's rows fail, and the body goes with them.
        let cache = cache()
        let index = OfflineIndex(database: database, prefix: "moviedb")
        try cache.store(Self.body("old page"), for: "/movie/popular?page=1")
        #expect(throws: (any Error).self) {
            try cache.store(Self.body("new page"), for: "/movie/popular?page=1",
                            alongside: index.storing([Self.indexed("movie/11", "Star Wars")], collection: "movie/popular"))
        }
        #expect(try cache.entry(for: "/movie/popular?page=1")?.body == Self.body("old page"))
    }

    @Test func storingAgainReplacesTheBodyAndTheTime() throws {
        let cache = cache()
        try cache.store(Self.body("old"), for: "/a")
        clock.advance(by: 3600)
        try cache.store(Self.body("new"), for: "/a")

        #expect(try cache.entry(for: "/a") == .init(body: Self.body("new"), fetchedAt: Self.start.addingTimeInterval(3600)))
        #expect(try endpoints("moviedb") == ["/a"])
    }

    @Test func eachFeatureHasItsOwnAnswers() throws {
        try cache("moviedb").store(Self.body("films"), for: "/search?term=star")
        try cache("itunes").store(Self.body("songs"), for: "/search?term=star")

        #expect(try cache("moviedb").entry(for: "/search?term=star")?.body == Self.body("films"))
        #expect(try cache("itunes").entry(for: "/search?term=star")?.body == Self.body("songs"))
        #expect(try cache("starships").entry(for: "/search?term=star") == nil)
    }

    @Test func beyondTheLimitTheOldestAnswersGo() throws {
        let cache = cache(limit: 2)
        try cache.store(Self.body("a"), for: "/a")
        clock.advance(by: 1)
        try cache.store(Self.body("b"), for: "/b")
        clock.advance(by: 1)
        try cache.store(Self.body("c"), for: "/c")

        #expect(try endpoints("moviedb") == ["/b", "/c"])
        #expect(try cache.entry(for: "/a") == nil)
        #expect(try cache.entry(for: "/c") == .init(body: Self.body("c"), fetchedAt: Self.start.addingTimeInterval(2)))
    }

    @Test func anAnswerFetchedAgainIsNoLongerTheOldest() throws {
        let cache = cache(limit: 2)
        try cache.store(Self.body("a"), for: "/a")
        clock.advance(by: 1)
        try cache.store(Self.body("b"), for: "/b")
        clock.advance(by: 1)
        try cache.store(Self.body("a2"), for: "/a")
        clock.advance(by: 1)
        try cache.store(Self.body("c"), for: "/c")

        #expect(try endpoints("moviedb") == ["/a", "/c"])
        #expect(try cache.entry(for: "/a")?.body == Self.body("a2"))
    }

    @Test func theLimitCountsOnlyTheFeaturesOwnAnswers() throws {
        let films = cache("moviedb", limit: 2)
        try films.store(Self.body("1"), for: "/1")
        clock.advance(by: 1)
        try films.store(Self.body("2"), for: "/2")
        let songs = cache("itunes", limit: 1)
        for index in 3 ... 5 {
            clock.advance(by: 1)
            try songs.store(Self.body("\(index)"), for: "/\(index)")
        }

        #expect(try endpoints("moviedb") == ["/1", "/2"])
        #expect(try endpoints("itunes") == ["/5"])
    }

    @Test func manyOldAnswersGoAtOnceWhenTheLimitIsLowered() throws {
        for index in 1 ... 5 {
            try cache(limit: 10).store(Self.body("\(index)"), for: "/\(index)")
            clock.advance(by: 10)
        }
        try cache(limit: 2).store(Self.body("6"), for: "/6")

        #expect(try endpoints("moviedb") == ["/5", "/6"])
    }

    @Test func answersOutliveTheProcessInTheDatabaseFile() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try ResponseCache(database: AppDatabase(directory: directory.url), feature: "moviedb", clock: clock)
            .store(Self.body(#"{"results":[]}"#), for: "/movie/popular?page=1")

        let reopened = ResponseCache(database: AppDatabase(directory: directory.url), feature: "moviedb", clock: LiveClock())
        #expect(try reopened.entry(for: "/movie/popular?page=1") == .init(body: Self.body(#"{"results":[]}"#), fetchedAt: Self.start))
    }

    @Test func theDefaultLimitIsTenThousand() {
        #expect(ResponseCache(database: database, feature: "moviedb", clock: clock).limit == 10_000)
    }
}

extension ResponseCacheTests {
    @Test func theAnswerJustKeptIsNeverEvictedWhenTheClockStandsStill() throws {
        let cache = ResponseCache(database: .inMemory(), feature: "f", clock: VirtualClock(), limit: 1)
        try cache.store(Data("b".utf8), for: "/b")
        try cache.store(Data("a".utf8), for: "/a")
        #expect(try cache.entry(for: "/a")?.body == Data("a".utf8))
        #expect(try cache.entry(for: "/b") == nil)
    }
}
