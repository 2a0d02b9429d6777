import ExplorerText

/// The commands every list-and-detail feature has, written once. Each sends one intent and
/// answers ``CommandOutput/view``: the view shows the state the intent left.
extension Command {
    /// `open N`: shows the detail of a row, completing the row numbers that exist.
    public static func open<Model: ListDetailViewModel>(
        _ model: Model,
        summary: String = "show every detail of row N (of the favourites, after `favs`)"
    ) -> Command {
        Command("open", usage: "open N", summary: summary, arguments: .one,
                complete: { previous in previous.isEmpty ? model.openableNumbers.map(String.init) : [] },
                run: { arguments in
                    try await model.open(arguments[0])
                    return .view
                })
            .intent(Model.self, "open(_:)")
    }

    /// `fav [N]`: toggles row N, or the open detail, and says what it is now. On the favourites
    /// (`favs`) the list follows, its star changed (its numbers stay put until `favs` again), so
    /// what `fav N` did there can be seen — and that N was a favourite's number, not a row's.
    public static func favourite<Model: ListDetailViewModel>(_ model: Model) -> Command {
        Command("fav", usage: "fav [N]", summary: "mark or unmark row N as a favourite (`fav` alone on a detail)", arguments: .atMostOne,
                complete: { previous in previous.isEmpty ? model.openableNumbers.map(String.init) : [] },
                run: { arguments in
                    let feature = model.navigator.featureID
                    let toggle = try model.toggleFavourite(arguments.first)
                    var screen = Screen.favouriteToggled(toggle, feature: feature)
                    if model.navigator.place == .favourites {
                        let marks = model.navigator.marks()
                        var favourites = Screen.favourites(model.favouriteRows(marks), feature: feature)
                        favourites.warnFavouritesUnavailable(marks.problem)
                        screen.blocks.append(.screen(key: "favourites", favourites))
                    }
                    return .reply(screen)
                })
            .intent(Model.self, "toggleFavourite(_:)")
    }

    /// `page next|prev|N|all [MAX]`: shows another page, or every page as one list, completing
    /// `next`, `prev`, `all` and the first ``pageCompletionLimit`` page numbers (TMDB has tens of
    /// thousands of pages).
    public static func page<Model: PagedViewModel>(_ model: Model, summary: String, details: String = pageDetails) -> Command {
        Command("page", usage: PageArgument.usage, summary: summary, details: details,
                complete: { previous in
                    previous.isEmpty ? ["next", "prev", "all"] + (1...max(min(model.pageCount, pageCompletionLimit), 1)).map(String.init) : []
                },
                run: { arguments in
                    try await model.showPage(try PageArgument(arguments))
                    return .view
                })
            .intent(Model.self, "showPage(_:)")
    }

    /// How many page numbers `page` offers to complete.
    public static let pageCompletionLimit = 20

    /// What `help page` says beyond its summary, for a list whose pages are fetched as they are
    /// shown.
    public static let pageDetails = """
        `page next` (or `n`), `page prev` (or `p`) and `page 3` show one page; a page is fetched the first time it is shown, \
        and row numbers stay those of the whole list.
        `page all` fetches the pages not loaded yet, one after another, up to page \(PageLoader.defaultMaxPages), and lists \
        every loaded row as one list; `page all 500` sets the bound (at most \(ReadableNumber.grouping(PageArgument.maxAllLimit))). \
        When the bound stops it before the last page a warning says so. If a page fails, or Ctrl-C stops it, \
        nothing changes. `raw` shows the last page's answer as it came, `raw 2` the one before, and so on; \
        `page N` shows one page again.
        """

    /// `sort KEY [asc|desc] | sort off` for a feature's sort keys.
    public static func sort<Model: SortableViewModel>(_ model: Model, summary: String) -> Command {
        let argument = SortArgument<Model.SortKey>.self, keys = model.sortKeys
        return Command("sort", usage: argument.usage(keys: keys), summary: summary,
                       complete: { argument.candidates(keys: keys, after: $0) },
                       run: { arguments in
                           model.sort(by: try argument.parse(arguments, keys: keys))
                           return .view
                       })
            .intent(Model.self, "sort(by:)")
    }

    /// `refresh`: loads again; the feature keeps its last good state when that fails.
    public static func refresh<Model: ScreenViewModel>(_ model: Model, summary: String) -> Command {
        Command("refresh", summary: summary, arguments: .none,
                run: { _ in
                    try await model.refresh()
                    return .view
                })
            .intent(Model.self, "refresh()")
    }
}
