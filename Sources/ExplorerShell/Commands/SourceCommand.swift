import ExplorerCore
import ExplorerText

/// `source [embedded|live]`: where every feature's data comes from.
struct SourceCommand: GlobalCommand {
    static let name = "source"
    static let usage = "source [embedded|live]"
    static let summary = "show or switch where data comes from"
    static let details = "embedded: data compiled into explorer, no network (the default).\nlive: the real APIs, at the baseURL Plugins.json gives each feature."

    static func complete(_ previous: [String], _ partial: String, in shell: Shell) -> [String] {
        oneOf(DataSource.allCases.map(\.rawValue), after: previous)
    }

    /// The source to switch to; nil: say which is in use.
    let newSource: DataSource?

    init(_ arguments: [String]) throws(CommandError) {
        switch arguments.count {
        case 0: newSource = nil
        case 1:
            guard let source = DataSource(rawValue: arguments[0].lowercased()) else {
                throw CommandError("unknown source '\(arguments[0].sanitizedForTerminal.truncated(toWidth: 20))' (embedded or live)")
            }
            newSource = source
        default: throw Self.usageError
        }
    }

    func run(in shell: Shell) async throws -> CommandOutput {
        guard let newSource else {
            let current = shell.source.current.rawValue
            return .reply(.message("source: \(current)", kind: "source", facts: ["source": .string(current)]))
        }
        return .reply(try await shell.switchSource(to: newSource))
    }
}
