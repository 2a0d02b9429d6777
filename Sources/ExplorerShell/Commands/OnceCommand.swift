import ExplorerCore
import ExplorerText

/// `once <file>`: the next screen to a file, as sqlite3's `.once`.
struct OnceCommand: GlobalCommand {
    static let name = "once"
    static let usage = "once <file>"
    static let summary = "write the next screen to a file (as sqlite3's .once)"
    static let synopsis = "once · output <file>"
    static let overviewSummary = "write the next screen, or every screen, to a file"
    static let details = """
        The next screen goes to FILE instead of stdout, in the format in force: with `format csv` its table \
        (one table, which sqlite3's `.import` and Python's csv read), with `format json` its one line, as \
        text without colour. FILE is created, or replaced, only when a screen is written, whole (beside it, \
        then renamed over it): a command that fails writes nothing and ends `once`, saying so; commands \
        that show nothing (`format`) and screens with nothing to write in the format (a detail in CSV) \
        leave it waiting, saying so. \
        A relative name is taken from the directory explorer was started in.
        Nothing surprising is written over: a directory, a missing directory, a file that cannot be written, \
        a pipe nothing reads, a script being run, or one of explorer's own files (its database and log, the \
        recording being made or replayed) is an error, and nothing is written.
        """

    static let completesFileNames = true

    let path: String

    init(_ arguments: [String]) throws(CommandError) {
        guard arguments.count == 1 else { throw Self.usageError(hint: "quote a name with spaces") }
        path = arguments[0]
    }

    func run(in shell: Shell) async throws -> CommandOutput {
        shell.printer.onceFile = try OutputFile(path, running: shell.scripts.entries.map(\.path), own: shell.ownFiles)
        return .nothing
    }
}
