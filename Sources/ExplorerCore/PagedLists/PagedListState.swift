import Reactive

/// Everything a paged list feature's screen shows, as one value: the view turns it into a
/// screen, tests compare it whole after each intent.
public struct PagedListState<Definition: PagedListDefinition>: ListDetailState {
    public typealias Item = Definition.Item
    public typealias Row = ListRow<Item>

    public var screen = ListPlace.list
    /// The API page on show (1-based); 0 before anything is loaded.
    public var page = 0
    public var pageCount = 0
    public var totalCount = 0
    /// How many items are loaded (all pages fetched so far).
    public var loadedCount = 0
    /// Set when loading every page stopped at the bound (`stopped after 100 pages (…)`).
    public var loadNote: String?
    /// Set while `page all` lists every loaded row as one: how many pages, and the bound when
    /// it stopped before the last page. ``page`` stays the page `page next|prev` move from.
    public var all: AllPages?
    /// The rows listed: the current page, or every loaded row when sorted, after `page all` or
    /// all loaded at once; only those the refinement lets through.
    public var rows: [Row] = []
    /// The row opened with `open N`, while on the detail screen.
    public var detail: Row?
    /// The names of what the detail links to, as far as they could be had.
    public var linkNames: [String: String] = [:]
    public var sort: SortArgument<Definition.SortKey>?
    /// What the feature adds to narrow the list (characters' filter and its segments).
    public var refinement = Definition.Refinement()
    public var isLoading = false
    /// Why favourites cannot be shown, when the database is unusable; listing still works.
    public var favouritesProblem: String?
    /// The feature's favourites, while `favs` shows them.
    public var favourites: [FavouriteRow] = []

    public init() {}
}

extension PagedListState: TraceSummarizable {
    public var traceSummary: String {
        traceSummary {
            guard Definition.loading == .pageByPage else {
                let parts = ["list, \(rows.count) of \(loadedCount) items", refinement.traceSummary,
                             sort.map { "sorted by \($0.description)" }]
                return parts.compactMap { $0 }.joined(separator: ", ")
            }
            let numbers = rows.compactMap(\.number)
            let range = numbers.isEmpty ? "no rows" : "rows \(numbers.min()!)–\(numbers.max()!)"
            let shown = all.map { "all \($0.pages) page\($0.pages == 1 ? "" : "s")" } ?? "page \(page)/\(pageCount)"
            return "list, \(rows.count) items (\(range), \(shown)\(sort.map { ", sorted by \($0.description)" } ?? ""))"
        }
    }
}
