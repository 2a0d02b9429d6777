import ExplorerCore
import ExplorerHTTP
import Foundation
@testable import MovieDB
import TestSupport
import Testing

/// TMDB over HTTP: the requests the service makes, what it reads from the answers, and TMDB's
/// own explanation of a failure.
@Suite("MovieDB service")
struct MovieDBServiceTests {
    /// Answers every request with `response` (or throws `error`) and keeps the requests.
    final class Client: HTTPClient {
        let requests = LockedValue<[HTTPRequest]>([])
        let outcome: LockedValue<Result<HTTPResponse, HTTPError>>

        init(_ outcome: Result<HTTPResponse, HTTPError>) {
            self.outcome = LockedValue(outcome)
        }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            requests.withLock { $0.append(request) }
            return try outcome.value.get()
        }
    }

    static let invalidKey = #"{"status_code": 7, "status_message": "Invalid API key: You must be granted a valid key.", "success": false}"#
    static let notFound = #"{"success": false, "status_code": 34, "status_message": "The resource you requested could not be found."}"#

    // MARK: explained

    @Test func a401WithTMDBsBodyIsAboutTheKey() {
        let error = HTTPError(.status(401), endpoint: "/movie/popular?page=1&api_key=•••", body: Data(Self.invalidKey.utf8))
        #expect(MovieDBService.explained(error) as? TMDBError
            == .keyRejected(said: " (status 7: Invalid API key: You must be granted a valid key.)"))
        #expect("\(MovieDBService.explained(error))" == "TMDB rejected the API key (status 7: Invalid API key: You must be granted a valid key.)")
    }

    @Test func a401WithoutABodyIsStillAboutTheKey() {
        let error = HTTPError(.status(401), endpoint: "/movie/popular?page=1")
        #expect("\(MovieDBService.explained(error))" == "TMDB rejected the API key")
    }

    @Test func anotherStatusWithTMDBsBodyKeepsHTTPsMessageAndAddsTMDBs() {
        let error = HTTPError(.status(404), endpoint: "/movie/1?append_to_response=videos", body: Data(Self.notFound.utf8))
        #expect(MovieDBService.explained(error) is TMDBError)
        #expect("\(MovieDBService.explained(error))"
            == "HTTP 404 for /movie/1?append_to_response=videos: TMDB says (status 34: The resource you requested could not be found.)")
    }

    @Test func aStatusWithoutABodyStaysTheHTTPError() {
        for code in [404, 500, 503] {
            let error = HTTPError(.status(code), endpoint: "/tv/popular?page=1")
            #expect(MovieDBService.explained(error) as? HTTPError == error)
        }
        let notJSON = HTTPError(.status(502), endpoint: "/tv/popular?page=1", body: Data("<html>Bad gateway</html>".utf8))
        #expect(MovieDBService.explained(notJSON) as? HTTPError == notJSON)
    }

    @Test func failuresThatAreNoStatusStayAsTheyAre() {
        for kind: HTTPError.Kind in [.networkUnavailable(.refused), .timeout, .connectionLost, .undecodable, .cancelled] {
            let error = HTTPError(kind, endpoint: "/movie/popular?page=1", body: Data(Self.invalidKey.utf8))
            #expect(MovieDBService.explained(error) as? HTTPError == error)
        }
    }

    // MARK: Over HTTP

    static let page = #"{"page": 2, "results": [{"id": 1, "name": "A show"}], "total_pages": 9, "total_results": 170}"#

    @Test func aCategoryPageIsAskedForByPathAndPageAndReadAsItsKind() async throws {
        let client = Client(.success(HTTPResponse(status: 200, body: Data(Self.page.utf8))))
        let answer = try await MovieDBService.http(client).list(.tvTopRated, 2, false)

        #expect(answer == MovieDBAnswer(MovieDBPage(page: 2, results: [MovieDBItem(kind: .tv, id: 1, title: "A show")],
                                                    totalPages: 9, totalResults: 170)))
        let request = try #require(client.requests.value.first)
        #expect(request.endpoint == "/tv/top_rated?page=2")
        #expect(request.allowsCachedAnswer)
    }

    @Test func aFreshRequestRefusesTheCacheAndACachedAnswerSaysWhen() async throws {
        let fetched = Date(timeIntervalSince1970: 1_600_000_000)
        let client = Client(.success(HTTPResponse(status: 200, body: Data(Self.page.utf8), cachedAt: fetched)))
        let service = MovieDBService.http(client)

        #expect(try await service.list(.moviePopular, 1, false).cachedAt == fetched)
        _ = try await service.list(.moviePopular, 1, true)
        _ = try await service.search(.tv, "x", 1, true)
        _ = try await service.search(.tv, "x", 1, false)
        #expect(client.requests.value.map(\.allowsCachedAnswer) == [true, false, false, true])
    }

    @Test func aDetailAsksForItsVideos() async throws {
        let body = #"{"id": 419704, "title": "Ad Astra", "genres": [{"id": 878, "name": "Science Fiction"}], "videos": {"results": [{"key": "k", "site": "YouTube", "type": "Trailer"}]}}"#
        let client = Client(.success(HTTPResponse(status: 200, body: Data(body.utf8))))
        let answer = try await MovieDBService.http(client).detail(.movie, 419704, true)

        #expect(answer.value == MovieDBItem(kind: .movie, id: 419704, title: "Ad Astra", genreIDs: [878], detail: MovieDBDetail(
            genres: ["Science Fiction"], videos: [MovieDBVideo(key: "k", name: "", site: "YouTube", type: "Trailer")])))
        #expect(answer.cachedAt == nil)
        #expect(client.requests.value.map(\.endpoint) == ["/movie/419704?append_to_response=videos"])
        #expect(client.requests.value.map(\.allowsCachedAnswer) == [false])
    }

    @Test func aSearchSendsTheTermAsOneValue() async throws {
        let client = Client(.success(HTTPResponse(status: 200, body: Data(#"{"page": 1, "results": [], "total_pages": 1, "total_results": 0}"#.utf8))))
        let answer = try await MovieDBService.http(client).search(.movie, "fast & furious", 3, false)

        #expect(answer.value == MovieDBPage(page: 1, results: [], totalPages: 1, totalResults: 0))
        let request = try #require(client.requests.value.first)
        #expect(request.path == "/search/movie")
        #expect(request.query == [.init("query", "fast & furious"), .init("page", "3"), .init("include_adult", "false")])
        #expect(request.endpoint == "/search/movie?query=fast%20%26%20furious&page=3&include_adult=false")
    }

    @Test func anAnswerThatIsNotTMDBsIsSaidAsInEveryFeatureNamingWhereItCameFrom() async throws {
        let location = HTTPLocation(server: "api.themoviedb.org", path: "/3/movie/popular?page=1&api_key=•••")
        let service = MovieDBService.http(Client(.success(HTTPResponse(status: 200, body: Data(#"{"status": "ok"}"#.utf8), location: location))))

        let list = await #expect(throws: HTTPError.self) { try await service.list(.moviePopular, 1, false) }
        #expect(list?.kind == .undecodable)
        #expect(list?.description.hasPrefix("unreadable answer from api.themoviedb.org for /3/movie/popular?page=1&api_key=•••: JSON of another shape") == true,
                "\(String(describing: list))")
        let detail = await #expect(throws: HTTPError.self) { try await service.detail(.tv, 5, false) }
        #expect(detail?.description == "unreadable answer from api.themoviedb.org for /3/movie/popular?page=1&api_key=•••: JSON of another shape")

        let html = MovieDBService.http(Client(.success(HTTPResponse(status: 200, body: Data("<html>Sign in</html>".utf8), location: location))))
        let page = await #expect(throws: HTTPError.self) { try await html.list(.moviePopular, 1, false) }
        #expect(page?.description == "unreadable answer from api.themoviedb.org for /3/movie/popular?page=1&api_key=•••: an HTML page, not JSON")
    }

    @Test func failuresComeExplained() async throws {
        let rejected = Client(.failure(HTTPError(.status(401), endpoint: "/movie/popular?page=1", body: Data(Self.invalidKey.utf8))))
        await #expect(throws: TMDBError.keyRejected(said: " (status 7: Invalid API key: You must be granted a valid key.)")) {
            try await MovieDBService.http(rejected).list(.moviePopular, 1, false)
        }

        let offline = HTTPError(.networkUnavailable(.offline), endpoint: "/movie/3?append_to_response=videos")
        await #expect(throws: offline) { try await MovieDBService.http(Client(.failure(offline))).detail(.movie, 3, false) }
    }
}
