import Foundation
import Testing
import TestSupport
@testable import ExplorerCore
@testable import ExplorerHTTP

@Suite("EmbeddedHTTPClient")
struct EmbeddedHTTPClientTests {
    private struct Ship: Decodable, Equatable {
        let name: String
        let crew: Int
    }

    private struct Page: Decodable {
        let count: Int
        let results: [Ship]
    }

    /// Answers a few fixed paths; anything else is nil (a 404).
    private let client = EmbeddedHTTPClient { request in
        switch request.endpoint {
        case "/ship/": .json(#"{"name": "X-wing", "crew": 1}"#)
        case "/page/?page=1": .json(#"{"count": 2, "results": [{"name": "A", "crew": 1}, {"name": "B"}]}"#)
        case "/wrong-type/": .json(#"{"name": 5, "crew": 1}"#)
        case "/null/": .json(#"{"name": null, "crew": 1}"#)
        case "/bad/": .json("this is not JSON")
        case "/gone/": HTTPResponse(status: 410, body: Data())
        case "/redirect/": HTTPResponse(status: 301, headers: ["location": "/elsewhere/"], body: Data())
        default: nil
        }
    }

    @Test func answersWithTheResponderResponse() async throws {
        let response = try await client.send(HTTPRequest(path: "/ship/"))
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json")
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"name": "X-wing", "crew": 1}"#)
    }

    @Test func responderSeesTheRequestAsSent() async throws {
        let seen = LockedValue<[HTTPRequest]>([])
        let client = EmbeddedHTTPClient { request in
            seen.withLock { $0.append(request) }
            return .json("{}")
        }
        let request = HTTPRequest(path: "/search", query: [.init("term", "a&b")])
        _ = try await client.send(request)
        #expect(seen.value == [request])
    }

    @Test func nilAnswerIsA404NamingTheEndpoint() async throws {
        let request = HTTPRequest(path: "/missing/", query: [.init("page", "3")])
        let error = try await #require(throws: HTTPError.self) { try await client.send(request) }
        #expect(error.kind == .status(404))
        #expect(error.endpoint == "/missing/?page=3")
        #expect(error.description == "HTTP 404 from the embedded data for /missing/?page=3")
        #expect(error == HTTPError(.status(404), endpoint: "/missing/?page=3", host: HTTPLocation.embeddedServer))
    }

    @Test func non2xxStatusesAreErrors() async throws {
        let gone = try await #require(throws: HTTPError.self) { try await client.send(HTTPRequest(path: "/gone/")) }
        #expect(gone == HTTPError(.status(410), endpoint: "/gone/", host: HTTPLocation.embeddedServer))
        let redirect = try await #require(throws: HTTPError.self) { try await client.send(HTTPRequest(path: "/redirect/")) }
        #expect(redirect == HTTPError(.status(301), endpoint: "/redirect/", host: HTTPLocation.embeddedServer))
    }

    @Test func cancelledTaskThrowsCancellation() async {
        let client = self.client
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.send(HTTPRequest(path: "/ship/"))
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    // MARK: decode

    @Test func decodesJSON() async throws {
        let ship = try await client.decode(Ship.self, from: HTTPRequest(path: "/ship/"))
        #expect(ship == Ship(name: "X-wing", crew: 1))
    }

    @Test func badJSONIsUndecodableNamingTheEndpoint() async throws {
        let error = try await #require(throws: HTTPError.self) {
            try await client.decode(Ship.self, from: HTTPRequest(path: "/bad/"))
        }
        #expect(error.kind == .undecodable)
        #expect(error.endpoint == "/bad/")
        #expect(error.description == "unreadable answer from the embedded data for /bad/: not valid JSON (malformed, or cut short)")
    }

    @Test func missingKeyNamesItsPath() async throws {
        let error = try await #require(throws: HTTPError.self) {
            try await client.decode(Page.self, from: HTTPRequest(path: "/page/", query: [.init("page", "1")]))
        }
        #expect(error.kind == .undecodable)
        #expect(error.description == "unreadable answer from the embedded data for /page/?page=1: JSON of another shape (missing $.results[1].crew)")
    }

    @Test func wrongTypeNamesItsPath() async throws {
        let error = try await #require(throws: HTTPError.self) {
            try await client.decode(Ship.self, from: HTTPRequest(path: "/wrong-type/"))
        }
        #expect(error.description == "unreadable answer from the embedded data for /wrong-type/: JSON of another shape (unexpected value at $.name)")
    }

    @Test func nullValueNamesItsPath() async throws {
        let error = try await #require(throws: HTTPError.self) {
            try await client.decode(Ship.self, from: HTTPRequest(path: "/null/"))
        }
        #expect(error.description == "unreadable answer from the embedded data for /null/: JSON of another shape (unexpected value at $.name)")
    }

