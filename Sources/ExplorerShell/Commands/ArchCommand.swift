import ExplorerCore
import ExplorerText

/// `arch [section…|command…]`: how the program, or the feature in use, is put together — read
/// from the running objects (their types, their stored properties, the commands they register,
/// the client stack they were given, the tables in the database), so it cannot drift from the
/// code (``programMap(in:)``, ``featureMap(_:in:)``); `arch state`, `arch stack` and the other
/// ``ArchSection``s one part of it. `arch <command…>` runs the command and draws the path it
/// took (``commandPath(_:in:)``).
struct ArchCommand: GlobalCommand {
    static let name = "arch"
    static let usage = "arch [section…] | arch <command…>"
    static let synopsis = "arch [section|command]"
    static let summary = "how the program or feature is built; a command's path"
    static let details = """
        At the top level: the modules, the features Plugins.json lists (module, base URL, settings, tables) and \
        the client stack every request goes through. In a feature: its pieces, each command and the view-model \
        intent it sends, the view model's state fields with their values now, the endpoints its service asks \
        for, the screens its view makes, its tables and its client stack. All read from the running program.
        A section shows that part alone, under the heading (several: those parts, in the map's order): at the \
        top level `modules`, `plugins` (the features Plugins.json lists), `stack`; in a feature `pieces`, \
        `commands`, `state`, `endpoints` (with the screens, timers and links), `tables`, `stack`. In JSON the \
        same object with only that part's members. No command is named like a section: `arch state` is the section.
        `arch <command…>` runs the command and draws the path it took, with timings: command → intent → \
        requests, state emissions and renders in order → the screen.
        """

    /// The sections where the session is, then the commands to draw the path of; after a
    /// section, the sections not typed yet.
    static func complete(_ previous: [String], _ partial: String, in shell: Shell) -> [String] {
        let sections = (shell.activeID == nil ? ArchSection.program : ArchSection.feature).map(\.rawValue)
        if previous.isEmpty { return sections + shell.commandNames.filter { $0 != name } }
        guard previous.allSatisfy({ ArchSection(word: $0) != nil }) else { return [] }
        return sections.filter { !previous.map { $0.lowercased() }.contains($0) }
    }

    /// The sections to show; empty: the whole map (or the path of ``command``).
    let sections: [ArchSection]
    /// The command to follow; empty: the program or the feature.
    let command: [String]

    init(_ arguments: [String]) throws(CommandError) {
        // A section word first: every word is a section (no command is named like one).
        guard let first = arguments.first, ArchSection(word: first) != nil else {
            sections = []
            command = arguments
            return
        }
        var sections: [ArchSection] = []
        for word in arguments {
            guard let section = ArchSection(word: word) else {
                throw CommandError("'\(word.sanitizedForTerminal.truncated(toWidth: 20))' is not a section of arch: "
                                   + "\(ArchSection.allCases.map(\.rawValue).joined(separator: ", ")) (a command to draw comes alone: `arch <command…>`)")
            }
            if !sections.contains(section) { sections.append(section) }
        }
        self.sections = sections
        command = []
    }

    func run(in shell: Shell) async throws -> CommandOutput {
        guard let name = command.first else {
            let map = shell.activeID.map { Self.featureMap($0, in: shell) } ?? Self.programMap(in: shell)
            guard !sections.isEmpty else { return .reply(map.screen()) }
            try checkSections(in: shell)
            return .reply(map.screen(only: Set(sections)))
        }
        if name == Self.name || shell.tracer.isRecording { throw CommandError("`arch` cannot trace `arch`") }
        return .reply(try await Self.commandPath(command, in: shell))
    }

    /// A section of the other map is refused, saying which there are here.
    private func checkSections(in shell: Shell) throws(CommandError) {
        if let activeID = shell.activeID {
            guard let section = sections.first(where: { !$0.inFeature }) else { return }
            throw CommandError("`arch \(section.rawValue)` is the program's, not \(activeID)'s: `back` to the top level for it "
                               + "(in \(activeID): \(ArchSection.feature.map(\.rawValue).joined(separator: ", ")))")
        }
        guard let section = sections.first(where: { !$0.inProgram }) else { return }
        throw CommandError("`arch \(section.rawValue)` is a feature's: no feature is in use (`use <id>` first; "
                           + "here: \(ArchSection.program.map(\.rawValue).joined(separator: ", ")))")
    }
}
