import ExplorerCore
import ExplorerText

/// `run <file>`: the commands in a script file, as if typed in a script.
struct RunCommand: GlobalCommand {
    static let name = "run"
    static let usage = "run <file>"
    static let summary = "run the commands in a script file"
    static let synopsis = "run · step <file>"
    static let overviewSummary = "run a script file; or step through it, a key a command"
    static let details = """
        Each line of the file runs as if typed in a script: several commands to a line with `;`, \
        quotes, `#` comments. An error names the file and the line (`error: demo.txt:3: …`) and \
        counts toward the exit status; with `--bail` the first one stops the file and everything \
        after it. `quit` in a file leaves explorer.
        A relative name is taken from the directory explorer was started in. A script can run \
        another (at most \(ScriptStack.defaultMaximumDepth) deep), never itself, directly or \
        through others. `explorer FILE…` runs files from the command line the same way.
        """

    static let completesFileNames = true

    let path: String

    init(_ arguments: [String]) throws(CommandError) {
        guard arguments.count == 1 else { throw Self.usageError }
        path = arguments[0]
    }

    func run(in shell: Shell) async throws -> CommandOutput {
        try await shell.runScript(path)
        return .nothing
    }
}
