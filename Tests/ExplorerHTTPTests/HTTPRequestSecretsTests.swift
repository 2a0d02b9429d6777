import Foundation
import Testing
import TestSupport
@testable import ExplorerCore
@testable import ExplorerHTTP

/// Secret query items and headers: sent, but shown as `•••` and never part of a cache key.
@Suite("HTTPRequest secrets")
struct HTTPRequestSecretsTests {
    private static let signed = HTTPRequest(
        path: "/movie/popular",
        query: [.secret("api_key", "f00d feed"), .init("page", "1"), .init("language", "fr-FR")],
        headers: [.secret("Authorization", "Bearer t0ken"), .init("Accept", "application/json")])

    @Test func aSecretParameterIsMarkedSecret() {
        let secret = HTTPRequest.Parameter.secret("api_key", "k")
        #expect(secret.name == "api_key")
        #expect(secret.value == "k")
        #expect(secret.isSecret)
        #expect(HTTPRequest.Parameter("page", "1").isSecret == false)
    }

    @Test func theEndpointShowsSecretsAsDots() {
        #expect(Self.signed.endpoint == "/movie/popular?api_key=•••&page=1&language=fr-FR")
        #expect(HTTPRequest(path: "/x", query: [.secret("token", "")]).endpoint == "/x?token=•••")
        #expect(HTTPRequest.redacted == "•••")
    }

    @Test func theCacheKeyLeavesSecretQueryItemsOut() {
        #expect(Self.signed.cacheKey == "/movie/popular?page=1&language=fr-FR")
        #expect(HTTPRequest(path: "/movie/popular", query: [.secret("api_key", "k")]).cacheKey == "/movie/popular")
        #expect(HTTPRequest(path: "/movie/popular").cacheKey == "/movie/popular")
    }

    @Test func theCacheKeyIsTheSameWhateverTheKey() {
        let one = HTTPRequest(path: "/search/movie", query: [.secret("api_key", "one"), .init("query", "star wars")])
        let other = HTTPRequest(path: "/search/movie", query: [.secret("api_key", "other"), .init("query", "star wars")])
        #expect(one.cacheKey == "/search/movie?query=star%20wars")
        #expect(other.cacheKey == one.cacheKey)
        #expect(one.endpoint == "/search/movie?api_key=•••&query=star%20wars")
    }

