import Reactive

/// Everything the iTunes screen shows, as one value.
public struct ITunesState: Sendable, Equatable {
    public enum Status: Sendable, Equatable {
        /// Nothing searched yet.
        case idle
        case searching(term: String)
        case results
        case noResults(term: String)
        /// The last search failed; the previous results (if any) are still shown.
        case failed(message: String)
    }

    public enum Screen: Sendable, Equatable {
        case list
        case detail
    }

    public struct Row: Sendable, Equatable {
        /// Nil for a detail opened with `lookup` that is not in the results.
        public var number: Int?
        public var item: ITunesItem
        public var isFavourite: Bool

        public init(number: Int?, item: ITunesItem, isFavourite: Bool) {
            self.number = number
            self.item = item
            self.isFavourite = isFavourite
        }
    }

    public var status = Status.idle
    /// The term the results are for.
    public var term: String?
    public var screen = Screen.list
    public var page = 0
    public var pageCount = 0
    public var totalCount = 0
    /// The rows of the page on show.
    public var rows: [Row] = []
    public var detail: Row?
    /// Said under the detail when the live refresh of it failed.
    public var detailNote: String?
    public var favouritesProblem: String?

    public init() {}

    public var isOnLastPage: Bool { page > 0 && page == pageCount }
}

extension ITunesState: TraceSummarizable {
    public var traceSummary: String {
        switch status {
        case .idle: return "idle"
        case .searching(let term): return "searching \"\(term)\""
        case .noResults(let term): return "no results for \"\(term)\""
        case .failed(let message): return "failed (\(message))"
        case .results:
            if screen == .detail { return "detail of \(detail?.item.title ?? "?")" }
            let numbers = rows.compactMap(\.number)
            let range = numbers.isEmpty ? "" : ", rows \(numbers.min()!)–\(numbers.max()!)"
            return "results, \(rows.count) items\(range), page \(page)/\(pageCount)"
        }
    }
}
