import ExplorerCore
import ExplorerText

/// `back`: up one level — a detail to its list, a list to the features.
struct BackCommand: GlobalCommand {
    static let name = "back"
    static let summary = "go up one level: detail → list → features"
    static let details = """
        On the detail `follow` opened, `back` returns to the detail you followed from, where you \
        left it.
        """

    static func actsOnFeatureInUse(_ arguments: [String]) -> Bool { true }

    init(_ arguments: [String]) throws(CommandError) {
        guard arguments.isEmpty else { throw Self.usageError }
    }

    func run(in shell: Shell) async throws -> CommandOutput {
        try await shell.back()
    }
}
