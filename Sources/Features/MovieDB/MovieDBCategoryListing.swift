import ExplorerCore
import Foundation

/// A category's pages as TMDB pages them (20 titles each, row numbers continuing across
/// pages); the embedded data holds page 1 of each.
struct MovieDBCategoryListing: MovieDBListing {
    var category: MovieDBCategory
    /// The pages loaded; nil before the first.
    var pages: MovieDBPages?
    var isEmbedded: Bool

    var mode: MovieDBListMode { .category }

    var pageCount: Int {
        let reachable = pages?.reachable ?? 0
        return isEmbedded ? min(reachable, 1) : reachable
    }

    var rowNumbers: [Int] { pages?.list.loadedRows.map(\.number) ?? [] }

    func row(named text: String) throws -> (number: Int, item: MovieDBItem) {
        guard let pages else { throw MovieDBError.nothingLoaded(row: text) }
        return try pages.row(named: text)
    }

    func item(number: Int) -> MovieDBItem? { pages?.list.row(number)?.item }

    func fill(_ state: inout MovieDBState, marks: FavouriteMarks, offline: (Date) -> String, all: Int?) {
        let pages = pages ?? MovieDBPages()
        pages.fill(&state, marks: marks, offline: offline, all: all, pageCount: pageCount)
        state.heldPages = isEmbedded && !pages.list.isEmpty ? 1 : nil
    }
}
