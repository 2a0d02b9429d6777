import ExplorerCore
import ExplorerStore
import Foundation

/// `filter WORDS`: the kept titles of the category matching every word, from the offline index
/// (no network), in pages of ``pageSize`` like any list; at most ``MovieDBLibrary/filterLimit``
/// of them, the heading saying so when more matched.
///
/// The matches are kept as their keys, and each is read from the index and decoded when it is
/// shown or opened: reading all 1,000 of a common word was most of the filter.
struct MovieDBFilterListing: MovieDBListing {
    /// Rows per page of matches.
    static let pageSize = 20

    var words: [String]
    /// The matches' keys, in the category's order.
    var found: [String]
    /// Where the matches are read from.
    var index: OfflineIndex
    /// The page on show.
    var page = 1
    /// How many titles of the category are kept (all pages ever fetched).
    var keptCount: Int
    /// The most matches kept, when more titles matched than that (nil: every match is here).
    var cappedAt: Int?

    var mode: MovieDBListMode { .filter(words: words) }
    var pageCount: Int { max(1, (found.count + Self.pageSize - 1) / Self.pageSize) }
    var rowNumbers: [Int] { found.indices.map { $0 + 1 } }

    func row(named text: String) throws -> (number: Int, item: MovieDBItem) {
        if found.isEmpty, Int(text) != nil {
            throw MovieDBError.noMatch(row: text, words: words)
        }
        let number = try ListError.rowNumber(text, count: found.count)
        return (number, title(number - 1))
    }

    /// The match whose key is `id` (a title's id, `movie/603`), found before anything is read.
    func row(id: String) -> (number: Int, item: MovieDBItem)? {
        found.firstIndex(of: id).map { ($0 + 1, title($0)) }
    }

    func item(number: Int) -> MovieDBItem? {
        found.indices.contains(number - 1) ? title(number - 1) : nil
    }

    /// The match at `position` in ``found``, read.
    private func title(_ position: Int) -> MovieDBItem {
        MovieDBLibrary.listedItems(found[position ... position], in: index)[0]
    }

    func fill(_ state: inout MovieDBState, marks: FavouriteMarks, offline: (Date) -> String, all: Int?) {
        let first = all == nil ? (page - 1) * Self.pageSize : 0
        let shown = found.indices.contains(first) ? found[first ..< min(all == nil ? first + Self.pageSize : found.count, found.count)] : []
        if all != nil { state.all = AllPages(pages: pageCount) }
        state.page = page
        state.pageCount = pageCount
        state.totalCount = found.count
        state.cachedCount = keptCount
        state.cappedAt = cappedAt
        state.rows = MovieDBLibrary.listedItems(shown, in: index).enumerated().map { marks.row(first + $0.offset + 1, $0.element) }
        state.offline = nil
    }
}
