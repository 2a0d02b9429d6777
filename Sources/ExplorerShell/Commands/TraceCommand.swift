import ExplorerCore
import ExplorerText

/// `trace [on|off]`: requests, emissions and renders on stderr as they happen.
struct TraceCommand: GlobalCommand {
    static let name = "trace"
    static let usage = "trace [on|off]"
    static let summary = "show requests and observable emissions as they happen"
    static let details = "Each request prints `trace: GET /path → 200 (12 ms)`; each emission of a view model's observable prints `trace: Name.property ← summary`; each view render prints `trace: NameView rendered`.\nTrace lines go to stderr, so stdout keeps only the screens."

    static func complete(_ previous: [String], _ partial: String, in shell: Shell) -> [String] {
        oneOf(["on", "off"], after: previous)
    }

    /// On or off; nil: say which.
    let enable: Bool?

    init(_ arguments: [String]) throws(CommandError) {
        switch arguments.map({ $0.lowercased() }) {
        case []: enable = nil
        case ["on"]: enable = true
        case ["off"]: enable = false
        default: throw Self.usageError
        }
    }

    func run(in shell: Shell) async throws -> CommandOutput {
        if let enable { shell.tracer.isEnabled = enable }
        let enabled = shell.tracer.isEnabled
        return .reply(.message("trace: \(enabled ? "on" : "off")", kind: "trace", facts: ["trace": .bool(enabled)]))
    }
}
