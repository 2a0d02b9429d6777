import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
@testable import ExplorerCore
@testable import ExplorerHTTP
import ExplorerClock
import ExplorerTrace

/// SwitchableHTTPClient, TracingHTTPClient and LiveHTTPClient's retry delay (no network needed).
@Suite("HTTP clients")
struct HTTPClientsTests {
    private static func answering(_ text: String) -> EmbeddedHTTPClient {
        EmbeddedHTTPClient { _ in .json(text) }
    }

    @Test func switchableClientFollowsTheSharedSelection() async throws {
        let selection = SourceSelection(.embedded)
        let client = SwitchableHTTPClient(live: Self.answering("live"), embedded: Self.answering("embedded"), selection: selection)
        let request = HTTPRequest(path: "/x/")
        #expect(String(decoding: try await client.send(request).body, as: UTF8.self) == "embedded")
        selection.current = .live
        #expect(String(decoding: try await client.send(request).body, as: UTF8.self) == "live")
        selection.current = .embedded
        #expect(String(decoding: try await client.send(request).body, as: UTF8.self) == "embedded")
    }

    @Test func tracingClientLogsEachRequestOnlyWhenEnabled() async throws {
        let lines = LockedValue<[String]>([])
        let tracer = Tracer { line in lines.withLock { $0.append(line) } }
        let client = TracingHTTPClient(EmbeddedHTTPClient { request in
            request.path == "/ok/" ? .json("{}") : nil
        }, tracer: tracer)

        _ = try await client.send(HTTPRequest(path: "/ok/"))
        #expect(lines.value == [])

        tracer.isEnabled = true
        _ = try await client.send(HTTPRequest(path: "/ok/", query: [.init("page", "2")]))
        await #expect(throws: HTTPError(.status(404), endpoint: "/missing/", host: HTTPLocation.embeddedServer)) {
            try await client.send(HTTPRequest(path: "/missing/"))
        }
        let logged = lines.value
        try #require(logged.count == 2)
        #expect(logged[0].wholeMatch(of: #/trace: GET /ok/\?page=2 → 200 \(\d+ ms\)/#) != nil, "\(logged[0])")
        #expect(logged[1].wholeMatch(of: #/trace: GET /missing/ → 404 \(\d+ ms\)/#) != nil, "\(logged[1])")
    }

    @Test func tracingClientNamesOtherErrorsByTheirDescription() async throws {
        let lines = LockedValue<[String]>([])
        let tracer = Tracer(enabled: true) { line in lines.withLock { $0.append(line) } }
        struct Failing: HTTPClient {
            func send(_ request: HTTPRequest) async throws -> HTTPResponse {
                throw HTTPError(.timeout, endpoint: request.endpoint)
            }
        }
        await #expect(throws: HTTPError(.timeout, endpoint: "/slow/")) {
            try await TracingHTTPClient(Failing(), tracer: tracer).send(HTTPRequest(path: "/slow/"))
        }
        #expect(lines.value.count == 1)
        #expect(lines.value.first?.wholeMatch(of: #/trace: GET /slow/ → timed out: no answer for /slow/ \(\d+ ms\)/#) != nil)
    }

    @Test func onAVirtualClockARequestTakesTheVirtualTimeThatPassedSoTracesAreTheSameEveryRun() async throws {
        let lines = LockedValue<[String]>([])
        let clock = SchedulingClock(virtualAt: Date(timeIntervalSince1970: 1_700_000_000))
        let tracer = Tracer(enabled: true, clock: clock) { line in lines.withLock { $0.append(line) } }
        struct Slow: HTTPClient {
            let clock: SchedulingClock
            func send(_ request: HTTPRequest) async throws -> HTTPResponse {
                for _ in 0..<1000 { await Task.yield() }  // real time passes
                if request.path == "/moved/" { await clock.advance(by: 1.5) }
                return .json("{}")
            }
        }
        let client = TracingHTTPClient(Slow(clock: clock), tracer: tracer)
        _ = try await client.send(HTTPRequest(path: "/still/"))
        _ = try await client.send(HTTPRequest(path: "/moved/"))
        #expect(lines.value == ["trace: GET /still/ → 200 (0 ms)", "trace: GET /moved/ → 200 (1500 ms)"])
    }

    // MARK: LiveHTTPClient.retryDelay

    private let live = LiveHTTPClient(baseURL: URL(string: "https://swapi.dev/api")!)

    private func delay(_ retryAfter: String?) -> Duration {
        live.retryDelay(HTTPResponse(status: 429, headers: retryAfter.map { ["retry-after": $0] } ?? [:], body: Data()))
    }

    @Test func retryDelayFollowsRetryAfterSeconds() {
        #expect(delay("2") == .seconds(2))
        #expect(delay(" 3 ") == .seconds(3))
        #expect(delay("0.25") == .milliseconds(250))
        #expect(delay("0") == .zero)
    }

    @Test func retryDelayIsCappedByTheMaximum() {
        #expect(delay("60") == .seconds(10))
        #expect(delay("3600") == .seconds(10))
    }

    @Test func retryDelayFallsBackToTheBackoff() {
        #expect(delay(nil) == .milliseconds(500))
        #expect(delay("soon") == .milliseconds(500))
        #expect(delay("-5") == .milliseconds(500))
        #expect(delay("Wed, 21 Oct 2015 07:28:00 GMT") == .milliseconds(500))
    }

    @Test func retryPolicyDefaults() {
        let policy = LiveHTTPClient.RetryPolicy()
        #expect(policy.retryableStatuses == [429, 503])
        #expect(policy.backoff == .milliseconds(500))
        #expect(policy.maximumDelay == .seconds(10))
    }

    @Test(arguments: [
        (Int32(6), 0, nil, HTTPError.Kind.networkUnavailable(.hostNotFound)),  // COULDNT_RESOLVE_HOST
        (5, 0, nil, .networkUnavailable(.hostNotFound)),  // COULDNT_RESOLVE_PROXY
        (7, 0, nil, .networkUnavailable(.refused)),  // COULDNT_CONNECT
        (45, 0, nil, .networkUnavailable(.unreachable)),  // INTERFACE_FAILED
        (52, 200, nil, .connectionLost),  // GOT_NOTHING
        (56, 200, nil, .connectionLost),  // RECV_ERROR
        (18, 200, nil, .connectionLost),  // PARTIAL_FILE
        (28, 0, nil, .timeout),  // OPERATION_TIMEDOUT
        // The server answered, badly: its failure, never "network unavailable".
        (1, 0, nil, .badReply(.notHTTP)),  // UNSUPPORTED_PROTOCOL with no status: HTTP/0.9, another protocol
        (8, 200, nil, .badReply(.notHTTP)),  // WEIRD_SERVER_REPLY: Content-Length: -1
        (1, 302, "ftp://host/file", .badReply(.refusedRedirect(scheme: "ftp"))),
        (1, 301, "JavaScript:alert(1)", .badReply(.refusedRedirect(scheme: "javascript"))),
        (1, 302, "\u{1B}[2J:x", .badReply(.refusedRedirect(scheme: nil))),
        (3, 302, "http://[::1", .badReply(.refusedRedirect(scheme: nil))),
        (47, 302, "/loop", .badReply(.tooManyRedirects)),
        (61, 200, nil, .badReply(.badEncoding)),
        (27, 200, nil, .badReply(.headersTooLarge)),  // one header line past libcurl's limit (7.x)
        (100, 200, nil, .badReply(.headersTooLarge)),  // the same in 8.6 and later
        (35, 302, nil, .badReply(.tls)),  // SSL_CONNECT_ERROR: an https redirect to a plain port
        (60, 0, nil, .badReply(.tls)),  // PEER_FAILED_VERIFICATION
        (42, 200, nil, .transferFailed),  // ABORTED_BY_CALLBACK: not told apart
    ] as [(Int32, Int, String?, HTTPError.Kind)])
    func transportFailuresAreToldApart(code: Int32, status: Int, redirect: String?, kind: HTTPError.Kind) {
        let error = LiveHTTPClient.map(.transfer(code: code, message: "curl says", status: status, redirect: redirect),
                                       HTTPRequest(path: "/a/"), at: HTTPLocation(server: "api.example", path: "/v1/a/"))
        #expect(error.kind == kind)
        #expect(error.host == "api.example")
        #expect(error.isNetworkUnavailable == (code == 5 || code == 6 || code == 7 || code == 45))
    }

    @Test func aServerThatAnsweredBadlyIsNamed() {
        func message(_ kind: HTTPError.Kind) -> String {
            HTTPError(kind, endpoint: "/starships/?page=1", detail: kind == .badReply(.tls) ? "SSL connect error" : nil,
                      host: "127.0.0.1:8080").description
        }
        #expect(message(.badReply(.notHTTP)) == "127.0.0.1:8080 did not answer /starships/?page=1 in HTTP (another protocol, HTTP/0.9 or broken HTTP)")
        #expect(message(.badReply(.headersTooLarge)) == "the headers from 127.0.0.1:8080 for /starships/?page=1 are over 64 KB, so the answer was stopped")
        #expect(message(.badReply(.badEncoding)) == "the answer from 127.0.0.1:8080 for /starships/?page=1 is not in the Content-Encoding it names, so it cannot be decompressed")
        #expect(message(.badReply(.tooManyRedirects)) == "127.0.0.1:8080 redirected /starships/?page=1 more than 5 times (a redirect loop?)")
        #expect(message(.badReply(.refusedRedirect(scheme: "file"))) == "127.0.0.1:8080 redirected /starships/?page=1 to file:…; only http and https redirects are followed")
        #expect(message(.badReply(.refusedRedirect(scheme: nil))) == "127.0.0.1:8080 redirected /starships/?page=1 to a URL that cannot be read; only http and https redirects are followed")
        #expect(message(.badReply(.tls)) == "no secure (TLS) connection could be made to 127.0.0.1:8080 for /starships/?page=1: SSL connect error")
        #expect(HTTPError(.badReply(.tooManyRedirects), endpoint: "/a/").cause == "too many redirects")
    }

    @Test func aHeaderFloodIsStoppedAsItsOwnCause() {
        let error = LiveHTTPClient.map(.headersTooLarge, HTTPRequest(path: "/a/"), at: HTTPLocation(server: "api.example", path: "/v1/a/"))
        #expect(error.kind == .badReply(.headersTooLarge))
    }

    @Test func aStoppedOversizedAnswerCancellingAndAMissingLibcurlAreTheirOwnCauses() {
        let request = HTTPRequest(path: "/a/")
        let location = HTTPLocation(server: "api.example", path: "/v1/a/")
        let tooLarge = LiveHTTPClient.map(.tooLarge(limit: 32 << 20), request, at: location)
        #expect(tooLarge.kind == .tooLarge(limit: 32 << 20))
        #expect(tooLarge.description == "the answer from api.example for /v1/a/ is over the 32 MB limit, so it was stopped")
        #expect(LiveHTTPClient.map(.cancelled, request, at: location).kind == .cancelled)
        let missing = LiveHTTPClient.map(.unavailable("libcurl.so.4: cannot open shared object file"), request, at: location)
        #expect(missing.description == "live data needs libcurl (libcurl.so.4), which cannot be loaded here: install the libcurl4 package: libcurl.so.4: cannot open shared object file")
    }
}