    @Test func decodeOfAMissingResourceIsStillA404() async throws {
        let error = try await #require(throws: HTTPError.self) {
            try await client.decode(Ship.self, from: HTTPRequest(path: "/nowhere/"))
        }
        #expect(error == HTTPError(.status(404), endpoint: "/nowhere/", host: HTTPLocation.embeddedServer))
    }

    // MARK: HTTPError descriptions: one wording per cause, naming the server and the path

    private static let location = HTTPLocation(server: "127.0.0.1:8080", path: "/api/starships/?page=2")
    private static let request = HTTPRequest(path: "/starships/", query: [.init("page", "2")])

    private static func error(_ kind: HTTPError.Kind, detail: String? = nil) -> HTTPError {
        HTTPError(kind, request: request, at: location, detail: detail)
    }

    @Test func eachCauseHasOneMessageNamingTheServerAndThePath() {
        #expect(Self.error(.status(500)).description == "HTTP 500 from 127.0.0.1:8080 for /api/starships/?page=2")
        #expect(Self.error(.status(429)).description == "rate limited by 127.0.0.1:8080 (HTTP 429 for /api/starships/?page=2)")
        #expect(Self.error(.networkUnavailable(.hostNotFound)).description
                == "network unavailable: cannot find 127.0.0.1:8080 for /api/starships/?page=2 (no such host, or no DNS)")
        #expect(Self.error(.networkUnavailable(.refused)).description
                == "network unavailable: 127.0.0.1:8080 refused the connection for /api/starships/?page=2")
        #expect(Self.error(.networkUnavailable(.unreachable), detail: "no route").description
                == "network unavailable: cannot reach 127.0.0.1:8080 for /api/starships/?page=2: no route")
        #expect(Self.error(.networkUnavailable(.offline)).description
                == "network unavailable: not connected to a network, so no answer from 127.0.0.1:8080 for /api/starships/?page=2")
        #expect(Self.error(.connectionLost).description
                == "127.0.0.1:8080 closed the connection before answering /api/starships/?page=2 in full")
        #expect(Self.error(.undecodable, detail: "an HTML page, not JSON").description
                == "unreadable answer from 127.0.0.1:8080 for /api/starships/?page=2: an HTML page, not JSON")
        #expect(Self.error(.invalidURL).description == "cannot build a URL for /api/starships/?page=2")
        #expect(Self.error(.cancelled).description == "interrupted")
        var timeout = Self.error(.timeout)
        #expect(timeout.description == "timed out: no answer from 127.0.0.1:8080 for /api/starships/?page=2")
        timeout.timeout = .seconds(15)
        #expect(timeout.description == "timed out: no answer in 15 s from 127.0.0.1:8080 for /api/starships/?page=2")
        timeout.timeout = .milliseconds(1500)
        #expect(timeout.description == "timed out: no answer in 1.5 s from 127.0.0.1:8080 for /api/starships/?page=2")
    }

    @Test func theEmbeddedDataIsNamedWhereAServerWouldBe() {
        let error = HTTPError(.status(500), request: Self.request, at: .embedded(Self.request))
        #expect(error.description == "HTTP 500 from the embedded data for /starships/?page=2")
        #expect(HTTPError(.status(503), endpoint: "/a/").description == "HTTP 503 for /a/", "no server known")
    }

    @Test func aRetriedAnswerSaysItWaitedAndRetried() {
        var limited = Self.error(.status(429))
        limited.retry = .init(status: 429, waited: .seconds(1))
        #expect(limited.description
                == "rate limited by 127.0.0.1:8080 (HTTP 429 for /api/starships/?page=2); waited 1 s and retried, still limited")
        var thenFailed = Self.error(.status(500))
        thenFailed.retry = .init(status: 429, waited: .milliseconds(500))
        #expect(thenFailed.description == "rate limited by 127.0.0.1:8080 (HTTP 429 for /api/starships/?page=2); "
                + "waited 500 ms and retried, then: HTTP 500 from 127.0.0.1:8080 for /api/starships/?page=2")
        var unavailable = Self.error(.status(503))
        unavailable.retry = .init(status: 503, waited: .seconds(2))
        #expect(unavailable.description == "HTTP 503 from 127.0.0.1:8080 for /api/starships/?page=2; waited 2 s and retried, still HTTP 503")
        var interrupted = Self.error(.cancelled)
        interrupted.retry = .init(status: 429, waited: .seconds(1))
        #expect(interrupted.description == "interrupted")
    }

    @Test func theShortCauseIsForHeadingsAndCells() {
        #expect(Self.error(.status(500)).cause == "HTTP 500")
        #expect(Self.error(.status(429)).cause == "rate limited (HTTP 429)")
        #expect(Self.error(.timeout).cause == "timed out")
        #expect(Self.error(.networkUnavailable(.refused)).cause == "network unavailable")
        #expect(Self.error(.connectionLost).cause == "connection lost")
        #expect(Self.error(.undecodable, detail: "an HTML page, not JSON").cause == "an HTML page, not JSON")
    }

    @Test(arguments: [
        ("<!DOCTYPE html><html><body>Sign in</body></html>", "an HTML page, not JSON"),
        ("\u{FEFF}\n  <html>", "an HTML page, not JSON"),
        ("", "an empty body, not JSON"),
        (" \n", "an empty body, not JSON"),
        (#"{"count": 36, "results": [{"name": "CR90 corv"#, "not valid JSON (malformed, or cut short)"),
        ("this is not JSON", "not valid JSON (malformed, or cut short)"),
        (#"{"detail": "Not found"}"#, "JSON of another shape"),
    ])
    func whatAnUnreadableBodyIsSaidTheSameWayForEveryFeature(body: String, problem: String) {
        #expect(HTTPError.bodyProblem(Data(body.utf8)) == problem)
        let error = HTTPError.undecodable(Data(body.utf8), request: Self.request, at: Self.location, shape: "missing $.results")
        #expect(error.kind == .undecodable)
        #expect(error.description.hasPrefix("unreadable answer from 127.0.0.1:8080 for /api/starships/?page=2: "))
    }

    @Test func onlyAnUnavailableNetworkIsNetworkUnavailable() {
        #expect(HTTPError(.networkUnavailable(.refused), endpoint: "/a/").isNetworkUnavailable)
        #expect(HTTPError(.networkUnavailable(.offline), endpoint: "/a/").isNetworkUnavailable)
        #expect(!HTTPError(.status(401), endpoint: "/a/").isNetworkUnavailable)
        #expect(!HTTPError(.status(500), endpoint: "/a/").isNetworkUnavailable)
        #expect(!HTTPError(.timeout, endpoint: "/a/").isNetworkUnavailable)
        #expect(!HTTPError(.connectionLost, endpoint: "/a/").isNetworkUnavailable)
        #expect(!HTTPError(.undecodable, endpoint: "/a/").isNetworkUnavailable)
    }
}
