import Foundation

/// What came back: the status, the headers (names lower-cased) and the body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data
    /// When the answer was fetched, if it comes from a cache because the network was
    /// unavailable (see ``CachingHTTPClient``); nil for a fresh answer.
    public var cachedAt: Date?

    public init(status: Int, headers: [String: String] = [:], body: Data, cachedAt: Date? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.cachedAt = cachedAt
    }

    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}
