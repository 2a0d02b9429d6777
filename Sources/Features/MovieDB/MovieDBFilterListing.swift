import ExplorerCore
import Foundation

/// `filter WORDS`: every kept title of the category matching every word, on one page, from
/// the offline index (no network).
struct MovieDBFilterListing: MovieDBListing {
    var words: [String]
    var matches: [MovieDBItem]
    /// How many titles of the category are kept (all pages ever fetched).
    var keptCount: Int

    var mode: MovieDBListMode { .filter(words: words) }
    var pageCount: Int { 1 }
    var rowNumbers: [Int] { matches.indices.map { $0 + 1 } }

    func row(named text: String) throws(CommandError) -> (number: Int, item: MovieDBItem) {
        if matches.isEmpty, Int(text) != nil {
            throw CommandError("no row \(text): no cached title matches \"\(words.joined(separator: " "))\" (`filter clear` shows the pages)")
        }
        let number = try CommandError.rowNumber(text, count: matches.count)
        return (number, matches[number - 1])
    }

    func item(number: Int) -> MovieDBItem? {
        matches.indices.contains(number - 1) ? matches[number - 1] : nil
    }

    func fill(_ state: inout MovieDBState, marks: FavouriteMarks, offline: (Date) -> String) {
        state.page = 1
        state.pageCount = 1
        state.totalCount = matches.count
        state.cachedCount = keptCount
        state.rows = matches.enumerated().map { marks.row($0.offset + 1, $0.element) }
    }
}
