import ExplorerClock
@testable import ExplorerCore
@testable import ExplorerHTTP
@testable import ExplorerStore
import ExplorerTrace
import Foundation
import GRDB
import TestSupport
import Testing

/// A live client that answers or fails as the test says, recording what it was sent.
private final class ScriptedHTTPClient: HTTPClient {
    enum Outcome: Sendable {
        case answer(String)
        case fail(HTTPError.Kind)
    }

    private struct State: Sendable {
        var outcome: Outcome
        var sent: [HTTPRequest] = []
    }

    private let state: LockedValue<State>

    init(_ outcome: Outcome) {
        state = LockedValue(State(outcome: outcome))
    }

    var outcome: Outcome {
        get { state.value.outcome }
        set { state.withLock { $0.outcome = newValue } }
    }

    var sent: [HTTPRequest] { state.value.sent }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let outcome = state.withLock { state in
            state.sent.append(request)
            return state.outcome
        }
        switch outcome {
        case .answer(let text): return .json(text)
        case .fail(let kind): throw HTTPError(kind, endpoint: request.endpoint)
        }
    }
}

/// The live API's answers that decoded kept per feature and endpoint, standing in (marked with
/// their age) only when the network is unavailable.
@Suite("CachingHTTPClient")
struct CachingHTTPClientTests {
    private static let start = Date(timeIntervalSince1970: 1_700_000_000)

    private let clock = VirtualClock(start)
    private let database = AppDatabase.inMemory()
    private let live = ScriptedHTTPClient(.answer(#"{"page":1}"#))

    private func client(feature: String = "moviedb", tracer: Tracer? = nil) -> CachingHTTPClient {
        CachingHTTPClient(live, cache: ResponseCache(database: database, feature: feature, clock: clock), tracer: tracer)
    }

    private func cache(_ feature: String = "moviedb") -> ResponseCache {
        ResponseCache(database: database, feature: feature, clock: clock)
    }

    /// Sends the request through `client` and reads the body as a feature does, through
    /// ``HTTPClient/send(_:decoding:keeping:)``: here every body reads, so the cache keeps it.
    private static func read(_ client: any HTTPClient, _ request: HTTPRequest) async throws -> HTTPResponse {
        try await client.send(request) { $0 }.response
    }

    private static let popular = HTTPRequest(path: "/movie/popular", query: [.init("page", "1")])

    private static func text(_ response: HTTPResponse) -> String {
        String(decoding: response.body, as: UTF8.self)
    }

    // MARK: Fresh answers

    @Test func aLiveAnswerIsReturnedAsItIsAndKept() async throws {
        let response = try await Self.read(client(), Self.popular)

        #expect(Self.text(response) == #"{"page":1}"#)
        #expect(response.status == 200)
        #expect(response.cachedAt == nil)
        #expect(live.sent == [Self.popular])
        #expect(try cache().entry(for: "/movie/popular?page=1") == .init(body: Data(#"{"page":1}"#.utf8), fetchedAt: Self.start))
    }

    @Test func theLatestAnswerIsTheOneKept() async throws {
        let client = client()
        _ = try await Self.read(client, Self.popular)
        clock.advance(by: 60)
        live.outcome = .answer(#"{"page":1,"v":2}"#)
        _ = try await Self.read(client, Self.popular)

        #expect(try cache().entry(for: "/movie/popular?page=1")
                == .init(body: Data(#"{"page":1,"v":2}"#.utf8), fetchedAt: Self.start.addingTimeInterval(60)))
    }

    @Test func anAnswerThatDidNotDecodeIsNeverKept() async throws {
        let client = client()
        _ = try await Self.read(client, Self.popular)
        clock.advance(by: 60)
        live.outcome = .answer("")
        struct NotAnAnswer: Error {}
        await #expect(throws: NotAnAnswer.self) {
            try await client.send(Self.popular) { _ in throw NotAnAnswer() }
        }

        #expect(try cache().entry(for: "/movie/popular?page=1") == .init(body: Data(#"{"page":1}"#.utf8), fetchedAt: Self.start),
                "the answer kept before stays")
    }

    @Test func anAnswerNobodyReadIsNotKept() async throws {
        let response = try await client().send(Self.popular)

        #expect(Self.text(response) == #"{"page":1}"#)
        #expect(try cache().entry(for: "/movie/popular?page=1") == nil)
    }

    // MARK: Network unavailable

    @Test(arguments: [HTTPError.NetworkProblem.hostNotFound, .refused, .unreachable, .offline])
    func whenTheNetworkIsUnavailableTheKeptAnswerStandsIn(problem: HTTPError.NetworkProblem) async throws {
        let client = client()
        _ = try await Self.read(client, Self.popular)
        clock.advance(by: 2 * 3600 + 59)
        live.outcome = .fail(.networkUnavailable(problem))

        let response = try await Self.read(client, Self.popular)
        #expect(Self.text(response) == #"{"page":1}"#)
        #expect(response.status == 200)
        #expect(response.headers == ["content-type": "application/json"])
        #expect(response.cachedAt == Self.start)
        #expect(ElapsedTime.ago(try #require(response.cachedAt), now: clock.now) == "2 h ago")
        #expect(live.sent.count == 2, "the live client is still asked first")
    }

    @Test func withNothingKeptTheNetworkFailureIsThrown() async throws {
        live.outcome = .fail(.networkUnavailable(.offline))
        await #expect(throws: HTTPError(.networkUnavailable(.offline), endpoint: "/movie/popular?page=1")) {
            try await Self.read(client(), Self.popular)
        }
    }

    @Test(arguments: [
        HTTPError.Kind.timeout, .status(401), .status(500), .status(404), .status(429),
        .connectionLost, .undecodable, .cancelled, .invalidURL,
    ])
    func otherFailuresAreNeverAnsweredFromTheCache(kind: HTTPError.Kind) async throws {
        let client = client()
        _ = try await Self.read(client, Self.popular)
        live.outcome = .fail(kind)

        await #expect(throws: HTTPError(kind, endpoint: "/movie/popular?page=1")) {
            try await Self.read(client, Self.popular)
        }
        #expect(try cache().entry(for: "/movie/popular?page=1")?.body == Data(#"{"page":1}"#.utf8), "the kept answer stays")
    }

    @Test func aRequestThatAllowsNoCachedAnswerGetsTheFailure() async throws {
        let client = client()
        _ = try await Self.read(client, Self.popular)
        live.outcome = .fail(.networkUnavailable(.refused))
        var refresh = Self.popular
        refresh.allowsCachedAnswer = false

        await #expect(throws: HTTPError(.networkUnavailable(.refused), endpoint: "/movie/popular?page=1")) {
            try await Self.read(client, refresh)
        }
        #expect(try await Self.read(client, Self.popular).cachedAt == Self.start, "an ordinary request still gets it")
    }

