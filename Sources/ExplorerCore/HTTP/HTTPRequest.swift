import Foundation

/// A GET request relative to a feature's base URL: `path` is the API's own path
/// (`/starships/`), `query` its parameters in order. Values are percent-encoded when the URL is
/// built, so a term such as `a&b=c` or `100%` reaches the API as one value.
public struct HTTPRequest: Sendable, Hashable {
    public var path: String
    public var query: [QueryItem]

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

    /// The query string with every name and value percent-encoded, without the `?`.
    public var encodedQuery: String {
        query.map { "\(Self.encode($0.name))=\(Self.encode($0.value))" }.joined(separator: "&")
    }

    /// How the request is named in messages and traces: `/starships/?page=2`.
    public var endpoint: String {
        query.isEmpty ? path : "\(path)?\(encodedQuery)"
    }

    /// The full URL under `baseURL` (whose own path is kept: `https://swapi.dev/api` + `/starships/`).
    public func url(relativeTo baseURL: URL) -> URL? {
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
