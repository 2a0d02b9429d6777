import Foundation

/// What came back: the status, the headers (names lower-cased) and the body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data
    /// When the answer was fetched, if it comes from a cache because the network was
    /// unavailable (see ``CachingHTTPClient``); nil for a fresh answer.
    public var cachedAt: Date?
    /// Where the answer came from (the server and the whole path, or the embedded data), set by
    /// the client that got it, so that an answer that cannot be read is named as a failure is.
    public var location: HTTPLocation?
    /// Keeps the answer in the response cache it came through (``CachingHTTPClient``), for when
    /// the network is unavailable, with what else the feature keeps of it in the same
    /// transaction (`alongside`: its offline index's rows); nil when no cache would keep it.
    /// Only ``HTTPClient/send(_:decoding:keeping:)`` calls it, once the body has decoded.
    public var keepInCache: (@Sendable (_ alongside: (any KeptAlongside)?) -> Void)?
    /// Which layer answered, for `raw`, when it was not the network: `the embedded data`, `the
    /// response cache`, `demo.rec, line 12` (a replay).
    public var answeredBy: String?
    /// Whether a recording answered (a replay, ``TapeHTTPClient``): such an answer stays with
    /// the replay, never kept in the response cache or an offline index, which hold only what a
    /// live server sent.
    public var isReplayed = false

    public init(status: Int, headers: [String: String] = [:], body: Data, cachedAt: Date? = nil, location: HTTPLocation? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.cachedAt = cachedAt
        self.location = location
    }

    /// ``location``, or the request's endpoint with no server when no client said.
    public func location(of request: HTTPRequest) -> HTTPLocation {
        location ?? HTTPLocation(server: nil, path: request.endpoint)
    }

    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}
