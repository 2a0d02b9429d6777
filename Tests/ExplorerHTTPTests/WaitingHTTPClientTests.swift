import Foundation
import Testing
import TestSupport
@testable import ExplorerCore
@testable import ExplorerHTTP

/// `loading starships…` while a request takes a while, and never for one that answers first.
@Suite("WaitingHTTPClient")
struct WaitingHTTPClientTests {
    /// Answers only once the loading line has been shown: proves it is shown while waiting.
    struct AnswersAfterTheLine: HTTPClient {
        let shown: AsyncStream<String>

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            for await _ in shown { break }
            return HTTPResponse(status: 200, body: Data("{}".utf8))
        }
    }

    struct AnswersAtOnce: HTTPClient {
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            HTTPResponse(status: 200, body: Data("{}".utf8))
        }
    }

    @Test func aSlowRequestShowsTheMessage() async throws {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        let messages = LockedValue<[String]>([])
        let client = WaitingHTTPClient(AnswersAfterTheLine(shown: stream), message: "loading starships…", delay: .zero) { message in
            messages.withLock { $0.append(message) }
            continuation.yield(message)
        }
        let response = try await client.send(HTTPRequest(path: "/starships/"))
        #expect(response.status == 200)
        #expect(messages.withLock { $0 } == ["loading starships…"])
    }

    @Test func aQuickAnswerShowsNothing() async throws {
        let messages = LockedValue<[String]>([])
        let client = WaitingHTTPClient(AnswersAtOnce(), message: "loading starships…", delay: .seconds(3600)) { message in
            messages.withLock { $0.append(message) }
        }
        _ = try await client.send(HTTPRequest(path: "/starships/"))
        await Task.yield()
        #expect(messages.withLock { $0 }.isEmpty)
    }

    /// Where there is no status line it is made without `show`: requests pass as they are.
    @Test func withoutAStatusLineRequestsPassAsTheyAre() async throws {
        let client = WaitingHTTPClient(AnswersAtOnce(), message: "loading starships…", delay: .zero, show: nil)
        let response = try await client.send(HTTPRequest(path: "/starships/"))
        #expect(response.status == 200)
        #expect(response.body == Data("{}".utf8))
    }
}
