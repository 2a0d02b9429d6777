import ExplorerClock
import ExplorerCore
import ExplorerHTTP
import ExplorerStore
import ExplorerTrace
import Foundation
@testable import MovieDB
import TestSupport
import Testing

/// Where MovieDB's titles are kept: a live page through the client stack's response cache is
/// kept whole (the body) and by title (the offline index) in one write; an answer from the
/// cache or the embedded data is not written again; a stack with no cache has the titles kept
/// alone.
@MainActor
@Suite("MovieDB library")
struct MovieDBLibraryTests {
    /// TMDB answering every request with `body`, or unreachable.
    final class TMDB: HTTPClient {
        let body = LockedValue(Data())
        let reachable = LockedValue(true)
        let requests = LockedValue<[String]>([])

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            requests.withLock { $0.append(request.endpoint) }
            guard reachable.value else { throw HTTPError(.networkUnavailable(.refused), endpoint: request.endpoint) }
            return HTTPResponse(status: 200, body: body.value)
        }
    }

    static let page = Data(#"""
        {"page": 1, "total_pages": 3, "total_results": 60, "results": [
          {"id": 11, "title": "Star Wars", "overview": "Princess Leia is captured."},
          {"id": 603, "title": "The Matrix", "original_title": "The Matrix", "overview": "A hacker learns the truth."}]}
        """#.utf8)
    static let detail = Data(#"{"id": 11, "title": "Star Wars", "runtime": 121, "genres": [{"id": 12, "name": "Adventure"}], "videos": {"results": []}}"#.utf8)

    let clock = VirtualClock(Date(timeIntervalSince1970: 1_700_000_000))
    let database = AppDatabase.inMemory(migrations: OfflineIndex.migrations(prefix: "moviedb"))
    let tmdb = TMDB()

    var index: OfflineIndex { OfflineIndex(database: database, prefix: "moviedb") }
    var cache: ResponseCache { ResponseCache(database: database, feature: "moviedb", clock: clock) }

    func library(cached: Bool = true, source: DataSource = .live) -> MovieDBLibrary {
        let client: any HTTPClient = cached ? CachingHTTPClient(tmdb, cache: cache) : tmdb
        return MovieDBLibrary.http(client, index: index, selection: SourceSelection(source), clock: clock)
    }

    @Test func aLivePageIsKeptByBodyAndByTitle() async throws {
        tmdb.body.withLock { $0 = Self.page }
        let answer = try await library().page(1, of: .moviePopular, fresh: false)

        #expect(answer == MovieDBAnswer(answer.value, cachedAt: nil, isIndexed: true))
        #expect(answer.value.results.map(\.title) == ["Star Wars", "The Matrix"])
        #expect(try cache.entry(for: "/movie/popular?page=1")?.body == Self.page)
        #expect(try index.search([], in: MovieDBCategory.moviePopular.rawValue).map(\.key) == ["movie/11", "movie/603"])
        let found = try library().titles(matching: ["hack"], in: .moviePopular)
        #expect(found.matches.map(\.key) == ["movie/603"])
        #expect(try MovieDBLibrary.listedItems(found.matches, in: found.index).map(\.title) == ["The Matrix"])
    }

    @Test func aDetailIsKeptByTitleWithItsBody() async throws {
        tmdb.body.withLock { $0 = Self.detail }
        let answer = try await library().detail(.movie, 11, fresh: false)

        #expect(answer.isIndexed)
        #expect(answer.value.genreIDs == [12])
        #expect(try cache.entry(for: "/movie/11?append_to_response=videos")?.body == Self.detail)
        #expect(library().keptTitle("movie/11")?.title == "Star Wars")
        #expect(try index.pages(of: MovieDBCategory.moviePopular.rawValue) == [])
    }

    @Test func anAnswerFromTheCacheIsNotWrittenAgain() async throws {
        tmdb.body.withLock { $0 = Self.page }
        _ = try await library().page(1, of: .moviePopular, fresh: false)
        clock.advance(by: 7200)
        tmdb.reachable.withLock { $0 = false }

        let answer = try await library().page(1, of: .moviePopular, fresh: false)
        #expect(answer.cachedAt == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(!answer.isIndexed)
        #expect(try index.item("movie/11")?.fetchedAt == Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test func withNoResponseCacheTheTitlesAreKeptAlone() async throws {
        tmdb.body.withLock { $0 = Self.page }
        let answer = try await library(cached: false).page(1, of: .moviePopular, fresh: false)

        #expect(!answer.isIndexed)
        #expect(try cache.entry(for: "/movie/popular?page=1") == nil)
        #expect(try index.search(["star"], in: MovieDBCategory.moviePopular.rawValue).map(\.title) == ["Star Wars"])
    }

    @Test func searchResultsAreNotIndexed() async throws {
        tmdb.body.withLock { $0 = Self.page }
        let answer = try await library().search(.movie, "star", page: 1, fresh: false)

        #expect(!answer.isIndexed)
        #expect(try cache.entry(for: "/search/movie?query=star&page=1&include_adult=false")?.body == Self.page)
        #expect(try index.search(["star"]).isEmpty)
    }

    @Test func whenTheDatabaseRefusesTheTitlesNeitherTheBodyNorTheTitlesAreKept() async throws {
        // A database without MovieDB's tables: the titles' rows fail, and the body goes with them.
        let bare = AppDatabase.inMemory()
        let lines = LockedValue<[String]>([])
        let tracer = Tracer(enabled: true, write: { line in lines.withLock { $0.append(line) } })
        let cache = ResponseCache(database: bare, feature: "moviedb", clock: clock)
        let library = MovieDBLibrary.http(CachingHTTPClient(tmdb, cache: cache, tracer: tracer),
                                          index: OfflineIndex(database: bare, prefix: "moviedb"), selection: SourceSelection(.live), clock: clock)
        tmdb.body.withLock { $0 = Self.page }

        let answer = try await library.page(1, of: .moviePopular, fresh: false)
        #expect(answer.value.results.count == 2)
        #expect(answer.isIndexed)
        #expect(try cache.entry(for: "/movie/popular?page=1") == nil)
        #expect(lines.value.count == 1)
        #expect(lines.value.first?.hasPrefix("trace: cache: could not keep /movie/popular?page=1: ") == true)
    }

    @Test func aDetailWithoutGenresKeepsTheListsGenresInTheIndex() async throws {
        let listed = MovieDBItem(kind: .movie, id: 11, title: "Star Wars", genreIDs: [12, 28])
        tmdb.body.withLock { $0 = Data(#"{"id": 11, "title": "Star Wars", "runtime": 121}"#.utf8) }
        let answer = try await library().detail(of: listed, fresh: false)

        #expect(answer.value.genreIDs == [12, 28])
        #expect(library().keptTitle("movie/11")?.genreIDs == [12, 28])
    }

    @Test func theEmbeddedDataIsAnsweredAndSearchedWithNothingWritten() async throws {
        // As the feature is wired: embedded answers come past the cache, never through it.
        let selection = SourceSelection(.embedded)
        let client = SwitchableHTTPClient(live: CachingHTTPClient(tmdb, cache: cache),
                                          embedded: EmbeddedHTTPClient(responder: MovieDBEmbeddedData.responder), selection: selection)
        let library = MovieDBLibrary.http(client, index: index, selection: selection, clock: clock)

        let answer = try await library.page(1, of: .moviePopular, fresh: false)
        #expect(!answer.value.results.isEmpty)
        #expect(!answer.isIndexed)
        #expect(try library.titles(matching: ["ad", "astra"]).map(\.title) == ["Ad Astra"])
        #expect(tmdb.requests.value.isEmpty)
        #expect(try cache.entry(for: "/movie/popular?page=1") == nil)
        #expect(try index.search([], in: MovieDBCategory.moviePopular.rawValue).isEmpty)
    }
}
