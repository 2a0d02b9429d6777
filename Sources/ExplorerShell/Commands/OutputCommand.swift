import ExplorerCore
import ExplorerText

/// `output [file]`: every screen to a file from now on; alone, to stdout again.
struct OutputCommand: GlobalCommand {
    static let name = "output"
    static let usage = "output [file]"
    static let summary = "write every screen to a file; alone: to stdout again"
    static let listedWith: (any GlobalCommand.Type)? = OnceCommand.self
    static let details = """
        `output FILE` creates or empties FILE, then adds every screen after to it, in the format in force, \
        until `output` alone sends screens to stdout again (`once` still takes the next screen alone). \
        Errors, warnings and traces stay on stderr. With CSV each table has its header: for one table in a \
        file, use `once`.
        """

    static let completesFileNames = true

    /// The file; nil: back to stdout.
    let path: String?

    init(_ arguments: [String]) throws(CommandError) {
        guard arguments.count <= 1 else { throw Self.usageError(hint: "quote a name with spaces") }
        path = arguments.first
    }

    func run(in shell: Shell) async throws -> CommandOutput {
        guard let path else {
            shell.printer.outputFile = nil
            return .nothing
        }
        let file = try OutputFile(path, running: shell.scripts.entries.map(\.path), own: shell.ownFiles)
        try file.replace(with: "")
        shell.printer.outputFile = file
        return .nothing
    }
}
