import ExplorerCore
import ExplorerImages
import Foundation
import Reactive

/// Everything the facts screen shows, as one value.
public struct FactsState: ListDetailState {
    public typealias Row = ListRow<Fact>

    public var screen = ListPlace.list
    /// The document's title (`About Canada`).
    public var title: String?
    public var page = 0
    public var pageCount = 0
    /// The facts shown (rows with something in them) and the empty rows left out.
    public var totalCount = 0
    public var hiddenCount = 0
    /// How many rows the document had past the most kept (``FactsDocument/maxRows``), left out.
    public var cutRows = 0
    /// Set while `page all` lists every fact as one (``page`` stays the page `page next|prev`
    /// move from).
    public var all: AllPages?
    /// The facts of the page on show, or every fact after `page all`.
    public var rows: [Row] = []
    /// The state of each image of the rows shown (and of the detail), by its address.
    public var images: [String: ImageState] = [:]
    public var detail: Row?
    /// `network unavailable: showing the 13 facts cached 5 min ago` when the document came from the cache.
    public var offline: String?
    /// Whether this state is the one the fetch that fell back to the cache produced: its screen
    /// carries ``offline`` as a warning; later screens (another page, a detail) made no request
    /// and do not repeat it.
    public var warnsOffline = false
    public var isLoading = false
    public var favouritesProblem: String?
    public var favourites: [FavouriteRow] = []

    public init() {}

    /// The state of the image of `fact`.
    public func image(of fact: Fact) -> ImageState {
        guard let url = fact.imageURL else { return fact.imageHref == nil ? .none : .failed("not an http(s) address") }
        return images[url.absoluteString] ?? .loading
    }
}

extension FactsState: TraceSummarizable {
    public var traceSummary: String {
        if isLoading { return "loading" }
        switch screen {
        case .favourites: return "favourites, \(favourites.count) items"
        case .detail(let number): return "detail of row \(number.map(String.init) ?? "?") (\(detail?.item.shownTitle ?? "?"))"
        case .list:
            let loaded = images.values.filter { if case .loaded = $0 { return true } else { return false } }.count
            return "list, \(rows.count) facts (\(all == nil ? "page \(page)/\(pageCount)" : "all")), \(loaded) of \(images.count) images loaded"
        }
    }
}
