import ExplorerCore
import ExplorerStore
import Foundation

/// `filter WORDS`: the kept titles of the category matching every word, from the offline index
/// (no network), in pages of ``pageSize`` like any list; at most ``MovieDBLibrary/filterLimit``
/// of them, the heading saying so when more matched.
///
/// The matches are kept as the index found them (``IndexedMatch``), and only the titles on
/// show are read from the index and decoded (``read(all:)``, when the listing is shown), or one
/// when it is opened: reading all 1,000 of a common word was most of the filter.
struct MovieDBFilterListing: MovieDBListing {
    /// Rows per page of matches.
    static let pageSize = 20

    var words: [String]
    /// The matches, in the category's order.
    var found: [IndexedMatch]
    /// Where the matches are read from.
    var index: OfflineIndex
    /// The page on show.
    var page = 1
    /// How many titles of the category are kept (all pages ever fetched).
    var keptCount: Int
    /// The most matches kept, when more titles matched than that (nil: every match is here).
    var cappedAt: Int?
    /// The titles on show, read (``read(all:)``), and which of ``found`` they are.
    private var shown: (range: Range<Int>, titles: [MovieDBItem]) = (0..<0, [])

    init(words: [String], found: [IndexedMatch], index: OfflineIndex, keptCount: Int, cappedAt: Int?) {
        self.words = words
        self.found = found
        self.index = index
        self.keptCount = keptCount
        self.cappedAt = cappedAt
    }

    var mode: MovieDBListMode { .filter(words: words) }
    var pageCount: Int { max(1, (found.count + Self.pageSize - 1) / Self.pageSize) }
    var rowNumbers: [Int] { found.indices.map { $0 + 1 } }

    /// Reads the titles on show: the page's, or with `all` (`page all`) every match's. Reading
    /// may fail (the database): then the listing is not shown.
    mutating func read(all: Bool) throws {
        let range = rows(all: all)
        shown = (range, try MovieDBLibrary.listedItems(found[range], in: index))
    }

    /// Which of ``found`` are on show: the page's, or with `all` every one.
    private func rows(all: Bool) -> Range<Int> {
        guard !all else { return found.indices }
        let first = min((page - 1) * Self.pageSize, found.count)
        return first ..< min(first + Self.pageSize, found.count)
    }

    func row(named text: String) throws -> (number: Int, item: MovieDBItem) {
        if found.isEmpty, Int(text) != nil {
            throw MovieDBError.noMatch(row: text, words: words)
        }
        let number = try ListError.rowNumber(text, count: found.count)
        return (number, try title(number - 1))
    }

    /// The match whose key is `id` (a title's id, `movie/603`), found before anything is read.
    func row(id: String) -> (number: Int, item: MovieDBItem)? {
        guard let position = found.firstIndex(where: { $0.key == id }), let item = try? title(position) else { return nil }
        return (position + 1, item)
    }

    func item(number: Int) -> MovieDBItem? {
        found.indices.contains(number - 1) ? try? title(number - 1) : nil
    }

    /// The match at `position` in ``found``: on show, or read.
    private func title(_ position: Int) throws -> MovieDBItem {
        if shown.range.contains(position) { return shown.titles[position - shown.range.lowerBound] }
        return try MovieDBLibrary.listedItems(found[position ... position], in: index)[0]
    }

    func fill(_ state: inout MovieDBState, marks: FavouriteMarks, offline: (Date) -> String, all: Int?) {
        if all != nil { state.all = AllPages(pages: pageCount) }
        state.page = page
        state.pageCount = pageCount
        state.totalCount = found.count
        state.cachedCount = keptCount
        state.cappedAt = cappedAt
        // The titles read when the listing was shown, or read now (one that cannot be is left out).
        state.rows = rows(all: all != nil).compactMap { position in (try? title(position)).map { marks.row(position + 1, $0) } }
        state.offline = nil
    }
}
