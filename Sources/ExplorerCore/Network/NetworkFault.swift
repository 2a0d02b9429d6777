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

extension NetworkFault {
    /// The usage of `net fail`.
    public static let usage = "net fail 500|404|429|timeout|offline|malformed [times N] [match TEXT]"

    /// Reads `500 times 2 match people` (the words after `net fail`, or of `--fail`).
    public static func parse(_ words: [String]) throws -> NetworkFault {
        guard let first = words.first else { throw CommandError.usage(usage) }
        var fault: NetworkFault
        switch first.lowercased() {
        case "timeout": fault = NetworkFault(.timeout)
        case "offline": fault = NetworkFault(.offline)
        case "malformed": fault = NetworkFault(.malformed)
        default:
            guard let code = Int(first), (400...599).contains(code) else {
                throw CommandError("'\(first.sanitizedForTerminal.truncated(toWidth: 20))' is not a fault: an HTTP status from 400 to 599, timeout, offline or malformed")
            }
            fault = NetworkFault(.status(code))
        }
        var rest = words.dropFirst()
        while let option = rest.first {
            rest = rest.dropFirst()
            guard let value = rest.first else { throw CommandError("`\(option.sanitizedForTerminal.truncated(toWidth: 20))` needs a value (\(usage))") }
            rest = rest.dropFirst()
            switch option.lowercased() {
            case "times":
                guard fault.remaining == nil, let count = Int(value), (1...1_000_000).contains(count) else {
                    throw CommandError("times takes a count from 1 to 1000000, once (not '\(value.sanitizedForTerminal.truncated(toWidth: 20))')")
                }
                fault.remaining = count
            case "match":
                guard fault.match == nil, !value.isEmpty else { throw CommandError("match takes some text, once") }
                fault.match = value
            default:
                throw CommandError.usage(usage)
            }
        }
        return fault
    }
}
