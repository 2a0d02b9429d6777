import ExplorerCore
import ExplorerText

/// `diagram [--plantuml] <command…>`: runs the command, as `arch <command…>` does, and prints
/// the path it took as a sequence diagram to paste into a slide or a README: Mermaid by
/// default (what GitHub renders), PlantUML on request.
struct DiagramCommand: GlobalCommand {
    static let name = "diagram"
    static let usage = "diagram [--plantuml] <command…>"
    static let synopsis = "diagram <command…>"
    static let summary = "run a command and print its path as a sequence diagram"
    static let details = """
        `diagram page next` runs `page next` and prints the path it took as a Mermaid `sequenceDiagram`: one \
        participant per part that took part (the shell, the command, the view model or interactor, the HTTP client \
        stack, the clock's timers, the view), the messages between them in order (`GET /starships/?page=2`, \
        `200 (3 ms)`, `state ← list …`, `rendered`) with their times, real or virtual.
        `diagram --plantuml page next` prints the same as PlantUML. The command's own screen comes first, as with `arch`.
        """

    static func complete(_ previous: [String], _ partial: String, in shell: Shell) -> [String] {
        previous.isEmpty ? ["--plantuml"] + shell.commandNames.filter { $0 != name && $0 != ArchCommand.name }
            : previous == ["--plantuml"] ? shell.commandNames.filter { $0 != name && $0 != ArchCommand.name } : []
    }

    let plantUML: Bool
    let command: [String]

    init(_ arguments: [String]) throws(CommandError) {
        plantUML = arguments.first == "--plantuml"
        command = plantUML ? Array(arguments.dropFirst()) : arguments
        guard !command.isEmpty else { throw Self.usageError }
    }

    func run(in shell: Shell) async throws -> CommandOutput {
        if [Self.name, ArchCommand.name].contains(command[0]) || shell.tracer.isRecording {
            throw CommandError("`diagram` cannot draw `\(command[0])`")
        }
        let path = await CommandPath.record(command, in: shell)
        let diagram = SequenceDiagram(path)
        let source = plantUML ? diagram.plantUML : diagram.mermaid
        var blocks: [ScreenBlock] = []
        if case .success(let screen?) = path.result { blocks.append(.screen(key: "result", screen)) }
        blocks.append(.code(source))
        let screen = Screen(feature: shell.activeID, kind: "diagram",
                            facts: ["command": .string(path.line), "notation": .string(plantUML ? "plantuml" : "mermaid"),
                                    "source": .string(source)],
                            blocks: blocks)
        if let failure = path.failure {
            try await shell.printer.print(screen)
            throw failure
        }
        return .reply(screen)
    }
}
