import ExplorerCore
import ExplorerText

/// `pager [on|off]`: whether a screen taller than the window goes through the pager.
struct PagerCommand: GlobalCommand {
    static let name = "pager"
    static let usage = "pager [on|off]"
    static let synopsis = "pager · head N"
    static let overviewSummary = "page screens too tall to fit; a list's first N rows"
    static let summary = "show or switch paging of screens too tall to fit"
    static let details = "At a terminal, a screen taller than the window goes through $PAGER (default `less -FRX`), as psql and git do; never when output is piped. `--no-pager` starts with it off."

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
        switch enable {
        case true?:
            guard let pager = shell.availablePager else {
                throw CommandError("no pager here: output is not a terminal, or $PAGER (default `less`) cannot be found")
            }
            shell.printer.pager = pager
        case false?: shell.printer.pager = nil
        case nil: break
        }
        let pager = shell.printer.pager
        let command = pager.map { ([$0.program.name] + $0.arguments).joined(separator: " ") }
        return .reply(.message("pager: \(command.map { "on (\($0))" } ?? "off")", kind: "pager",
                               facts: ["pager": .bool(pager != nil), "command": .optional(command)]))
    }
}
