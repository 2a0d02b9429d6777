import ExplorerClock
import ExplorerText
import Foundation

/// Why a request produced no usable answer, with the one message every feature gives for that
/// cause, naming the server contacted and the path asked for (secrets shown as `•••`).
///
/// This is the vocabulary of failures: features pass these on as they are (a list, a detail, a
/// document, the races) rather than word causes of their own, so `HTTP 500 from …` reads the
/// same in starships and in facts. Callers that behave differently by cause (fall back to a
/// cache when the network is unavailable, but not on a 401 or a 500) match on ``kind`` or ask
/// ``isNetworkUnavailable``; a short form for a heading or a table cell is ``cause``.
public struct HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// No answer could even be asked for: see ``NetworkProblem``.
        case networkUnavailable(NetworkProblem)
        /// The server accepted the request and then closed the connection before the answer was whole.
        case connectionLost
        case timeout
        case status(Int)
        /// The answer arrived but is not what the API sends (not JSON, or not its shape): what
        /// it is instead is the ``detail`` (see ``undecodable(_:request:at:shape:)``).
        case undecodable
        case invalidURL
        case cancelled
        /// The answer passed the size limit and was stopped as it arrived (nothing kept).
        case tooLarge(limit: Int)
        /// The server answered, but not in HTTP that can be read: see ``BadReply``. The
        /// server's failure, not the network's (no cached copy stands in for it).
        case badReply(BadReply)
        /// The request failed for a reason libcurl names and explorer does not tell apart: the
        /// ``detail`` is libcurl's words.
        case transferFailed
        /// Live requests cannot be made here: libcurl cannot be loaded.
        case transportUnavailable
        /// Replaying a recording (`--replay FILE`) that holds no answer to the request.
        /// `advice`: what to do, from what the recording holds (`record it with --record`).
        case notRecorded(file: String, advice: String)
    }

    /// Why the network is unavailable.
    public enum NetworkProblem: Sendable, Equatable {
        /// The host name does not resolve (no DNS, or no such host).
        case hostNotFound
        /// Nothing accepts connections there.
        case refused
        /// No route to the host, or the connection could not be made for another reason.
        case unreachable
        /// The machine has no network connection.
        case offline
    }

    /// How a server that was reached answered in a way no API answer can come.
    public enum BadReply: Sendable, Equatable {
        /// Not HTTP at all (an HTTP/0.9 body, another protocol's greeting), or HTTP that breaks
        /// its own rules (`Content-Length: -1`).
        case notHTTP
        /// Header lines past what is read: 64 KB in all, or one line past libcurl's 100 KB.
        case headersTooLarge
        /// A `Content-Encoding` (gzip, deflate, br) the body is not in.
        case badEncoding
        /// More redirects than the 5 followed: a loop, most likely.
        case tooManyRedirects
        /// A redirect to a URL that is not http or https (`file:`, `ftp:`, `javascript:`), or
        /// not a URL at all: its scheme when it has one that can be shown.
        case refusedRedirect(scheme: String?)
        /// No TLS connection could be made or trusted (an https redirect to a plain-HTTP port,
        /// a certificate that does not verify).
        case tls
    }

    /// An answer that asked to be retried (429, 503) and was, after waiting: the failure is the retry's.
    public struct Retry: Sendable, Equatable {
        /// The status of the first answer.
        public var status: Int
        /// How long explorer waited before asking again (as `Retry-After` said, or its own backoff).
        public var waited: Duration

        public init(status: Int, waited: Duration) {
            self.status = status
            self.waited = waited
        }
    }

    public let kind: Kind
    /// The request as the API names it: `/starships/?page=2` (what `net fail … match` and traces see).
    public let endpoint: String
    /// The server contacted and the whole path asked for, as messages name them.
    public let location: HTTPLocation
    private let detail: String?
    /// The body that came with a failing status, for the API's layer to read its own error
    /// (TMDB's `status_message`); never shown as it is.
    public let body: Data?
    /// How long the request was given, for a timeout.
    public var timeout: Duration?
    /// Set when the failure is that of a retry.
    public var retry: Retry?
    /// The `net fail` fault that made this failure (`500`, `timeout`), for `raw`; nil for a real one.
    public var injected: String?

    /// The server that was contacted (`swapi.dev`, `127.0.0.1:8080`), when known.
    public var host: String? { location.server }

    /// A failure of `endpoint`; with `host`, on that server at that path (for tests and stubs: a
    /// client names the whole path with ``init(_:request:at:detail:body:)``).
    public init(_ kind: Kind, endpoint: String, detail: String? = nil, host: String? = nil, body: Data? = nil) {
        self.kind = kind
        // A URL's user and password read `•••` however the message came to quote it.
        self.endpoint = URL.redactingUserinfo(endpoint)
        self.location = HTTPLocation(server: host, path: self.endpoint)
        self.detail = detail.map(URL.redactingUserinfo)
        self.body = body
    }

    /// A failure of `request`, which went to `location`; the request's secrets are `•••` in the
    /// body it carries (a server may echo a key in its error).
    public init(_ kind: Kind, request: HTTPRequest, at location: HTTPLocation, detail: String? = nil, body: Data? = nil) {
        self.kind = kind
        self.endpoint = request.endpoint
        self.location = location
        self.detail = detail.map(URL.redactingUserinfo)
        self.body = body.map(request.redacting)
    }

    /// Whether the request failed because the network or the server cannot be reached at all
    /// (not for a status, a timeout or a bad answer): when a cached copy may stand in.
    public var isNetworkUnavailable: Bool {
        if case .networkUnavailable = kind { return true }
        return false
    }

    /// Equal when they say the same thing; the body is not compared.
    public static func == (lhs: HTTPError, rhs: HTTPError) -> Bool {
        lhs.kind == rhs.kind && lhs.endpoint == rhs.endpoint && lhs.location == rhs.location && lhs.detail == rhs.detail
            && lhs.timeout == rhs.timeout && lhs.retry == rhs.retry
    }

    /// The cause in a few words, for a heading or a table cell: `HTTP 500`, `timed out`,
    /// `network unavailable`, `rate limited (HTTP 429)`.
    public var cause: String {
        switch kind {
        case .networkUnavailable: "network unavailable"
        case .connectionLost: "connection lost"
        case .timeout: "timed out"
        case .status(429): "rate limited (HTTP 429)"
        case .status(let code): "HTTP \(code)"
        case .undecodable: detail ?? "not the answer the API sends"
        case .invalidURL: "not an http(s) URL"
        case .cancelled: "interrupted"
        case .tooLarge(let limit): "over \(ReadableNumber.bytes(limit))"
        case .transportUnavailable: "libcurl cannot be loaded"
        case .badReply(.notHTTP): "not an HTTP answer"
        case .badReply(.headersTooLarge): "headers too large"
        case .badReply(.badEncoding): "bad Content-Encoding"
        case .badReply(.tooManyRedirects): "too many redirects"
        case .badReply(.refusedRedirect): "redirect refused"
        case .badReply(.tls): "TLS failed"
        case .transferFailed: "request failed"
        case .notRecorded: "not recorded"
        }
    }

    public var description: String {
        guard let retry, kind != .cancelled else { return message }
        let server = location.server ?? "the server"
        let waited = "waited \(Self.spoken(retry.waited)) and retried"
        if retry.status == 429 {
            let outcome = kind == .status(429) ? "still limited" : "then: \(message)"
            return "rate limited by \(server) (HTTP 429 for \(location.path)); \(waited), \(outcome)"
        }
        let outcome = kind == .status(retry.status) ? "still HTTP \(retry.status)" : "then: \(message)"
        return "HTTP \(retry.status) \(location.fromServerForPath); \(waited), \(outcome)"
    }

    /// The message for the cause alone, whatever came before.
    private var message: String {
        let suffix = detail.map { ": \($0)" } ?? ""
        let server = location.server ?? "the server"
        let path = location.path
        switch kind {
        case .networkUnavailable(.hostNotFound):
            return "network unavailable: cannot find \(server) for \(path) (no such host, or no DNS)\(suffix)"
        case .networkUnavailable(.refused):
            return "network unavailable: \(server) refused the connection for \(path)\(suffix)"
        case .networkUnavailable(.unreachable):
            return "network unavailable: cannot reach \(server) for \(path)\(suffix)"
        case .networkUnavailable(.offline):
            return "network unavailable: not connected to a network, so no answer \(location.fromServerForPath)\(suffix)"
        case .connectionLost:
            return "\(server) closed the connection before answering \(path) in full\(suffix)"
        case .timeout:
            let limit = timeout.map { " in \(Self.spoken($0))" } ?? ""
            return "timed out: no answer\(limit) \(location.fromServerForPath)"
        case .status(429): return "rate limited by \(server) (HTTP 429 for \(path))"
        case .status(let code): return "HTTP \(code) \(location.fromServerForPath)"
        case .undecodable: return "unreadable answer \(location.fromServerForPath)\(suffix)"
        case .invalidURL: return "cannot build a URL for \(path)"
        case .cancelled: return "interrupted"
        case .tooLarge(let limit):
            return "the answer \(location.fromServerForPath) is over the \(ReadableNumber.bytes(limit)) limit, so it was stopped"
        case .badReply(.notHTTP):
            return "\(server) did not answer \(path) in HTTP (another protocol, HTTP/0.9 or broken HTTP)"
        case .badReply(.headersTooLarge):
            return "the headers \(location.fromServerForPath) are over 64 KB, so the answer was stopped"
        case .badReply(.badEncoding):
            return "the answer \(location.fromServerForPath) is not in the Content-Encoding it names, so it cannot be decompressed"
        case .badReply(.tooManyRedirects):
            return "\(server) redirected \(path) more than 5 times (a redirect loop?)"
        case .badReply(.refusedRedirect(let scheme)):
            let target = scheme.map { "\($0):…" } ?? "a URL that cannot be read"
            return "\(server) redirected \(path) to \(target); only http and https redirects are followed"
        case .badReply(.tls):
            return "no secure (TLS) connection could be made to \(server) for \(path)\(suffix)"
        case .transferFailed:
            return "asking \(server) for \(path) failed\(suffix)"
        case .notRecorded(let file, let advice):
            return "not in \(file): GET \(endpoint) — \(advice)"
        case .transportUnavailable:
            return "live data needs libcurl (libcurl.so.4), which cannot be loaded here: install the libcurl4 package\(suffix)"
        }
    }

    /// `1 s`, `1.5 s`, `500 ms`, `15 s`: a wait as a message says it.
    static func spoken(_ duration: Duration) -> String {
        let seconds = duration.timeInterval
        if seconds < 1 { return "\(Int((seconds * 1000).rounded())) ms" }
        return String(format: "%g s", (seconds * 10).rounded() / 10)
    }
}
