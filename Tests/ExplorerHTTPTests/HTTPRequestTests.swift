import Foundation
import Testing
import TestSupport
@testable import ExplorerCore
@testable import ExplorerHTTP

@Suite("HTTPRequest")
struct HTTPRequestTests {
    private let swapi = URL(string: "https://swapi.dev/api")!

    // MARK: endpoint

    @Test func endpointIsThePathAndTheQuery() {
        #expect(HTTPRequest(path: "/starships/", query: [.init("page", "2")]).endpoint == "/starships/?page=2")
        #expect(HTTPRequest(path: "/starships/").endpoint == "/starships/")
        #expect(HTTPRequest(path: "/starships/10/", query: []).endpoint == "/starships/10/")
    }

    @Test func endpointKeepsTheQueryOrder() {
        let request = HTTPRequest(path: "/search", query: [.init("term", "jack johnson"), .init("limit", "25"), .init("entity", "song")])
        #expect(request.endpoint == "/search?term=jack%20johnson&limit=25&entity=song")
    }

    // MARK: encodedQuery

    @Test(arguments: [
        ("a&entity=movie", "a%26entity%3Dmovie"),
        ("100%", "100%25"),
        ("jack johnson", "jack%20johnson"),
        ("a+b", "a%2Bb"),
        ("x=y", "x%3Dy"),
        ("周杰倫", "%E5%91%A8%E6%9D%B0%E5%80%AB"),
        ("a?b#c", "a%3Fb%23c"),
        ("a/b", "a%2Fb"),
        ("Az09-._~", "Az09-._~"),
        ("", ""),
    ])
    func encodedQueryPercentEncodesValues(value: String, encoded: String) {
        #expect(HTTPRequest(path: "/search", query: [.init("term", value)]).encodedQuery == "term=\(encoded)")
        #expect(HTTPRequest.encode(value) == encoded)
    }

    /// The encoding is Foundation's, byte for byte, over every byte a UTF-8 string can hold.
    @Test func encodingAgreesWithFoundation() {
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let scalars = (0...0x7F).map { Unicode.Scalar($0)! } + ["é", "ß", "\u{0301}", "€", "\u{FEFF}", "😀", "\u{10FFFF}"]
        for scalar in scalars {
            let text = "a\(scalar)b"
            #expect(HTTPRequest.encode(text) == text.addingPercentEncoding(withAllowedCharacters: unreserved), "\(scalar.value)")
        }
    }

    @Test func encodedQueryEncodesNamesToo() {
        #expect(HTTPRequest(path: "/", query: [.init("a b&c", "d")]).encodedQuery == "a%20b%26c=d")
    }

    @Test func encodedQueryIsEmptyWithoutItems() {
        #expect(HTTPRequest(path: "/x").encodedQuery == "")
    }

    @Test(arguments: ["a&entity=movie", "100%", "jack johnson", "a+b", "x=y", "周杰倫", "a&b=c&d", "%20", "#frag"])
    func eachValueReachesTheServerAsOneValue(value: String) throws {
        let request = HTTPRequest(path: "/search", query: [.init("term", value), .init("page", "2")])
        let url = try #require(request.url(relativeTo: URL(string: "https://itunes.apple.com")!))
        let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
        #expect(components.queryItems == [URLQueryItem(name: "term", value: value), URLQueryItem(name: "page", value: "2")])
        #expect(components.path == "/search")
        #expect(components.host == "itunes.apple.com")
    }

    // MARK: url(relativeTo:)

    @Test func urlKeepsTheBasePath() {
        let request = HTTPRequest(path: "/starships/", query: [.init("page", "2")])
        #expect(request.url(relativeTo: swapi)?.absoluteString == "https://swapi.dev/api/starships/?page=2")
    }

    @Test func urlIgnoresTrailingSlashesOnTheBase() {
        let request = HTTPRequest(path: "/starships/")
        #expect(request.url(relativeTo: URL(string: "https://swapi.dev/api/")!)?.absoluteString == "https://swapi.dev/api/starships/")
        #expect(request.url(relativeTo: URL(string: "https://swapi.dev/api//")!)?.absoluteString == "https://swapi.dev/api/starships/")
        #expect(request.url(relativeTo: swapi)?.absoluteString == "https://swapi.dev/api/starships/")
    }

    @Test func urlUnderABaseWithoutAPath() {
        let request = HTTPRequest(path: "/search", query: [.init("term", "a&entity=movie")])
        #expect(request.url(relativeTo: URL(string: "https://itunes.apple.com")!)?.absoluteString
            == "https://itunes.apple.com/search?term=a%26entity%3Dmovie")
        #expect(request.url(relativeTo: URL(string: "https://itunes.apple.com/")!)?.absoluteString
            == "https://itunes.apple.com/search?term=a%26entity%3Dmovie")
    }

    @Test func urlKeepsPortAndScheme() {
        let request = HTTPRequest(path: "/starships/", query: [.init("page", "1")])
        #expect(request.url(relativeTo: URL(string: "http://127.0.0.1:8080/api")!)?.absoluteString
            == "http://127.0.0.1:8080/api/starships/?page=1")
    }

    // MARK: queryValue and equality

    @Test func queryValueIsTheFirstWithThatName() {
        let request = HTTPRequest(path: "/s", query: [.init("page", "2"), .init("term", "x"), .init("page", "3")])
        #expect(request.queryValue("page") == "2")
        #expect(request.queryValue("term") == "x")
        #expect(request.queryValue("missing") == nil)
    }

    @Test func requestsAreEqualByPathAndQuery() {
        let a = HTTPRequest(path: "/starships/", query: [.init("page", "2")])
        #expect(a == HTTPRequest(path: "/starships/", query: [.init("page", "2")]))
        #expect(a != HTTPRequest(path: "/starships/", query: [.init("page", "3")]))
        #expect(a != HTTPRequest(path: "/people/", query: [.init("page", "2")]))
        #expect(Set([a, HTTPRequest(path: "/starships/", query: [.init("page", "2")])]).count == 1)
    }
}
