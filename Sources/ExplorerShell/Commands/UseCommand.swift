import ExplorerCore
import ExplorerText

/// `use <feature>`: switch to a feature (typing its id alone does the same).
struct UseCommand: GlobalCommand {
    static let name = "use"
    static let usage = "use <feature>"
    static let summary = "switch to a feature (or type its id alone)"
    static let listedWith: (any GlobalCommand.Type)? = FeaturesCommand.self

    static func complete(_ previous: [String], _ partial: String, in shell: Shell) -> [String] {
        oneOf(shell.registry.ids, after: previous)
    }

    /// The feature's id; nil when not exactly one word was typed (the usage error names the
    /// features, which only the shell knows).
    let feature: String?

    init(_ arguments: [String]) throws(CommandError) {
        feature = arguments.count == 1 ? arguments[0] : nil
    }

    func run(in shell: Shell) async throws -> CommandOutput {
        guard let feature else { throw Self.usageError(hint: "one of: \(shell.registry.ids.joined(separator: ", "))") }
        try await shell.use(feature)
        return .view
    }
}
