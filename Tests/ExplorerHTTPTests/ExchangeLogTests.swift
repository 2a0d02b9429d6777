import Foundation
import Testing
@testable import ExplorerHTTP

/// What `raw` reads: each feature's last requests, newest first, their bodies kept within a budget.
@Suite("ExchangeLog")
struct ExchangeLogTests {
    private func exchange(_ number: Int, bytes: Int) -> HTTPExchange {
        let request = HTTPRequest(path: "/things/", query: [.init("page", String(number)), .secret("api_key", "k3y")])
        let body = Data((#"{"page": \#(number), "key": "k3y", "pad": ""# + String(repeating: "x", count: max(bytes - 40, 0)) + "\"}").utf8)
        return HTTPExchange(request: request, baseURL: URL(string: "https://u:p@api.test/v1"),
                            response: HTTPResponse(status: 200, headers: ["content-type": "application/json", "set-cookie": "s"], body: body),
                            elapsed: .milliseconds(number), at: Date(timeIntervalSince1970: 0))
    }

    @Test func newestFirstAtMostCapacityBodiesWithinTheBudget() {
        let log = ExchangeLog(capacity: 3, bodyBudget: 1_000)
        for number in 1...4 { log.record(exchange(number, bytes: 400), feature: "things") }
        let recent = log.recent(for: "things")
        #expect(recent.map(\.url) == (2...4).reversed().map { "https://•••@api.test/v1/things/?page=\($0)&api_key=•••" })
        #expect(recent.map(\.isBodyKept) == [true, true, false], "the newest two fit in 1,000 bytes")
        #expect(recent[0].text?.contains(#""key": "•••""#) == true, "the key in the body as •••")
        #expect(recent[2].text == nil)
        #expect(recent[2].size == recent[0].size, "its size is still said")
        #expect(recent[0].headers == ["content-type": "application/json"])
        #expect(log.recent(for: "others").isEmpty)
    }

    @Test func theNewestBodyIsKeptWhateverItsSize() {
        let log = ExchangeLog(capacity: 3, bodyBudget: 10)
        log.record(exchange(1, bytes: 100), feature: "things")
        #expect(log.recent(for: "things").first?.isBodyKept == true)
    }

    /// Header names that differ only in case (a recording edited by hand) keep one value, and
    /// a bearer token is written ••• alone as well as whole.
    @Test func headersOfEveryCaseAndABareTokenAreHandled() {
        let request = HTTPRequest(path: "/x", headers: [.secret("Authorization", "Bearer t0ken")])
        let exchange = HTTPExchange(request: request, baseURL: nil,
                                    response: HTTPResponse(status: 200, headers: ["ETag": "a", "etag": "b"], body: Data("echo t0ken".utf8)),
                                    elapsed: .zero, at: Date(timeIntervalSince1970: 0))
        #expect(exchange.headers.count == 1 && ["a", "b"].contains(exchange.headers["etag"] ?? ""))
        #expect(exchange.text == "echo •••")
    }

    /// A status came from a server; a failure to get one, from no one.
    @Test func whoAnsweredAFailure() {
        let request = HTTPRequest(path: "/x")
        let at = HTTPLocation(server: "api.test", path: "/x")
        func answeredBy(_ error: HTTPError) -> String {
            HTTPExchange(request: request, baseURL: nil, error: error, elapsed: .zero, at: Date(timeIntervalSince1970: 0)).answeredBy
        }
        #expect(answeredBy(HTTPError(.status(500), request: request, at: at)) == "api.test")
        #expect(answeredBy(HTTPError(.networkUnavailable(.refused), request: request, at: at)) == "none: network unavailable")
        #expect(answeredBy(HTTPError(.notRecorded(file: "x.rec", advice: "record it with --record"), request: request, at: at)) == "none: not recorded")
        var injected = HTTPError(.status(404), request: request, at: at)
        injected.injected = "HTTP 404"
        #expect(answeredBy(injected) == "none: injected by `net fail` (HTTP 404)")
    }
}
