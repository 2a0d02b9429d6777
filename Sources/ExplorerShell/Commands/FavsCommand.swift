import ExplorerClock
import ExplorerCore
import ExplorerStore
import ExplorerText

/// `favs [all]`: the favourites of the feature in use (which lists its own when it can), or of
/// every feature.
struct FavsCommand: GlobalCommand {
    static let name = "favs"
    static let usage = "favs [all]"
    static let summary = "list this feature's favourites, or all with `all`"

    /// `favs` alone lists the favourites of the feature in use; `favs all` every feature's.
    static func actsOnFeatureInUse(_ arguments: [String]) -> Bool { arguments.isEmpty }

    static func complete(_ previous: [String], _ partial: String, in shell: Shell) -> [String] {
        oneOf(["all"], after: previous)
    }

    /// `favs all`; without it, all only when no feature is in use.
    let all: Bool

    init(_ arguments: [String]) throws(CommandError) {
        switch arguments.map({ $0.lowercased() }) {
        case []: all = false
        case ["all"]: all = true
        default: throw Self.usageError
        }
    }

    func run(in shell: Shell) async throws -> CommandOutput {
        let activeID = shell.activeID
        let all = self.all || activeID == nil
        if !all, let listing = shell.activeFeature as? any FavouritesListing {
            try listing.showFavourites()
            return .view
        }
        let list = try shell.favourites.list(feature: all ? nil : activeID)
        var screen = Screen(feature: all ? nil : activeID, kind: "favourites",
                            facts: ["all": .bool(all), "count": .int(list.count)])
        var columns: [ScreenTable.Column] = [
            // No numbers to read: `open N` cannot take them here (a feature that can lists its
            // own favourites, see FavouritesListing).
            .init("row", title: "#", alignment: .right, truncatable: false, visibility: .dataOnly),
            .init("favourite", title: "★", truncatable: false, minimumWidth: 1, visibility: .textOnly),
        ]
        columns.append(.init("feature", truncatable: false, dropOrder: 1, visibility: all ? .textAndData : .dataOnly))
        columns += [.init("title", minimumWidth: 10), .init("id", truncatable: false, dropOrder: 2), .data("created")]
        let rows = list.enumerated().map { index, favourite -> [ScreenTable.Cell] in
            [ScreenTable.Cell(String(index + 1), .int(index + 1)), ScreenTable.Cell("★", .bool(true)), .init(favourite.feature),
             .init(favourite.title), ScreenTable.Cell("\(favourite.feature)/\(favourite.itemID)", .string(favourite.itemID)),
             .data(.string(UTCTimestamp.iso8601(favourite.createdAt)))]
        }
        let table = ScreenTable(columns: columns, rows: rows)
        guard !list.isEmpty else {
            // Its header alone in CSV, `"rows": []` in JSON.
            screen.blocks = [.line(all ? "no favourites yet (`fav N` on a list marks one)" : "no \(activeID ?? "") favourites yet (`fav N` marks one)"),
                             .table(table)]
            return .reply(screen)
        }
        screen.blocks = [.table(table)]
        if all { screen.blocks.append(.hint("`use FEATURE` then `favs` to open one")) }
        return .reply(screen)
    }
}
