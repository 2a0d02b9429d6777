import ExplorerText
import Foundation

/// One failure `net fail` injects: what the request does instead of answering, on which
/// requests (those whose endpoint contains ``match``), and how many more times (nil: until
/// `net clear`).
public struct NetworkFault: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The server answers with this status (400–599).
        case status(Int)
        /// No answer in time.
        case timeout
        /// The network is unavailable, as when the machine is offline.
        case offline
        /// The answer arrives cut off halfway, so it is not what the API sends.
        case malformed
    }

    public var kind: Kind
    public var remaining: Int?
    public var match: String?

    public init(_ kind: Kind, remaining: Int? = nil, match: String? = nil) {
        self.kind = kind
        self.remaining = remaining
        self.match = match
    }

    /// Whether `request` is one this fault is for.
    public func applies(to request: HTTPRequest) -> Bool {
        guard let match else { return true }
        return request.endpoint.range(of: match, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }

    /// `HTTP 500`, `timeout`, `offline`, `malformed`: as `net fail` takes it.
    public var name: String {
        switch kind {
        case .status(let code): "HTTP \(code)"
        case .timeout: "timeout"
        case .offline: "offline"
        case .malformed: "malformed"
        }
    }

    /// The words that make it again: `500 times 2 match people`.
    public var words: String {
        var words: [String]
        switch kind {
        case .status(let code): words = [String(code)]
        default: words = [name]
        }
        if let remaining { words += ["times", String(remaining)] }
        if let match { words += ["match", match.contains(" ") ? "\"\(match)\"" : match] }
        return words.joined(separator: " ")
    }
}