    @Test func theCacheKeyKeepsTheOrderAndEncodingOfTheOtherItems() {
        let request = HTTPRequest(path: "/search", query: [.init("term", "a&b=c"), .secret("key", "s"), .init("limit", "25")])
        #expect(request.cacheKey == "/search?term=a%26b%3Dc&limit=25")
        #expect(HTTPRequest(path: "/search", query: [.init("limit", "25"), .init("term", "a&b=c")]).cacheKey
                == "/search?limit=25&term=a%26b%3Dc")
    }

    @Test func theURLCarriesTheSecrets() {
        let url = Self.signed.url(relativeTo: URL(string: "https://api.themoviedb.org/3")!)
        #expect(url?.absoluteString == "https://api.themoviedb.org/3/movie/popular?api_key=f00d%20feed&page=1&language=fr-FR")
        #expect(Self.signed.encodedQuery == "api_key=f00d%20feed&page=1&language=fr-FR")
    }

    @Test func theSecretsAreTheSecretQueryValuesAndHeaders() {
        #expect(Self.signed.secrets == ["f00d feed", "Bearer t0ken", "t0ken"])
        #expect(HTTPRequest(path: "/x", query: [.secret("empty", "")]).secrets == [])
        #expect(Self.signed.headerValue("authorization") == "Bearer t0ken")
    }

    @Test func redactingHidesSecretsAsSentAndEncoded() {
        #expect(Self.signed.redacting("GET /movie/popular?api_key=f00d%20feed failed") == "GET /movie/popular?api_key=••• failed")
        #expect(Self.signed.redacting("key f00d feed, token Bearer t0ken") == "key •••, token •••")
        #expect(Self.signed.redacting("nothing secret") == "nothing secret")
    }

    @Test func anAbsoluteRequestIsKeyedByItsURL() throws {
        let url = try #require(URL(string: "https://image.tmdb.org/t/p/w500/abc.jpg?size=2"))
        let request = try #require(HTTPRequest(absolute: url))
        #expect(request.absoluteURL == url)
        #expect(request.path == "/t/p/w500/abc.jpg")
        #expect(request.query == [])
        #expect(request.cacheKey == "https://image.tmdb.org/t/p/w500/abc.jpg?size=2")
        #expect(request.endpoint == "https://image.tmdb.org/t/p/w500/abc.jpg?size=2")
        #expect(request.url(relativeTo: URL(string: "https://api.themoviedb.org/3")!) == url)
    }

    @Test func anAbsoluteRequestHidesASecretHeaderValueInItsURL() throws {
        let url = try #require(URL(string: "https://cdn.example/preview.m4a?token=s3cr3t"))
        let request = try #require(HTTPRequest(absolute: url, headers: [.secret("X-Token", "s3cr3t")]))
        #expect(request.endpoint == "https://cdn.example/preview.m4a?token=•••")
    }

    @Test(arguments: ["file:///tmp/poster.jpg", "ftp://example.com/a.jpg", "data:image/png;base64,AAAA", "mailto:a@b.c", "http:relative"])
    func onlyHTTPAndHTTPSURLsMakeAnAbsoluteRequest(text: String) throws {
        let url = try #require(URL(string: text))
        #expect(HTTPRequest(absolute: url) == nil)
    }

    @Test func httpAndHTTPSInAnyCaseMakeAnAbsoluteRequest() throws {
        let upper = try #require(URL(string: "HTTP://example.com/a"))
        let bare = try #require(URL(string: "https://example.com"))
        #expect(HTTPRequest(absolute: upper)?.absoluteURL == upper)
        #expect(HTTPRequest(absolute: bare)?.absoluteURL == bare)
    }

    @Test func aCachedAnswerIsAllowedUnlessSaidOtherwise() {
        var request = HTTPRequest(path: "/movie/popular")
        #expect(request.allowsCachedAnswer)
        request.allowsCachedAnswer = false
        #expect(request.allowsCachedAnswer == false)
        #expect(request.cacheKey == "/movie/popular", "the key does not depend on it")
    }

    // MARK: Where a request goes, as messages name it

    @Test func theLocationIsTheServerAndTheWholePathWithSecretsAsDots() {
        let tmdb = URL(string: "https://api.themoviedb.org/3")!
        #expect(Self.signed.location(relativeTo: tmdb)
                == HTTPLocation(server: "api.themoviedb.org", path: "/3/movie/popular?api_key=•••&page=1&language=fr-FR"))
        let loopback = URL(string: "http://127.0.0.1:8080/api/")!
        #expect(HTTPRequest(path: "/starships/", query: [.init("page", "1")]).location(relativeTo: loopback)
                == HTTPLocation(server: "127.0.0.1:8080", path: "/api/starships/?page=1"))
        #expect(HTTPRequest(path: "/racing/").location(relativeTo: URL(string: "https://api.neds.com.au")!)
                == HTTPLocation(server: "api.neds.com.au", path: "/racing/"))
        #expect(HTTPRequest(path: "/starships/").location(relativeTo: nil) == HTTPLocation(server: "the embedded data", path: "/starships/"))
    }

    @Test func aUserNameAndPasswordInAURLAreNeverShown() throws {
        let url = try #require(URL(string: "https://user:hunter2@images.example:8443/a%20b.png?sig=1"))
        let request = try #require(HTTPRequest(absolute: url))
        #expect(request.location(relativeTo: URL(string: "https://api.example")!)
                == HTTPLocation(server: "images.example:8443", path: "/a%20b.png?sig=1"))
        #expect(request.endpoint == "https://•••@images.example:8443/a%20b.png?sig=1")
        let error = HTTPError(.status(403), request: request, at: request.location(relativeTo: nil))
        #expect(!error.description.contains("hunter2") && !error.description.contains("user"), "\(error)")
    }

    @Test func aSecretNeverReachesAFailuresMessage() {
        let tmdb = URL(string: "https://api.themoviedb.org/3")!
        for kind: HTTPError.Kind in [.status(500), .status(429), .timeout, .networkUnavailable(.refused), .connectionLost, .undecodable] {
            let error = HTTPError(kind, request: Self.signed, at: Self.signed.location(relativeTo: tmdb), detail: Self.signed.redacting("curl: f00d feed"))
            #expect(!error.description.contains("f00d"), "\(error)")
            #expect(error.description.contains("api.themoviedb.org"), "\(error)")
        }
    }
}
