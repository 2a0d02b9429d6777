import ExplorerCore
import ExplorerHTTP
import ExplorerText
import Foundation

extension Shell {
    static let netUsage = "net [latency 800ms [jitter 200ms] | latency off | fail 500|404|429|timeout|offline|malformed [times N] [match TEXT] | clear]"

    /// `net`: what is injected; `net latency …`, `net fail …`, `net clear` change it, then say
    /// what is in force.
    func netCommand(_ arguments: [String]) throws -> Screen {
        if let first = arguments.first {
            let rest = Array(arguments.dropFirst())
            switch first.lowercased() {
            case "latency": network.latency = try NetworkConditions.Latency.parse(rest)
            case "fail": network.add(try NetworkFault.parse(rest))
            case "clear":
                guard rest.isEmpty else { throw CommandError.usage("net clear") }
                network.clear()
            default: throw CommandError.usage(Self.netUsage)
            }
        }
        return netScreen()
    }

    private func netScreen() -> Screen {
        let latency = network.latency
        let faults = network.faults
        var blocks: [ScreenBlock] = []
        if latency == nil && faults.isEmpty {
            blocks.append(.line("net: nothing injected (try `net latency 800ms` or `net fail 500`)"))
        } else {
            blocks.append(.line("net: \(latency.map { "latency \($0.description)" } ?? "no latency") · \(source.current.rawValue) data"))
            for fault in faults {
                let which = fault.match.map { "requests matching \"\($0.sanitizedForTerminal)\"" } ?? "every request"
                let times = fault.remaining.map { $0 == 1 ? "once more" : "\($0) more times" } ?? "until cleared"
                blocks.append(.line("net: \(Self.phrase(fault.kind)) for \(which), \(times)"))
            }
        }
        let entries: [JSONValue] = faults.map { fault in
            var entry: JSONObject = ["fault": .string(Self.key(fault.kind))]
            if case .status(let code) = fault.kind { entry["status"] = .int(code) }
            entry["times_left"] = .optional(fault.remaining)
            entry["match"] = .optional(fault.match)
            return .object(entry)
        }
        return Screen(feature: nil, kind: "net",
                      facts: ["latency_ms": .optional(latency?.milliseconds), "jitter_ms": .optional(latency?.jitter),
                              "faults": .array(entries)],
                      blocks: blocks)
    }

    private static func phrase(_ kind: NetworkFault.Kind) -> String {
        switch kind {
        case .status(let code): "HTTP \(code)"
        case .timeout: "timeouts"
        case .offline: "offline"
        case .malformed: "malformed answers"
        }
    }

    private static func key(_ kind: NetworkFault.Kind) -> String {
        switch kind {
        case .status: "status"
        case .timeout: "timeout"
        case .offline: "offline"
        case .malformed: "malformed"
        }
    }
}
