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

    /// The `N` of `open N` / `fav N` for a list of `count` rows numbered from 1.
    public static func rowNumber(_ text: String, count: Int) throws(CommandError) -> Int {
        guard let number = Int(text) else {
            throw CommandError("expected a row number, not '\(text.sanitizedForTerminal.truncated(toWidth: 20))'")
        }
        guard (1...max(count, 1)).contains(number), count > 0 else {
            throw count == 0
                ? CommandError("no row \(number): nothing is loaded")
                : CommandError("no row \(number): there \(count == 1 ? "is 1 row" : "are \(count) rows")")
        }
        return number
    }
}
