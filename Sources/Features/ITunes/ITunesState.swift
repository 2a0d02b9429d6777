import ExplorerCore
import Reactive

/// Everything the iTunes screen shows, as one value.
public struct ITunesState: ListDetailState {
    public typealias Row = ListRow<ITunesItem>

    public enum Status: Sendable, Equatable {
        /// Nothing searched yet.
        case idle
        case results
        case noResults(term: String)
    }

    public var status = Status.idle
    /// The term the results are for.
    public var term: String?
    /// The term being searched while a search runs (the previous results stay meanwhile).
    public var searching: String?
    public var isLoading = false
    public var screen = ListPlace.list
    public var page = 0
    public var pageCount = 0
    public var totalCount = 0
    /// Set while `page all` lists every result as one (``page`` stays the page `page next|prev`
    /// move from).
    public var all: AllPages?
    /// The rows of the page on show, or every result after `page all`.
    public var rows: [Row] = []
    public var detail: Row?
    /// Why the detail on show is the one from the search rather than a fresh lookup.
    public var detailNotRefreshed: String?
    public var favouritesProblem: String?
    /// The feature's favourites, while `favs` shows them.
    public var favourites: [FavouriteRow] = []

    public init() {}

    /// Whether the last page is on show (not every result, after `page all`).
    public var isOnLastPage: Bool { page > 0 && page == pageCount && all == nil }
}

extension ITunesState: TraceSummarizable {
    public var traceSummary: String {
        if let searching { return "searching \"\(searching)\"" }
        if screen == .favourites { return "favourites, \(favourites.count) items" }
        switch status {
        case .idle: return "idle"
        case .noResults(let term): return "no results for \"\(term)\""
        case .results:
            if screen == .favourites { return "favourites, \(favourites.count) items" }
            if screen.isDetail { return "detail of \(detail?.item.title ?? "?")" }
            let numbers = rows.compactMap(\.number)
            let range = numbers.isEmpty ? "" : ", rows \(numbers.min()!)–\(numbers.max()!)"
            return "results, \(rows.count) items\(range), \(all == nil ? "page \(page)/\(pageCount)" : "all")"
        }
    }
}
