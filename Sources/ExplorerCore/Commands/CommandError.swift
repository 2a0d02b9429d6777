import ExplorerText

/// A command that cannot be carried out as typed, in one line for the user.
public struct CommandError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ message: String) {
        description = message
    }

    public static func unknownCommand(_ name: String, suggestion: String?) -> CommandError {
        let shown = name.sanitizedForTerminal.truncated(toWidth: 40)
        if let suggestion {
            return CommandError("unknown command '\(shown)' (did you mean '\(suggestion)'?)")
        }
        return CommandError("unknown command '\(shown)' (type `help` for the list)")
    }

    public static func usage(_ usage: String) -> CommandError {
        CommandError("usage: \(usage)")
    }
}
