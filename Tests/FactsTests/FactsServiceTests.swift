import ExplorerClock
import ExplorerCore
import ExplorerHTTP
import ExplorerStore
@testable import Facts
import Foundation
import TestSupport
import Testing

/// The document over HTTP: the request it makes (a cached answer allowed unless `fresh`), the
/// document and when it was cached passed through, and failures passed on in core's words
/// (an answer that is not the document says what it is, and where it came from).
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

    @Test func aFailureIsPassedOnAsItIsWordedAsInEveryFeature() async throws {
        let failures: [HTTPError] = [
            HTTPError(.networkUnavailable(.refused), endpoint: Self.path, host: "dl.dropboxusercontent.com"),
            HTTPError(.networkUnavailable(.offline), endpoint: Self.path, host: "dl.dropboxusercontent.com"),
            HTTPError(.status(500), endpoint: Self.path, host: "dl.dropboxusercontent.com"),
            HTTPError(.timeout, endpoint: Self.path, host: "dl.dropboxusercontent.com"),
            HTTPError(.connectionLost, endpoint: Self.path, host: "dl.dropboxusercontent.com"),
            HTTPError(.cancelled, endpoint: Self.path),
        ]
        for failure in failures {
            let client = DocumentClient(.failure(failure))
            await #expect(throws: failure) { try await FactsService.http(client).document(false) }
            await #expect(throws: failure, "fresh") { try await FactsService.http(client).document(true) }
        }
    }

    @Test func aBodyThatIsNotTheDocumentSaysWhatItWasNamingWhereItCameFrom() async throws {
        let cases: [(String, String)] = [
            ("<!DOCTYPE html><html><body>Dropbox: this file is gone</body></html>", "an HTML page, not JSON"),
            (#"{"title":"About Canada","rows":[{"title":"Beav"#, "not valid JSON (malformed, or cut short)"),
            ("", "an empty body, not JSON"),
            (#"{"error":"quota exceeded"}"#, "JSON of another shape (no list of rows)"),
        ]
        let location = HTTPLocation(server: "dl.dropboxusercontent.com", path: Self.path)
        for (body, problem) in cases {
            let client = DocumentClient(.success(HTTPResponse(status: 200, body: Data(body.utf8), location: location)))
            let error = await #expect(throws: HTTPError.self) { try await FactsService.http(client).document(false) }
            #expect(error?.kind == .undecodable)
            #expect(error?.description == "unreadable answer from dl.dropboxusercontent.com for \(Self.path): \(problem)")
        }
    }

    @Test func theEmbeddedDataAnswersTheDocumentWhateverItsPathAndNoImage() async throws {
        let embedded = EmbeddedHTTPClient(responder: FactsEmbeddedData.responder)
        #expect(try await FactsService.http(embedded).document(false) == FactsAnswer(document: Canada.document))
        #expect(try await FactsService.http(embedded, path: "/elsewhere.json").document(true) == FactsAnswer(document: Canada.document))

        let image = try #require(HTTPRequest(absolute: URL(string: Canada.beavers)!))
        await #expect(throws: HTTPError(.status(404), endpoint: Canada.beavers, host: HTTPLocation.embeddedServer)) { try await embedded.send(image) }
    }

    @Test func throughTheResponseCacheTheNetworkUnavailableGivesTheCachedDocumentButNotToRefresh() async throws {
        let clock = VirtualClock()
        let fetchedAt = clock.now
        let live = DocumentClient(body: EmbeddedFactsDocument.text)
        let client = CachingHTTPClient(live, cache: ResponseCache(database: .inMemory(), feature: "facts", clock: clock))
        let service = FactsService.http(client)
        #expect(try await service.document(false) == FactsAnswer(document: Canada.document))

        clock.advance(by: 2 * 3600)
        let offline = HTTPError(.networkUnavailable(.offline), endpoint: Self.path)
        live.answer.withLock { $0 = .failure(offline) }
        #expect(try await service.document(false) == FactsAnswer(document: Canada.document, cachedAt: fetchedAt))
        await #expect(throws: offline) { try await service.document(true) }

        let unavailable = HTTPError(.status(503), endpoint: Self.path)
        live.answer.withLock { $0 = .failure(unavailable) }
        await #expect(throws: unavailable, "not answered from the cache") {
            try await service.document(false)
        }
    }
}
