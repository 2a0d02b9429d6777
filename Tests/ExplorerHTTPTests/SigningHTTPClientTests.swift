import ExplorerClock
@testable import ExplorerCore
@testable import ExplorerHTTP
@testable import ExplorerStore
import Foundation
import GRDB
import TestSupport
import Testing

/// Records each request it is sent and answers `{}`.
private final class RecordingHTTPClient: HTTPClient {
    private let requests = LockedValue<[HTTPRequest]>([])

    var sent: [HTTPRequest] { requests.value }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        requests.withLock { $0.append(request) }
        return .json("{}")
    }
}

private struct MissingKey: Error, Equatable {
    let message: String
}

/// Credentials go only on live requests to the API: not embedded ones, not absolute URLs.
@Suite("SigningHTTPClient")
struct SigningHTTPClientTests {
    private let wrapped = RecordingHTTPClient()
    private let signings = LockedValue(0)

    /// Adds `api_key=k3y` (secret) and counts how often it is asked.
    private var apiKeySigner: RequestSigner {
        let signings = signings
        return RequestSigner { request in
            signings.withLock { $0 += 1 }
            var signed = request
            signed.query.append(.secret("api_key", "k3y"))
            return signed
        }
    }

    private static let popular = HTTPRequest(path: "/movie/popular", query: [.init("page", "1")])

    @Test func aLiveRequestIsSigned() async throws {
        let client = SigningHTTPClient(wrapped, signer: apiKeySigner, selection: SourceSelection(.live))
        _ = try await client.send(Self.popular)

        let expected = HTTPRequest(path: "/movie/popular", query: [.init("page", "1"), .secret("api_key", "k3y")])
        #expect(wrapped.sent == [expected])
        #expect(wrapped.sent.first?.endpoint == "/movie/popular?page=1&api_key=•••")
        #expect(signings.value == 1)
    }

    @Test func anEmbeddedRequestIsSentAsItIs() async throws {
        let client = SigningHTTPClient(wrapped, signer: apiKeySigner, selection: SourceSelection(.embedded))
        _ = try await client.send(Self.popular)

        #expect(wrapped.sent == [Self.popular])
        #expect(signings.value == 0, "the signer is not even asked")
    }

    @Test func anAbsoluteURLIsSentAsItIsEvenLive() async throws {
        let client = SigningHTTPClient(wrapped, signer: apiKeySigner, selection: SourceSelection(.live))
        let url = try #require(URL(string: "https://image.tmdb.org/t/p/w500/a.jpg"))
        let request = try #require(HTTPRequest(absolute: url))
        _ = try await client.send(request)

        #expect(wrapped.sent == [request])
        #expect(wrapped.sent.first?.secrets == [])
        #expect(signings.value == 0)
    }

    @Test func theSharedSelectionIsReadAtEachRequest() async throws {
        let selection = SourceSelection(.embedded)
        let client = SigningHTTPClient(wrapped, signer: apiKeySigner, selection: selection)
        _ = try await client.send(Self.popular)
        selection.current = .live
        _ = try await client.send(Self.popular)
        selection.current = .embedded
        _ = try await client.send(Self.popular)

        #expect(wrapped.sent.map(\.endpoint) == ["/movie/popular?page=1", "/movie/popular?page=1&api_key=•••", "/movie/popular?page=1"])
        #expect(signings.value == 1)
    }

    @Test func aSignerThatCannotSignFailsTheRequestBeforeItIsSent() async throws {
        let signer = RequestSigner { _ in throw MissingKey(message: "set TMDB_API_KEY") }
        let client = SigningHTTPClient(wrapped, signer: signer, selection: SourceSelection(.live))

        await #expect(throws: MissingKey(message: "set TMDB_API_KEY")) {
            try await client.send(Self.popular)
        }
        #expect(wrapped.sent == [])
        // Embedded, the same signer is never asked.
        let embedded = SigningHTTPClient(wrapped, signer: signer, selection: SourceSelection(.embedded))
        _ = try await embedded.send(Self.popular)
        #expect(wrapped.sent == [Self.popular])
    }

    @Test func aBearerTokenGoesAsASecretHeader() async throws {
        let signer = RequestSigner { request in
            var signed = request
            signed.headers.append(.secret("Authorization", "Bearer t0ken"))
            return signed
        }
        let client = SigningHTTPClient(wrapped, signer: signer, selection: SourceSelection(.live))
        _ = try await client.send(Self.popular)

        let sent = try #require(wrapped.sent.first)
        #expect(sent.headerValue("authorization") == "Bearer t0ken")
        #expect(sent.secrets == ["Bearer t0ken", "t0ken"])
        #expect(sent.endpoint == "/movie/popular?page=1")
    }

    @Test func theKeyAddedOutermostNeverReachesTheResponseCache() async throws {
        let database = AppDatabase.inMemory()
        let cache = ResponseCache(database: database, feature: "moviedb", clock: VirtualClock())
        let client = SigningHTTPClient(CachingHTTPClient(wrapped, cache: cache), signer: apiKeySigner, selection: SourceSelection(.live))
        _ = try await client.send(Self.popular) { $0 }  // read, as a feature reads it: so it is kept

        let endpoints = try database.read { db in try String.fetchAll(db, sql: "SELECT endpoint FROM response_cache") }
        #expect(endpoints == ["/movie/popular?page=1"])
        #expect(wrapped.sent.first?.queryValue("api_key") == "k3y", "but it is sent")
    }
}
