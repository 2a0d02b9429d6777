import ExplorerCore
import ExplorerHTTP
import Foundation
@testable import ITunes
import Synchronization
import Testing

/// The requests the live service sends: every term reaches the API as one value.
@Suite struct ITunesServiceRequestTests {
    static func search(_ term: String, country: String = "US", limit: Int = 50) -> String {
        ITunesService.searchRequest(term: term, country: country, limit: limit).endpoint
    }

    @Test func aTermCannotAddParameters() {
        #expect(Self.search("a&entity=movie") == "/search?term=a%26entity%3Dmovie&media=music&entity=song&limit=50&country=US")
    }

    @Test func percentSignsAreEncoded() {
        #expect(Self.search("100%") == "/search?term=100%25&media=music&entity=song&limit=50&country=US")
    }

    @Test func nonLatinTermsArePercentEncodedUTF8() {
        #expect(Self.search("周杰倫") == "/search?term=%E5%91%A8%E6%9D%B0%E5%80%AB&media=music&entity=song&limit=50&country=US")
        #expect(Self.search("Björk") == "/search?term=Bj%C3%B6rk&media=music&entity=song&limit=50&country=US")
    }

    @Test func spacesAndApostrophesAreEncoded() {
        #expect(Self.search("guns n' roses") == "/search?term=guns%20n%27%20roses&media=music&entity=song&limit=50&country=US")
        #expect(Self.search("a+b #1?") == "/search?term=a%2Bb%20%231%3F&media=music&entity=song&limit=50&country=US")
    }

    @Test func countryAndLimitAreSent() {
        #expect(Self.search("桜", country: "JP", limit: 200) == "/search?term=%E6%A1%9C&media=music&entity=song&limit=200&country=JP")
        let request = ITunesService.searchRequest(term: "jack johnson", country: "US", limit: 10)
        #expect(request.path == "/search")
        #expect(request.query == [.init("term", "jack johnson"), .init("media", "music"), .init("entity", "song"),
                                  .init("limit", "10"), .init("country", "US")])
        #expect(request.absoluteURL == nil)
    }

    @Test func theFullURLKeepsTheBasePath() throws {
        let base = try #require(URL(string: "https://itunes.apple.com/"))
        let url = ITunesService.searchRequest(term: "a&b", country: "US", limit: 50).url(relativeTo: base)
        #expect(url?.absoluteString == "https://itunes.apple.com/search?term=a%26b&media=music&entity=song&limit=50&country=US")
    }

    @Test func lookupAsksForOneId() {
        let request = ITunesService.lookupRequest(id: 879273565, country: "US")
        #expect(request.endpoint == "/lookup?id=879273565&country=US")
        #expect(request.path == "/lookup")
        #expect(ITunesService.lookupRequest(id: 256412807, country: "JP").endpoint == "/lookup?id=256412807&country=JP")
    }

    /// The HTTP service sends exactly these requests and reads the answers.
    @Test func theHTTPServiceSendsTheseRequests() async throws {
        let client = RecordingClient()
        let service = ITunesService.http(client, country: "JP", limit: 25)

        let found = try await service.search("桜")
        #expect(found.map(\.item) == [Recorded.sakura])
        let looked = try await service.lookup(256412807)
        #expect(looked == Recorded.sakura)
        #expect(client.endpoints == [
            "/search?term=%E6%A1%9C&media=music&entity=song&limit=25&country=JP",
            "/lookup?id=256412807&country=JP",
        ])
    }

    @Test func anEmptyLookupIsNil() async throws {
        let client = RecordingClient(body: Data(#"{"resultCount":0,"results":[]}"#.utf8))
        #expect(try await ITunesService.http(client, country: "US", limit: 50).lookup(1) == nil)
    }

    @Test func anUndecodableAnswerNamesTheEndpoint() async throws {
        let client = RecordingClient(body: Data("<html>".utf8))
        await #expect(throws: HTTPError(.undecodable, endpoint: "/search?term=x&media=music&entity=song&limit=50&country=US",
                                        detail: "an HTML page, not JSON")) {
            try await ITunesService.http(client, country: "US", limit: 50).search("x")
        }
    }

    @Test func downloadsFetchOnlyHTTPAndReturnTheContentType() async throws {
        let client = RecordingClient(body: Data("m4a bytes".utf8), contentType: "audio/x-m4a")
        let service = ITunesService.http(client, country: "US", limit: 50)
        let preview = try #require(URL(string: "https://audio-ssl.itunes.apple.com/a/b.m4a?x=1"))

        let (data, contentType) = try await service.download(preview)
        #expect(data == Data("m4a bytes".utf8))
        #expect(contentType == "audio/x-m4a")
        #expect(client.endpoints == ["https://audio-ssl.itunes.apple.com/a/b.m4a?x=1"])

        for text in ["file:///etc/passwd", "javascript:alert(1)", "ftp://example.com/a.m4a"] {
            let url = try #require(URL(string: text))
            await #expect(throws: ITunesError.notWeb(url)) { try await service.download(url) }
        }
        #expect(client.endpoints.count == 1, "nothing else was sent")
    }
}

/// Answers every request with one body (the JP answer unless told), recording the endpoints.
final class RecordingClient: HTTPClient {
    private let log = Mutex<[String]>([])
    let body: Data
    let contentType: String

    init(body: Data = Recorded.data("search-jp-kobukuro-sakura-1.json"), contentType: String = "application/json") {
        self.body = body
        self.contentType = contentType
    }

    var endpoints: [String] { log.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        log.withLock { $0.append(request.endpoint) }
        return HTTPResponse(status: 200, headers: ["content-type": contentType], body: body)
    }
}
