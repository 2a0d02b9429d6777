import ExplorerCore
import ExplorerText

/// `arch [command…]`: how the program, or the feature in use, is put together — read from the
/// running objects (their types, their stored properties, the commands they register, the
/// client stack they were given, the tables in the database), so it cannot drift from the
/// code (``programMap(in:)``, ``featureMap(_:in:)``). `arch <command…>` runs the command and
/// draws the path it took (``commandPath(_:in:)``).
struct ArchCommand: GlobalCommand {
    static let name = "arch"
    static let usage = "arch [command…]"
    static let summary = "how the program or feature is built; a command's path"
    static let details = """
        At the top level: the modules, the features Plugins.json lists (module, base URL, settings, tables) and \
        the client stack every request goes through. In a feature: its pieces, each command and the view-model \
        intent it sends, the view model's state fields with their values now, the endpoints its service asks \
        for, the screens its view makes, its tables and its client stack. All read from the running program.
        `arch <command…>` runs the command and draws the path it took, with timings: command → intent → \
        requests, state emissions and renders in order → the screen.
        """

    static func complete(_ previous: [String], _ partial: String, in shell: Shell) -> [String] {
        previous.isEmpty ? shell.commandNames.filter { $0 != name } : []
    }

    /// The command to follow; empty: the program or the feature.
    let command: [String]

    init(_ arguments: [String]) throws(CommandError) {
        command = arguments
    }

    func run(in shell: Shell) async throws -> CommandOutput {
        guard let name = command.first else {
            if let activeID = shell.activeID { return .reply(Self.featureMap(activeID, in: shell)) }
            return .reply(Self.programMap(in: shell))
        }
        if name == Self.name || shell.tracer.isRecording { throw CommandError("`arch` cannot trace `arch`") }
        return .reply(try await Self.commandPath(command, in: shell))
    }
}
