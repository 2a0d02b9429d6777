import ExplorerCore
import Foundation

/// `search TERM`: TMDB's results page by page, or, without TMDB, the kept titles (the cache's
/// or the embedded data's) in pages of ``localPageSize``.
struct MovieDBSearchListing: MovieDBListing {
    /// Rows per page of results that are not TMDB's.
    static let localPageSize = 20

    var term: String
    var kind: MovieDBKind
    var origin: MovieDBSearchOrigin
    var pages: MovieDBPages

    var mode: MovieDBListMode { .search(term: term, kind: kind, origin: origin) }
    var pageCount: Int { pages.reachable }
    var rowNumbers: [Int] { pages.list.loadedRowNumbers }

    func row(named text: String) throws -> (number: Int, item: MovieDBItem) {
        try pages.row(named: text)
    }

    func item(number: Int) -> MovieDBItem? { pages.list.row(number)?.item }

    func fill(_ state: inout MovieDBState, marks: FavouriteMarks, offline: (Date) -> String, all: Int?) {
        pages.fill(&state, marks: marks, offline: offline, all: all, pageCount: pageCount)
    }
}
