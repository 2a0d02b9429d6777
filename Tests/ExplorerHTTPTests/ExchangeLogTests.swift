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
}
