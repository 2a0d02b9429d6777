import ExplorerCore
import Foundation

/// `filter WORDS`: the kept titles of the category matching every word, from the offline index
/// (no network), in pages of ``pageSize`` like any list; at most ``MovieDBLibrary/filterLimit``
/// of them, the heading saying so when more matched.
struct MovieDBFilterListing: MovieDBListing {
    /// Rows per page of matches.
    static let pageSize = 20

    var words: [String]
    var pages: MovieDBPages
    /// How many titles of the category are kept (all pages ever fetched).
    var keptCount: Int
    /// The most matches kept, when more titles matched than that (nil: every match is here).
    var cappedAt: Int?

    init(words: [String], matches: [MovieDBItem], keptCount: Int, cappedAt: Int? = nil) {
        self.words = words
        pages = MovieDBPages(found: matches, size: Self.pageSize)
        self.keptCount = keptCount
        self.cappedAt = cappedAt
    }

    var mode: MovieDBListMode { .filter(words: words) }
    var pageCount: Int { pages.reachable }
    var rowNumbers: [Int] { pages.list.loadedRowNumbers }

    func row(named text: String) throws(CommandError) -> (number: Int, item: MovieDBItem) {
        if pages.list.totalCount == 0, Int(text) != nil {
            throw CommandError("no row \(text): no cached title matches \"\(words.joined(separator: " "))\" (`filter clear` shows the pages)")
        }
        return try pages.row(named: text)
    }

    func item(number: Int) -> MovieDBItem? { pages.list.row(number)?.item }

    func fill(_ state: inout MovieDBState, marks: FavouriteMarks, offline: (Date) -> String) {
        pages.fill(&state, marks: marks, offline: offline)
        state.cachedCount = keptCount
        state.cappedAt = cappedAt
    }
}
