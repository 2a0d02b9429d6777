/// Where the shell's lines come from: libedit at a terminal, stdin in a script, `-c` arguments.
@MainActor
public protocol LineSource: AnyObject {
    /// The next input, or nil at the end (Ctrl-D, end of file). Blocks until a line is there.
    func nextLine(prompt: String) -> LineInput?
    /// Whether errors should name the line (`error: line 3: …`), as they do for scripts.
    var numbersLines: Bool { get }
}

public enum LineInput: Sendable, Equatable {
    /// A line and its number (1-based) in the input.
    case line(String, number: Int)
    /// A line that cannot be used as it is (invalid UTF-8, too long), and why.
    case unusable(reason: String, number: Int)
    /// Ctrl-C at the prompt: the line being typed is dropped.
    case interrupted
}
