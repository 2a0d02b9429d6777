import ExplorerCore
import ExplorerText

/// `format [text|json|csv]`: how screens are printed.
struct FormatCommand: GlobalCommand {
    static let name = "format"
    static let usage = "format [text|json|csv]"
    static let summary = "show or switch how screens are printed"
    static let details = "text: for reading (the default).\njson: one JSON object per screen, on one line (JSON Lines).\ncsv: a table screen as CSV with a header row (its header alone when empty); other screens write nothing (use json).\nSwitching prints nothing, as sqlite3's `.mode` does; `format` alone says which is in force."

    static func complete(_ previous: [String], _ partial: String, in shell: Shell) -> [String] {
        oneOf(OutputFormat.allCases.map(\.rawValue), after: previous)
    }

    /// The format to switch to; nil: say which is in force.
    let newFormat: OutputFormat?

    init(_ arguments: [String]) throws(CommandError) {
        switch arguments.count {
        case 0: newFormat = nil
        case 1:
            guard let format = OutputFormat(rawValue: arguments[0].lowercased()) else {
                throw CommandError("unknown format '\(arguments[0].sanitizedForTerminal.truncated(toWidth: 20))' (text, json or csv)")
            }
            newFormat = format
        default: throw Self.usageError
        }
    }

    func run(in shell: Shell) async throws -> CommandOutput {
        guard let newFormat else {
            let current = shell.format.rawValue
            return .reply(.message("format: \(current)", kind: "format", facts: ["format": .string(current)]))
        }
        shell.format = newFormat
        return .nothing
    }
}
