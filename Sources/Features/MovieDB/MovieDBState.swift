import Reactive
import ExplorerCore
import Foundation

/// Everything the MovieDB screen shows, as one value.
public struct MovieDBState: ListDetailState {
    public typealias Row = ListRow<MovieDBItem>

    public var screen = ListPlace.list
    public var mode = MovieDBListMode.category
    public var category = MovieDBCategory.moviePopular
    /// The page on show (1-based; 0 before anything is loaded) and how many can be asked for.
    public var page = 0
    public var pageCount = 0
    /// How many of TMDB's pages the data holds, when not all of them: the embedded data holds
    /// page 1 of each category (nil: every page can be asked for).
    public var heldPages: Int?
    /// How many titles TMDB has in the category or for the search.
    public var totalCount = 0
    /// With `filter`: how many titles of the category are cached (all pages ever fetched).
    public var cachedCount = 0
    /// With `filter`: the most matches shown, when more titles matched (nil: every match is shown).
    public var cappedAt: Int?
    /// Set while `page all` lists every loaded row as one: how many pages, and the bound when it
    /// stopped before the last page (``page`` stays the page `page next|prev` move from).
    public var all: AllPages?
    /// The rows of the page on show, or every loaded row after `page all`.
    public var rows: [Row] = []
    public var detail: Row?
    /// Why the detail shows less than a full detail (embedded data, offline).
    public var detailNote: String?
    /// `offline — cached 2 h ago` when what is shown came from the cache.
    public var offline: String?
    public var isLoading = false
    public var favouritesProblem: String?
    public var favourites: [FavouriteRow] = []

    public init() {}
}

extension MovieDBState: TraceSummarizable {
    public var traceSummary: String {
        if isLoading { return "loading" }
        switch screen {
        case .favourites:
            return "favourites, \(favourites.count) items"
        case .detail(let number):
            return "detail of row \(number.map(String.init) ?? "?") (\(detail?.item.title ?? "?"))"
        case .list:
            let what: String
            let shown = all.map { "all \($0.pages) page\($0.pages == 1 ? "" : "s")" } ?? "page \(page)/\(pageCount)"
            switch mode {
            case .category: what = "\(category.command), \(shown)"
            case .filter(let words): what = "\(category.command) filtered by \(words.joined(separator: " "))\(all == nil ? "" : ", all")"
            case .search(let term, _, let origin): what = "search \(term) (\(origin.rawValue)), \(shown)"
            }
            return "list, \(rows.count) items (\(what)\(offline.map { ", \($0)" } ?? ""))"
        }
    }
}
