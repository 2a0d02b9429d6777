import ExplorerCore
import ExplorerHTTP

/// `net fail` and `--fail` read here, in the shell's words (a ``CommandError``): the HTTP layer
/// knows a fault, not how a user types one.
extension NetworkFault {
    /// The usage of `net fail`.
    public static let usage = "net fail 500|404|429|timeout|offline|malformed [times N] [match TEXT]"

    /// Reads `500 times 2 match people` (the words after `net fail`, or of `--fail`).
    public static func parse(_ words: [String]) throws(CommandError) -> NetworkFault {
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
