import ExplorerCore
import ExplorerText

/// `features`: the features Plugins.json enables, the one in use marked.
struct FeaturesCommand: GlobalCommand {
    static let name = "features"
    static let summary = "list the features you can use"
    static let synopsis = "features · use <id>"
    static let overviewSummary = "list the features; switch to one, or type its id alone"

    init(_ arguments: [String]) throws(CommandError) {
        guard arguments.isEmpty else { throw Self.usageError }
    }

    func run(in shell: Shell) async throws -> CommandOutput {
        let table = ScreenTable(
            columns: [
                .init("active", title: "", truncatable: false, minimumWidth: 1),
                .init("id", truncatable: false),
                // Wrapped, never cut: a summary is what says what the feature is.
                .init("title", minimumWidth: 10, dropOrder: 2, wraps: true),
                .init("summary", minimumWidth: 12, dropOrder: 1, wraps: true),
            ],
            rows: shell.registry.entries.map { entry in
                let isActive = entry.descriptor.id == shell.activeID
                return [ScreenTable.Cell(isActive ? "▸" : " ", .bool(isActive)), .init(entry.descriptor.id),
                        .init(entry.descriptor.title), .init(entry.descriptor.summary)]
            })
        return .reply(Screen(feature: nil, kind: "features", facts: ["count": .int(shell.registry.entries.count)], blocks: [.table(table)]))
    }
}
