import Foundation

/// A GET request relative to a feature's base URL: `path` is the API's own path
/// (`/starships/`), `query` its parameters in order. Values are percent-encoded when the URL is
/// built, so a term such as `a&b=c` or `100%` reaches the API as one value.
public struct HTTPRequest: Sendable, Hashable {
    public var path: String
    public var query: [QueryItem]
    /// Set for a resource the API links to outside its base URL (an audio preview): the request
    /// goes exactly there. Only http and https URLs are ever fetched.
    public private(set) var absoluteURL: URL?

    public struct QueryItem: Sendable, Hashable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(path: String, query: [QueryItem] = []) {
        self.path = path
        self.query = query
    }

    /// A request for an absolute http(s) URL; nil for any other scheme.
    public init?(absolute url: URL) {
        guard let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else { return nil }
        self.path = url.path
        self.query = []
        self.absoluteURL = url
    }

    /// The query string with every name and value percent-encoded, without the `?`.
    public var encodedQuery: String {
        query.map { "\(Self.encode($0.name))=\(Self.encode($0.value))" }.joined(separator: "&")
    }

    /// How the request is named in messages and traces: `/starships/?page=2`.
    public var endpoint: String {
        if let absoluteURL { return absoluteURL.absoluteString.sanitizedForTerminal }
        return query.isEmpty ? path : "\(path)?\(encodedQuery)"
    }

    /// The full URL under `baseURL` (whose own path is kept: `https://swapi.dev/api` + `/starships/`).
    public func url(relativeTo baseURL: URL) -> URL? {
        if let absoluteURL { return absoluteURL }
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return URL(string: base + endpoint)
    }

    /// Value of the first query item named `name`.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    private static let unreserved = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// RFC 3986 percent-encoding of everything but the unreserved characters.
    public static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