    @Test func aRefreshThatSucceedsUpdatesTheKeptAnswer() async throws {
        let client = client()
        _ = try await Self.read(client, Self.popular)
        clock.advance(by: 600)
        live.outcome = .answer(#"{"page":1,"fresh":true}"#)
        var refresh = Self.popular
        refresh.allowsCachedAnswer = false
        let response = try await Self.read(client, refresh)

        #expect(response.cachedAt == nil)
        #expect(try cache().entry(for: "/movie/popular?page=1")
                == .init(body: Data(#"{"page":1,"fresh":true}"#.utf8), fetchedAt: Self.start.addingTimeInterval(600)))
    }

    // MARK: Keys

    @Test func answersAreKeptPerEndpoint() async throws {
        let client = client()
        _ = try await Self.read(client, Self.popular)
        live.outcome = .answer(#"{"page":2}"#)
        _ = try await Self.read(client, HTTPRequest(path: "/movie/popular", query: [.init("page", "2")]))
        live.outcome = .fail(.networkUnavailable(.offline))

        #expect(Self.text(try await Self.read(client, Self.popular)) == #"{"page":1}"#)
        #expect(Self.text(try await Self.read(client, HTTPRequest(path: "/movie/popular", query: [.init("page", "2")]))) == #"{"page":2}"#)
        await #expect(throws: HTTPError(.networkUnavailable(.offline), endpoint: "/movie/popular?page=3")) {
            try await Self.read(client, HTTPRequest(path: "/movie/popular", query: [.init("page", "3")]))
        }
        await #expect(throws: HTTPError(.networkUnavailable(.offline), endpoint: "/movie/popular")) {
            try await Self.read(client, HTTPRequest(path: "/movie/popular"))
        }
    }

    @Test func answersAreKeptPerFeature() async throws {
        _ = try await Self.read(client(feature: "moviedb"), Self.popular)
        live.outcome = .fail(.networkUnavailable(.offline))

        await #expect(throws: HTTPError(.networkUnavailable(.offline), endpoint: "/movie/popular?page=1")) {
            try await Self.read(client(feature: "itunes"), Self.popular)
        }
        #expect(try await Self.read(client(feature: "moviedb"), Self.popular).cachedAt == Self.start)
    }

    @Test func anAPIKeyIsNeverKeptAndAChangedKeyStillFindsTheAnswer() async throws {
        let signed = HTTPRequest(path: "/movie/popular", query: [.secret("api_key", "f00dfeed"), .init("page", "1")])
        _ = try await Self.read(client(), signed)

        let rows = try database.read { db in
            try Row.fetchAll(db, sql: "SELECT feature, endpoint, CAST(body AS TEXT) AS body FROM response_cache")
        }
        #expect(rows.count == 1)
        #expect(rows.first?["feature"] == "moviedb")
        #expect(rows.first?["endpoint"] == "/movie/popular?page=1")
        #expect(rows.first?["body"] == #"{"page":1}"#)

        live.outcome = .fail(.networkUnavailable(.hostNotFound))
        let other = HTTPRequest(path: "/movie/popular", query: [.secret("api_key", "0ther"), .init("page", "1")])
        #expect(Self.text(try await Self.read(client(), other)) == #"{"page":1}"#)
    }

    // MARK: Absolute URLs

    @Test func anAbsoluteURLIsNeitherKeptNorAnsweredFromTheCache() async throws {
        let url = try #require(URL(string: "https://image.tmdb.org/t/p/w500/poster.jpg"))
        let request = try #require(HTTPRequest(absolute: url))
        let response = try await Self.read(client(), request)
        #expect(Self.text(response) == #"{"page":1}"#)
        #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM response_cache") } == 0)

        // Even an answer kept under its very key does not stand in.
        try cache().store(Data("kept".utf8), for: request.cacheKey)
        live.outcome = .fail(.networkUnavailable(.offline))
        await #expect(throws: HTTPError(.networkUnavailable(.offline), endpoint: "https://image.tmdb.org/t/p/w500/poster.jpg")) {
            try await Self.read(client(), request)
        }
        #expect(live.sent.count == 2)
    }

