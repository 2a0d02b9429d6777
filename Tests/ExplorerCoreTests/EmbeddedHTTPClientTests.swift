import Foundation
import Testing
import TestSupport
@testable import ExplorerCore

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
        #expect(error.description == "HTTP 404 from /missing/?page=3")
        #expect(error == HTTPError(.status(404), endpoint: "/missing/?page=3"))
    }

    @Test func non2xxStatusesAreErrors() async throws {
        let gone = try await #require(throws: HTTPError.self) { try await client.send(HTTPRequest(path: "/gone/")) }
        #expect(gone == HTTPError(.status(410), endpoint: "/gone/"))
        let redirect = try await #require(throws: HTTPError.self) { try await client.send(HTTPRequest(path: "/redirect/")) }
        #expect(redirect == HTTPError(.status(301), endpoint: "/redirect/"))
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
        #expect(error.description == "undecodable response from /bad/: not valid JSON")
    }

    @Test func missingKeyNamesItsPath() async throws {
        let error = try await #require(throws: HTTPError.self) {
            try await client.decode(Page.self, from: HTTPRequest(path: "/page/", query: [.init("page", "1")]))
        }
        #expect(error.kind == .undecodable)
        #expect(error.description == "undecodable response from /page/?page=1: missing $.results[1].crew")
    }

    @Test func wrongTypeNamesItsPath() async throws {
        let error = try await #require(throws: HTTPError.self) {
            try await client.decode(Ship.self, from: HTTPRequest(path: "/wrong-type/"))
        }
        #expect(error.description == "undecodable response from /wrong-type/: unexpected value at $.name")
    }

    @Test func nullValueNamesItsPath() async throws {
        let error = try await #require(throws: HTTPError.self) {
            try await client.decode(Ship.self, from: HTTPRequest(path: "/null/"))
        }
        #expect(error.description == "undecodable response from /null/: unexpected value at $.name")
    }

    @Test func decodeOfAMissingResourceIsStillA404() async throws {
        let error = try await #require(throws: HTTPError.self) {
            try await client.decode(Ship.self, from: HTTPRequest(path: "/nowhere/"))
        }
        #expect(error == HTTPError(.status(404), endpoint: "/nowhere/"))
    }

    // MARK: HTTPError descriptions

    @Test func httpErrorDescriptions() {
        #expect(HTTPError(.networkUnavailable(.hostNotFound), endpoint: "/a/", host: "swapi.dev").description
                == "network unavailable: cannot find swapi.dev for /a/ (no such host, or no DNS)")
        #expect(HTTPError(.networkUnavailable(.refused), endpoint: "/a/", host: "127.0.0.1:9").description
                == "network unavailable: 127.0.0.1:9 refused the connection for /a/")
        #expect(HTTPError(.networkUnavailable(.unreachable), endpoint: "/a/").description == "network unavailable: cannot reach the server for /a/")
        #expect(HTTPError(.networkUnavailable(.unreachable), endpoint: "/a/", detail: "no route").description
                == "network unavailable: cannot reach the server for /a/: no route")
        #expect(HTTPError(.networkUnavailable(.offline), endpoint: "/a/").description == "network unavailable: not connected to a network (for /a/)")
        #expect(HTTPError(.connectionLost, endpoint: "/a/", host: "h").description == "h closed the connection before answering /a/ in full")
        #expect(HTTPError(.timeout, endpoint: "/a/").description == "timed out waiting for /a/")
        #expect(HTTPError(.status(503), endpoint: "/a/?page=2").description == "HTTP 503 from /a/?page=2")
        #expect(HTTPError(.undecodable, endpoint: "/a/").description == "undecodable response from /a/")
        #expect(HTTPError(.invalidURL, endpoint: "/a b/").description == "cannot build a URL for /a b/")
        #expect(HTTPError(.cancelled, endpoint: "/a/").description == "interrupted")
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
