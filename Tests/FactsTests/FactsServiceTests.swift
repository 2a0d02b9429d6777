import ExplorerCore
import Foundation
import Testing
import TestSupport
@testable import Facts

/// The document over HTTP: the request it makes (a cached answer allowed unless `fresh`), the
/// document and when it was cached passed through, and the two kinds of failure told apart —
/// the network unavailable, and everything else in one generic message with its cause.
@Suite("Facts service")
struct FactsServiceTests {
    /// Answers the document's request with `answer`; logs what it was asked.
    final class DocumentClient: HTTPClient {
        let answer: LockedValue<Result<HTTPResponse, HTTPError>>
        private let log = LockedValue<[HTTPRequest]>([])

        init(_ answer: Result<HTTPResponse, HTTPError>) {
            self.answer = LockedValue(answer)
        }

        convenience init(body: String, cachedAt: Date? = nil) {
            self.init(.success(HTTPResponse(status: 200, headers: ["content-type": "text/plain; charset=utf-8"],
                                            body: Data(body.utf8), cachedAt: cachedAt)))
        }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            log.withLock { $0.append(request) }
            return try answer.value.get()
        }

        var requests: [HTTPRequest] { log.value }
    }

    static let path = "/s/2iodh4vg0eortkl/facts.json"
    static let unavailable = CommandError("network unavailable — check the connection, then refresh")

    @Test func itAsksForTheDocumentsPathAllowingACachedAnswerUnlessFresh() async throws {
        #expect(FactsService.defaultPath == Self.path)
        let client = DocumentClient(body: EmbeddedFactsDocument.text)
        let service = FactsService.http(client)

        let answer = try await service.document(false)
        #expect(answer == FactsAnswer(document: Canada.document, cachedAt: nil))
        _ = try await service.document(true)

        let cachedAllowed = HTTPRequest(path: Self.path)
        var fresh = HTTPRequest(path: Self.path)
        fresh.allowsCachedAnswer = false
        #expect(client.requests == [cachedAllowed, fresh])
        #expect(client.requests.map(\.allowsCachedAnswer) == [true, false])
        #expect(client.requests.map(\.absoluteURL) == [nil, nil], "relative to the feature's base URL")
        #expect(client.requests.map(\.endpoint) == [Self.path, Self.path])
    }

    @Test func anotherPathWhenConfigured() async throws {
        let client = DocumentClient(body: #"{"title":"T","rows":[]}"#)
        let answer = try await FactsService.http(client, path: "/facts/v2.json").document(false)
        #expect(answer == FactsAnswer(document: FactsDocument(title: "T", rows: [])))
        #expect(client.requests.map(\.path) == ["/facts/v2.json"])
    }

    @Test func whenTheAnswerWasCachedIsPassedThrough() async throws {
        let cachedAt = Date(timeIntervalSince1970: 1_699_992_800)
        let client = DocumentClient(body: EmbeddedFactsDocument.text, cachedAt: cachedAt)
        let answer = try await FactsService.http(client).document(false)
        #expect(answer == FactsAnswer(document: Canada.document, cachedAt: cachedAt))
    }

    @Test func theNetworkUnavailableForWhateverReasonSaysHowToGoOn() async throws {
        for problem in [HTTPError.NetworkProblem.hostNotFound, .refused, .unreachable, .offline] {
            let client = DocumentClient(.failure(HTTPError(.networkUnavailable(problem), endpoint: Self.path, host: "dl.dropboxusercontent.com")))
            await #expect(throws: Self.unavailable, "\(problem)") { try await FactsService.http(client).document(false) }
            await #expect(throws: Self.unavailable, "\(problem), fresh") { try await FactsService.http(client).document(true) }
        }
    }

    @Test func everyOtherFailureIsTheGenericMessageWithItsCause() async throws {
        let cases: [(HTTPError.Kind, String)] = [
            (.status(500), "could not load the facts (HTTP 500)"),
            (.status(404), "could not load the facts (HTTP 404)"),
            (.timeout, "could not load the facts (no answer in time)"),
            (.connectionLost, "could not load the facts (the connection was lost)"),
            (.undecodable, "could not load the facts (undecodable response from /s/2iodh4vg0eortkl/facts.json)"),
            (.invalidURL, "could not load the facts (cannot build a URL for /s/2iodh4vg0eortkl/facts.json)"),
        ]
        for (kind, message) in cases {
            let client = DocumentClient(.failure(HTTPError(kind, endpoint: Self.path)))
            await #expect(throws: CommandError(message)) { try await FactsService.http(client).document(false) }
        }
    }

    @Test func anInterruptionIsNotAFailureOfTheFacts() async throws {
        let interrupted = HTTPError(.cancelled, endpoint: Self.path)
        let client = DocumentClient(.failure(interrupted))
        await #expect(throws: interrupted) { try await FactsService.http(client).document(false) }
    }

    @Test func aBodyThatIsNotTheDocumentSaysWhatItWas() async throws {
        let cases: [(String, String)] = [
            ("<!DOCTYPE html><html><body>Dropbox: this file is gone</body></html>", "could not load the facts (an HTML page, not JSON)"),
            (#"{"title":"About Canada","rows":[{"title":"Beav"#, "could not load the facts (malformed or truncated JSON)"),
            ("", "could not load the facts (malformed or truncated JSON)"),
            (#"{"error":"quota exceeded"}"#, "could not load the facts (JSON without a list of rows)"),
        ]
        for (body, message) in cases {
            await #expect(throws: CommandError(message)) { try await FactsService.http(DocumentClient(body: body)).document(false) }
        }
    }

    @Test func theEmbeddedDataAnswersTheDocumentWhateverItsPathAndNoImage() async throws {
        let embedded = EmbeddedHTTPClient(responder: FactsEmbeddedData.responder)
        #expect(try await FactsService.http(embedded).document(false) == FactsAnswer(document: Canada.document))
        #expect(try await FactsService.http(embedded, path: "/elsewhere.json").document(true) == FactsAnswer(document: Canada.document))

        let image = try #require(HTTPRequest(absolute: URL(string: Canada.beavers)!))
        await #expect(throws: HTTPError(.status(404), endpoint: Canada.beavers)) { try await embedded.send(image) }
    }

    @Test func throughTheResponseCacheTheNetworkUnavailableGivesTheCachedDocumentButNotToRefresh() async throws {
        let clock = VirtualClock()
        let fetchedAt = clock.now
        let live = DocumentClient(body: EmbeddedFactsDocument.text)
        let client = CachingHTTPClient(live, cache: ResponseCache(database: .inMemory(), feature: "facts", clock: clock))
        let service = FactsService.http(client)
        #expect(try await service.document(false) == FactsAnswer(document: Canada.document))

        clock.advance(by: 2 * 3600)
        live.answer.withLock { $0 = .failure(HTTPError(.networkUnavailable(.offline), endpoint: Self.path)) }
        #expect(try await service.document(false) == FactsAnswer(document: Canada.document, cachedAt: fetchedAt))
        await #expect(throws: Self.unavailable) { try await service.document(true) }

        live.answer.withLock { $0 = .failure(HTTPError(.status(503), endpoint: Self.path)) }
        await #expect(throws: CommandError("could not load the facts (HTTP 503)"), "not answered from the cache") {
            try await service.document(false)
        }
    }
}
