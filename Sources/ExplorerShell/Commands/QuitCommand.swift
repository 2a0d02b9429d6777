import ExplorerCore
import ExplorerText

/// `quit` (and `exit`, `q`): the loop ends after this line.
struct QuitCommand: GlobalCommand {
    static let name = "quit"
    static let summary = "leave explorer (also `exit`, or Ctrl-D)"
    static let details = "`exit` and `q` (as in less and psql's `\\q`) do the same, and so does Ctrl-D at the prompt."

    /// Other names: `exit`, and `q`, which less, psql (`\q`) and most pagers take, so it is
    /// what a hand types first.
    static let aliases: Set<String> = ["exit", "q"]

    init(_ arguments: [String]) throws(CommandError) {
        guard arguments.isEmpty else { throw Self.usageError }
    }

    func run(in shell: Shell) async throws -> CommandOutput {
        shell.quit()
        return .nothing
    }
}
