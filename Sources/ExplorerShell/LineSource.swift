import ExplorerCore
import ExplorerText

/// Where the shell's lines come from: libedit at a terminal, stdin in a script, `-c` arguments.
@MainActor
public protocol LineSource: AnyObject {
    /// The next input, or nil at the end (Ctrl-D, end of file). Blocks until a line is there.
    func nextLine(prompt: String) -> LineInput?
    /// How errors name where they happened: not at all at a terminal, `line 3` in a script,
    /// `-c:2` for the second command given with `-c`.
    var positions: LinePositions { get }
}

/// How a ``LineSource``'s errors say where they happened.
public enum LinePositions: Sendable, Equatable {
    /// At a terminal: the error follows what was typed.
    case unnumbered
    /// `line 3`: a script read from stdin.
    case lines
    /// `-c:2`: commands counted one by one across all the lines (`-c` arguments, each of
    /// which may hold several).
    case commands
}

public enum LineInput: Sendable, Equatable {
    /// A line and its number (1-based) in the input.
    case line(String, number: Int)
    /// A line that cannot be used as it is (invalid UTF-8, too long), and why.
    case unusable(reason: String, number: Int)
    /// Ctrl-C at the prompt: the line being typed is dropped.
    case interrupted
}

extension LineInput {
    /// The longest line taken, in bytes.
    public static let maximumLineLength = 4096

    /// Why a line longer than ``maximumLineLength`` bytes is not used. A stream stops reading
    /// such a line at the limit, so the reason says no more than that it was over.
    public static let tooLong = "line too long (over \(ReadableNumber.grouping(maximumLineLength)) bytes)"

    /// The line in `bytes` (its `\n` or `\r\n` dropped), or why it cannot be used: not valid
    /// UTF-8, or longer than ``maximumLineLength`` bytes.
    public static func validating(_ bytes: UnsafeRawBufferPointer, number: Int) -> LineInput {
        var count = bytes.count
        if count > 0 && bytes[count - 1] == UInt8(ascii: "\n") { count -= 1 }
        if count > 0 && bytes[count - 1] == UInt8(ascii: "\r") { count -= 1 }
        if count > maximumLineLength {
            return .unusable(reason: tooLong, number: number)
        }
        guard let text = String(validating: UnsafeRawBufferPointer(rebasing: bytes[..<count]), as: UTF8.self) else {
            return .unusable(reason: "not valid UTF-8", number: number)
        }
        return .line(text, number: number)
    }
}
