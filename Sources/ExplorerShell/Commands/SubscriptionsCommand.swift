import ExplorerCore
import ExplorerText
import Reactive

/// `subscriptions`: the labelled subscriptions live now, oldest first, each with what keeps it
/// and its chain — where its values come from, stage by stage, to what receives them:
/// `RacesInteractor.snapshot → removeDuplicates → map → RacesViewModel.state → StateRenderer`.
struct SubscriptionsCommand: GlobalCommand {
    static let name = "subscriptions"
    static let summary = "list the live subscriptions and their chains"
    static let listedWith: (any GlobalCommand.Type)? = TraceCommand.self
    static let details = """
        Each labelled subscription that is live now, oldest first: what keeps it (a view, a view model) and its \
        chain, from the publisher its values come from, through each operator, to what receives them — \
        `RacesInteractor.snapshot → removeDuplicates → map → RacesViewModel.state → StateRenderer`. A view \
        subscribes to its view model's state while its feature is in use; races' view model to its interactor's \
        snapshot, iTunes' to the search field as `type` types in it (both while in use); characters' derives the \
        segments from the people loaded and the filter chosen for as long as it lives. `trace on` says when each \
        is made and cancelled (`use`, leaving, `follow`, `back`). With `--format json`: \
        {"rows":[{"owner":…,"chain":[…]}]}, as every list's rows; in CSV that table, the chain a JSON list.
        """

    /// Under this width each subscription is its owner on a line, its chain wrapped under it.
    static let tableWidth = 60

    init(_ arguments: [String]) throws(CommandError) {
        guard arguments.isEmpty else { throw Self.usageError }
    }

    func run(in shell: Shell) async throws -> CommandOutput {
        .reply(Self.screen(shell.tracer.liveSubscriptions.live))
    }

    static func screen(_ live: [LiveSubscription]) -> Screen {
        var screen = Screen(feature: nil, kind: "subscriptions", facts: ["count": .int(live.count)])
        guard !live.isEmpty else {
            screen.blocks = [.line("subscriptions: none live (`use` a feature: its view subscribes to its view model's state)"),
                             .table(table(live))]
            return screen
        }
        let compact = live.flatMap { subscription -> [ScreenBlock] in
            [.line(subscription.owner), .paragraph(wrappable(subscription.chain), indent: 2)]
        }
        screen.blocks = [.line("subscriptions: \(live.count) live, oldest first"),
                         .sizeClasses(compact: compact, regular: [.table(table(live))], regularWidth: tableWidth)]
        return screen
    }

    /// What keeps each subscription, and its chain, wrapped (never cut) before an arrow.
    private static func table(_ live: [LiveSubscription]) -> ScreenTable {
        ScreenTable(columns: [.init("owner", truncatable: false), .init("chain", minimumWidth: 20, wraps: true)],
                    rows: live.map { subscription in
                        [.init(subscription.owner), .init(wrappable(subscription.chain), .array(subscription.chain.map(JSONValue.string)))]
                    },
                    key: "rows")
    }

    /// The stages joined by arrows, each arrow bound to the stage after it (a no-break space), so
    /// that a chain wrapped onto more lines goes on with `→ stage`.
    private static func wrappable(_ chain: [String]) -> String {
        chain.joined(separator: " →\u{A0}")
    }
}