    // MARK: A cache that cannot be used

    @Test func aCacheThatCannotBeWrittenDoesNotFailTheRequest() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let notADirectory = directory.file("data")
        try Data("a file where the data directory should be".utf8).write(to: notADirectory)
        let lines = LockedValue<[String]>([])
        let tracer = Tracer(enabled: true) { line in lines.withLock { $0.append(line) } }
        let broken = ResponseCache(database: AppDatabase(directory: notADirectory), feature: "moviedb", clock: clock)
        let client = CachingHTTPClient(live, cache: broken, tracer: tracer)

        #expect(Self.text(try await Self.read(client, Self.popular)) == #"{"page":1}"#)
        #expect(lines.value == [
            "trace: cache: could not keep /movie/popular?page=1: favourites database \(notADirectory.path): cannot create the data directory",
        ])

        live.outcome = .fail(.networkUnavailable(.offline))
        await #expect(throws: HTTPError(.networkUnavailable(.offline), endpoint: "/movie/popular?page=1")) {
            try await Self.read(client, Self.popular)
        }
    }

    @Test func theTraceSaysWhenTheCacheAnsweredWithTheKeyHidden() async throws {
        let lines = LockedValue<[String]>([])
        let tracer = Tracer(enabled: true) { line in lines.withLock { $0.append(line) } }
        let client = client(tracer: tracer)
        let signed = HTTPRequest(path: "/movie/popular", query: [.secret("api_key", "f00dfeed"), .init("page", "1")])
        _ = try await Self.read(client, signed)
        #expect(lines.value == [])

        live.outcome = .fail(.networkUnavailable(.offline))
        _ = try await Self.read(client, signed)
        #expect(lines.value == ["trace: GET /movie/popular?api_key=•••&page=1: network unavailable, answered from the cache"])
    }
}
