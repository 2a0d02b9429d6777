import ExplorerCore
import ExplorerHTTP
import ExplorerText

/// `net`: what is injected into every request — a latency, faults; `net latency …`,
/// `net fail …` and `net clear` change it, then say what is in force.
struct NetCommand: GlobalCommand {
    static let name = "net"
    static let usage = "net [latency 800ms [jitter 200ms] | latency off | fail 500|404|429|timeout|offline|malformed [times N] [match TEXT] | clear]"
    static let synopsis = "net [latency|fail …]"
    static let summary = "slow or fail requests, to see what each layer does"
    static let details = """
        `net` says what is injected. `net latency 800ms [jitter 200ms]` delays every request (`net latency off` \
        stops); `net fail 500|404|429|timeout|offline|malformed [times N] [match TEXT]` makes requests fail: \
        with that HTTP status, as a timeout, as if the network were unavailable, or with the answer cut off \
        halfway; `times N` only the next N, `match TEXT` only requests whose path contains TEXT (the first \
        matching fault applies). `net clear` ends it all.
        It works on both sources, embedded too, right above where the data comes from: the response cache, \
        the service and the view model meet the failure as they would a real one (`trace on` shows each \
        layer). Ctrl-C interrupts an injected delay. `--latency` and `--fail` do the same from the start.
        """

    static func complete(_ previous: [String], _ partial: String, in shell: Shell) -> [String] {
        switch previous.first {
        case nil: ["latency", "fail", "clear"]
        case "latency": previous.count == 1 ? ["100ms", "800ms", "off"] : previous.count == 2 ? ["jitter"] : []
        case "fail": previous.count == 1 ? ["500", "404", "429", "timeout", "offline", "malformed"] : ["times", "match"]
        default: []
        }
    }

    enum Change {
        case latency(NetworkConditions.Latency?)
        case fail(NetworkFault)
        case clear
    }

    /// What to change; nil: only say what is in force.
    let change: Change?

    init(_ arguments: [String]) throws(CommandError) {
        guard let first = arguments.first else {
            change = nil
            return
        }
        let rest = Array(arguments.dropFirst())
        switch first.lowercased() {
        case "latency": change = .latency(try NetworkConditions.Latency.parse(rest))
        case "fail": change = .fail(try NetworkFault.parse(rest))
        case "clear":
            guard rest.isEmpty else { throw CommandError.usage("net clear") }
            change = .clear
        default: throw Self.usageError
        }
    }

    func run(in shell: Shell) async throws -> CommandOutput {
        let network = shell.network
        switch change {
        case .latency(let latency): network.latency = latency
        case .fail(let fault): network.add(fault)
        case .clear: network.clear()
        case nil: break
        }
        return .reply(Self.screen(network, source: shell.source.current))
    }

    private static func screen(_ network: NetworkConditions, source: DataSource) -> Screen {
        let latency = network.latency
        let faults = network.faults
        var blocks: [ScreenBlock] = []
        if latency == nil && faults.isEmpty {
            blocks.append(.line("net: nothing injected (try `net latency 800ms` or `net fail 500`)"))
        } else {
            blocks.append(.line("net: \(latency.map { "latency \($0.description)" } ?? "no latency") · \(source.rawValue) data"))
            for fault in faults {
                let which = fault.match.map { "requests matching \"\($0.sanitizedForTerminal)\"" } ?? "every request"
                let times = fault.remaining.map { $0 == 1 ? "once more" : "\($0) more times" } ?? "until cleared"
                blocks.append(.line("net: \(phrase(fault.kind)) for \(which), \(times)"))
            }
        }
        let entries: [JSONValue] = faults.map { fault in
            var entry: JSONObject = ["fault": .string(key(fault.kind))]
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
