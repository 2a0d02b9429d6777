import ExplorerText

extension Command {
    /// `open N`: shows the detail of a row, completing the row numbers that exist.
    public static func open<Model: ListDetailViewModel>(
        _ model: Model,
        summary: String = "show every detail of row N (of the favourites, after `favs`)",
        screen: @escaping @MainActor () -> Screen
    ) -> Command {
        open(summary: summary, rowNumbers: { model.openableNumbers }, open: { try await model.open($0) }, screen: screen)
            .intent(Model.self, "open(_:)")
    }

    /// `open N` with an opening of its own (a detail looked up afresh).
    public static func open(
        summary: String = "show every detail of row N",
        rowNumbers: @escaping @MainActor () -> [Int],
        open: @escaping @MainActor (String) async throws -> Void,
        screen: @escaping @MainActor () -> Screen
    ) -> Command {
        Command("open", usage: "open N", summary: summary, arguments: .one,
                complete: { previous in previous.isEmpty ? rowNumbers().map(String.init) : [] },
                run: { arguments in
                    try await open(arguments[0])
                    return screen()
                })
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
                    return screen
                })
            .intent(Model.self, "toggleFavourite(_:)")
    }

    /// `page next|prev|N`: shows another page, completing `next`, `prev` and the first
    /// ``pageCompletionLimit`` page numbers (TMDB has tens of thousands of pages).
    public static func page<Model: PagedViewModel>(
        _ model: Model,
        summary: String,
        screen: @escaping @MainActor () -> Screen
    ) -> Command {
        Command("page", usage: PageArgument.usage, summary: summary, arguments: .one,
                complete: { previous in
                    previous.isEmpty ? ["next", "prev"] + (1...max(min(model.pageCount, pageCompletionLimit), 1)).map(String.init) : []
                },
                run: { arguments in
                    try await model.showPage(try PageArgument(arguments))
                    return screen()
                })
            .intent(Model.self, "showPage(_:)")
    }

    /// How many page numbers `page` offers to complete.
    public static let pageCompletionLimit = 20

    /// `sort KEY [asc|desc] | sort off` for a feature's sort keys.
    public static func sort<Key>(
        _ type: SortArgument<Key>.Type,
        summary: String,
        apply: @escaping @MainActor (SortArgument<Key>?) -> Void,
        screen: @escaping @MainActor () -> Screen
    ) -> Command {
        Command("sort", usage: type.usage, summary: summary,
                complete: type.candidates(after:),
                run: { arguments in
                    apply(try type.parse(arguments))
                    return screen()
                })
    }

    /// `refresh`: loads again; the feature keeps its last good screen when that fails.
    public static func refresh(
        summary: String,
        reload: @escaping @MainActor () async throws -> Void,
        screen: @escaping @MainActor () -> Screen
    ) -> Command {
        Command("refresh", summary: summary, arguments: .none,
                run: { _ in
                    try await reload()
                    return screen()
                })
    }
}
