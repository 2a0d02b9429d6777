import ExplorerCore
import ExplorerText

extension Shell {
    static let onceDetails = """
        The next screen goes to FILE instead of stdout, in the format in force: with `format csv` its table \
        (one table, which sqlite3's `.import` and Python's csv read), with `format json` its one line, as \
        text without colour. FILE is created, or replaced, only when the screen is written: a command that \
        fails writes nothing and ends `once`, and commands that show nothing (`format`) leave it waiting. \
        A relative name is taken from the directory explorer was started in.
        Nothing surprising is written over: a directory, a missing directory, a file that cannot be written \
        or a script being run is an error, and nothing is written.
        """

    static let outputDetails = """
        `output FILE` creates or empties FILE, then adds every screen after to it, in the format in force, \
        until `output` alone sends screens to stdout again (`once` still takes the next screen alone). \
        Errors, warnings and traces stay on stderr. With CSV each table has its header: for one table in a \
        file, use `once`.
        """

    /// `once FILE`: the next screen to FILE.
    func onceCommand(_ arguments: [String]) throws -> Screen? {
        guard arguments.count == 1 else { throw CommandError.usage("once <file>   (quote a name with spaces)") }
        printer.onceFile = try OutputFile(arguments[0], running: scripts.entries.map(\.path))
        return nil
    }

    /// `output FILE`: every screen to FILE from now on; `output`: to stdout again.
    func outputCommand(_ arguments: [String]) throws -> Screen? {
        switch arguments.count {
        case 0:
            printer.outputFile = nil
        case 1:
            let file = try OutputFile(arguments[0], running: scripts.entries.map(\.path))
            try file.replace(with: "")
            printer.outputFile = file
        default:
            throw CommandError.usage("output [file]   (quote a name with spaces)")
        }
        return nil
    }
}
