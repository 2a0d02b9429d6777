import ExplorerCore
import ExplorerText

/// `step <file>`: presenter mode. A script file run one command a key press, each shown first
/// with the comment above it as its caption, as a slide shows its next point.
struct StepCommand: GlobalCommand {
    static let name = "step"
    static let usage = "step <file>"
    static let summary = "run a script file a command a key press"
    static let listedWith: (any GlobalCommand.Type)? = RunCommand.self
    static let details = """
        Before each line of the file that holds commands, shows its caption (the `#` lines \
        directly above it) and the line as it would look typed at the prompt; at a terminal it \
        then waits for a key: Enter, Space or → runs it, s skips it, q (or Escape, Ctrl-C) stops \
        stepping and says where (`stopped before line 7 of demo.txt`). Screens are printed as \
        usual (the pager and `--width` apply).
        Piped or in a script it waits for no key: the file runs as `run FILE` runs it, each \
        caption and command printed before its screen (in JSON a line \
        {"screen":"step","step":…,"line":…,"caption":…,"command":…} each).
        A failing command shows its error (`error: demo.txt:7: …`) and stepping goes on. A file \
        steps no other (`run FILE` runs one whole, as one step); `quit` in it ends stepping, not \
        explorer.
        """

    static let completesFileNames = true
    static let endsAtInterrupt = true

    let path: String

    init(_ arguments: [String]) throws(CommandError) {
        guard arguments.count == 1 else { throw Self.usageError }
        path = arguments[0]
    }

    func run(in shell: Shell) async throws -> CommandOutput {
        try await shell.step(through: path)
        return .nothing
    }
}
