import ExplorerText
import Foundation

/// Where a request went, as a message names it: the server contacted (`swapi.dev`,
/// `127.0.0.1:8080`, or the embedded data) and the path on it with the query
/// (`/api/starships/?page=2`) — secrets shown as `•••`, and never a user name or password, so
/// that a failure says which host to look at without printing anything that must stay private.
public struct HTTPLocation: Sendable, Hashable {
    /// `host` or `host:port`; nil when no server is known (a test's stub).
    public var server: String?
    /// The path on the server with the query, as shown: `/api/starships/?page=2`.
    public var path: String

    /// What the embedded data is called in messages, where a live answer names its host.
    public static let embeddedServer = "the embedded data"

    public init(server: String?, path: String) {
        self.server = server
        self.path = path
    }

    /// A request answered by the data compiled into explorer: the API's own path, no host.
    public static func embedded(_ request: HTTPRequest) -> HTTPLocation {
        HTTPLocation(server: embeddedServer, path: request.endpoint)
    }

    /// `from 127.0.0.1:8080 for /api/starships/?page=1`, or `for /a/` with no server known.
    public var fromServerForPath: String {
        server.map { "from \($0) for \(path)" } ?? "for \(path)"
    }
}

extension HTTPRequest {
    /// Where this request goes under `baseURL` (an absolute URL's own host and path): the
    /// server as `host:port` and the whole path on it, the base URL's included
    /// (`https://swapi.dev/api` + `/starships/` is `/api/starships/`). Secret query values read
    /// `•••`; a user name or password in the URL is left out. With no base URL (embedded data),
    /// the embedded data.
    public func location(relativeTo baseURL: URL?) -> HTTPLocation {
        if let absoluteURL {
            let components = URLComponents(url: absoluteURL, resolvingAgainstBaseURL: false)
            var path = components?.percentEncodedPath ?? absoluteURL.path
            if path.isEmpty { path = "/" }
            if let query = components?.percentEncodedQuery { path += "?" + redacting(query) }
            return HTTPLocation(server: host(relativeTo: nil), path: path.sanitizedForTerminal)
        }
        guard let baseURL else { return .embedded(self) }
        let base = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? ""
        return HTTPLocation(server: host(relativeTo: baseURL), path: Self.joined(base, endpoint).sanitizedForTerminal)
    }
}
