/// Why a request produced no usable answer, with a one-line message for the user.
///
/// A struct around a private enum, so that cases can be added without breaking callers;
/// match on ``kind`` when behaviour depends on it.
public struct HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case unreachable
        case timeout
        case status(Int)
        case undecodable
        case invalidURL
        case cancelled
        case notEmbedded
    }

    public let kind: Kind
    /// The request as the user would name it: `/starships/?page=2`.
    public let endpoint: String
    private let detail: String?
    /// The server that could not be reached (`swapi.dev`, `127.0.0.1:8080`), when known.
    public let host: String?

    public init(_ kind: Kind, endpoint: String, detail: String? = nil, host: String? = nil) {
        self.kind = kind
        self.endpoint = endpoint
        self.detail = detail
        self.host = host
    }

    public var description: String {
        let suffix = detail.map { ": \($0)" } ?? ""
        switch kind {
        case .unreachable: return "cannot reach \(host ?? "the server") for \(endpoint) (offline or refused)\(suffix)"
        case .timeout: return "timed out waiting for \(endpoint)"
        case .status(let code): return "HTTP \(code) from \(endpoint)"
        case .undecodable: return "undecodable response from \(endpoint)\(suffix)"
        case .invalidURL: return "cannot build a URL for \(endpoint)"
        case .cancelled: return "interrupted"
        case .notEmbedded: return "\(endpoint) is not in the embedded data (try `source live`)"
        }
    }
}
