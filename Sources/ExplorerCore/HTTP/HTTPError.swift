import Foundation

/// Why a request produced no usable answer, with a one-line message for the user that names
/// the request (secrets shown as `•••`).
///
/// Callers that behave differently by cause (fall back to a cache when the network is
/// unavailable, but not on a 401 or a 500) match on ``kind`` or ask ``isNetworkUnavailable``.
public struct HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// No answer could even be asked for: see ``NetworkProblem``.
        case networkUnavailable(NetworkProblem)
        /// The server accepted the request and then closed the connection before the answer was whole.
        case connectionLost
        case timeout
        case status(Int)
        /// The answer arrived but is not what the API sends (not JSON, or not its shape).
        case undecodable
        case invalidURL
        case cancelled
        /// The answer passed the size limit and was stopped as it arrived (nothing kept).
        case tooLarge(limit: Int)
        /// Live requests cannot be made here: libcurl cannot be loaded.
        case transportUnavailable
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

    public let kind: Kind
    /// The request as the user would name it: `/starships/?page=2`.
    public let endpoint: String
    private let detail: String?
    /// The server that was contacted (`swapi.dev`, `127.0.0.1:8080`), when known.
    public let host: String?
    /// The body that came with a failing status, for the API's layer to read its own error
    /// (TMDB's `status_message`); never shown as it is.
    public let body: Data?

    public init(_ kind: Kind, endpoint: String, detail: String? = nil, host: String? = nil, body: Data? = nil) {
        self.kind = kind
        self.endpoint = endpoint
        self.detail = detail
        self.host = host
        self.body = body
    }

    /// Whether the request failed because the network or the server cannot be reached at all
    /// (not for a status, a timeout or a bad answer): when a cached copy may stand in.
    public var isNetworkUnavailable: Bool {
        if case .networkUnavailable = kind { return true }
        return false
    }

    /// Equal when they say the same thing; the body is not compared.
    public static func == (lhs: HTTPError, rhs: HTTPError) -> Bool {
        lhs.kind == rhs.kind && lhs.endpoint == rhs.endpoint && lhs.detail == rhs.detail && lhs.host == rhs.host
    }

    public var description: String {
        let suffix = detail.map { ": \($0)" } ?? ""
        let server = host ?? "the server"
        switch kind {
        case .networkUnavailable(.hostNotFound):
            return "network unavailable: cannot find \(server) for \(endpoint) (no such host, or no DNS)\(suffix)"
        case .networkUnavailable(.refused):
            return "network unavailable: \(server) refused the connection for \(endpoint)\(suffix)"
        case .networkUnavailable(.unreachable):
            return "network unavailable: cannot reach \(server) for \(endpoint)\(suffix)"
        case .networkUnavailable(.offline):
            return "network unavailable: not connected to a network (for \(endpoint))\(suffix)"
        case .connectionLost:
            return "\(server) closed the connection before answering \(endpoint) in full\(suffix)"
        case .timeout: return "timed out waiting for \(endpoint)"
        case .status(let code): return "HTTP \(code) from \(endpoint)"
        case .undecodable: return "undecodable response from \(endpoint)\(suffix)"
        case .invalidURL: return "cannot build a URL for \(endpoint)"
        case .cancelled: return "interrupted"
        case .tooLarge(let limit):
            return "the answer from \(server) for \(endpoint) is over the \(ReadableNumber.bytes(limit)) limit, so it was stopped"
        case .transportUnavailable:
            return "live data needs libcurl (libcurl.so.4), which cannot be loaded here: install the libcurl4 package\(suffix)"
        }
    }
}
