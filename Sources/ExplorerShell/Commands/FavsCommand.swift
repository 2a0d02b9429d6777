import ExplorerClock
import ExplorerCore
import ExplorerStore
import ExplorerText

/// `favs [all [next|prev|N]]`: the favourites of the feature in use (which lists its own when
/// it can), or of every feature, a page at a time.
struct FavsCommand: GlobalCommand {
    static let name = "favs"
    static let usage = "favs [all [next|prev|N]]"
    static let synopsis = "favs [all]"
    static let summary = "list this feature's favourites, or all with `all`"
    static let details = """
        `favs all` lists every feature's favourites, oldest first, \(pageSize) to a page: `favs all next` (or `n`), \
        `favs all prev` (or `p`) and `favs all 3` show another page, and row numbers stay those of the whole list.
        """

    /// How many favourites a page of `favs all` lists.
    static let pageSize = 20

    /// `favs` alone lists the favourites of the feature in use; `favs all` every feature's.
    static func actsOnFeatureInUse(_ arguments: [String]) -> Bool { arguments.isEmpty }

    static func complete(_ previous: [String], _ partial: String, in shell: Shell) -> [String] {
        switch previous.map({ $0.lowercased() }) {
        case []: ["all"]
        case ["all"]: ["next", "prev"]
        default: []
        }
    }

    /// `favs all`; without it, all only when no feature is in use.
    let all: Bool
    /// The page `favs all` moves to; nil for the first.
    let page: PageArgument?

    init(_ arguments: [String]) throws(CommandError) {
        let words = arguments.map { $0.lowercased() }
        guard words.count <= 2, words.first ?? "all" == "all", words.dropFirst().first != "all" else { throw Self.usageError }
        all = !words.isEmpty
        guard words.count == 2 else {
            page = nil
            return
        }
        do {
            page = try PageArgument([words[1]])
        } catch {
            // PageArgument's own words would offer `all`, which `favs all` has already.
            guard Int(words[1]) != nil else {
                throw CommandError("expected next, prev or a page number after `favs all`, not '\(arguments[1].sanitizedForTerminal.truncated(toWidth: 20))'")
            }
            throw error
        }
    }

    func run(in shell: Shell) async throws -> CommandOutput {
        let activeID = shell.activeID
        if !all, activeID != nil, let listing = shell.activeFeature as? any FavouritesListing {
            try listing.showFavourites()
            return .view
        }
        guard !all, let activeID else { return .reply(try allFavourites(in: shell)) }
        let list = try shell.favourites.list(feature: activeID)
        let table = Self.table(list, first: 1, all: false)
        var screen = Screen(feature: activeID, kind: "favourites", facts: ["all": .bool(false), "count": .int(list.count)])
        screen.blocks = list.isEmpty ? [.line("no \(activeID) favourites yet (`fav N` marks one)"), .table(table)] : [.table(table)]
        return .reply(screen)
    }

    /// One page of every feature's favourites: the first, or the one ``page`` moves to from the
    /// page shown last.
    private func allFavourites(in shell: Shell) throws -> Screen {
        let count = try shell.favourites.count()
        let pages = (count + Self.pageSize - 1) / Self.pageSize
        var number = 1
        if let page { number = try page.target(current: shell.allFavouritesPage, count: pages) }
        let list = try shell.favourites.page(offset: (number - 1) * Self.pageSize, limit: Self.pageSize)
        shell.allFavouritesPage = number
        var screen = Screen(feature: nil, kind: "favourites", facts: [
            "all": .bool(true), "page": .int(pages == 0 ? 0 : number), "pages": .int(pages), "count": .int(count),
        ])
        let table = Self.table(list, first: (number - 1) * Self.pageSize + 1, all: true)
        guard !list.isEmpty else {
            // Its header alone in CSV, `"rows": []` in JSON.
            screen.blocks = [.line("no favourites yet (`fav N` on a list marks one)"), .table(table)]
            return screen
        }
        screen.blocks = [.table(table), .hint("`use FEATURE` then `favs` to open one")]
        if pages > 1 {
            screen.blocks.insert(.heading("favourites · page \(number) of \(ReadableNumber.grouping(pages)) · \(ReadableNumber.grouping(count)) in all"), at: 0)
            screen.blocks.append(.hint("`favs all next`, `favs all prev` or `favs all N` shows another page"))
        }
        return screen
    }

    /// The favourites from row `first` on; the feature shown with `all`.
    private static func table(_ list: [Favourite], first: Int, all: Bool) -> ScreenTable {
        var columns: [ScreenTable.Column] = [
            // No numbers to read: `open N` cannot take them here (a feature that can lists its
            // own favourites, see FavouritesListing).
            .init("row", title: "#", alignment: .right, truncatable: false, visibility: .dataOnly),
            .init("favourite", title: "★", truncatable: false, minimumWidth: 1, visibility: .textOnly),
        ]
        columns.append(.init("feature", truncatable: false, dropOrder: 1, visibility: all ? .textAndData : .dataOnly))
        columns += [.init("title", minimumWidth: 10), .init("id", truncatable: false, dropOrder: 2), .data("created")]
        let rows = list.enumerated().map { index, favourite -> [ScreenTable.Cell] in
            [ScreenTable.Cell(String(first + index), .int(first + index)), ScreenTable.Cell("★", .bool(true)), .init(favourite.feature),
             .init(favourite.title), ScreenTable.Cell("\(favourite.feature)/\(favourite.itemID)", .string(favourite.itemID)),
             .data(favourite.createdAt.map { .string(UTCTimestamp.iso8601($0)) } ?? .null)]
        }
        return ScreenTable(columns: columns, rows: rows)
    }
}
