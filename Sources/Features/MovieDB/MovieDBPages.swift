import ExplorerCore
import Foundation

/// The pages of one list (a category, or a search) loaded so far, and the page on show.
struct MovieDBPages: Sendable {
    var list = PagedList<MovieDBItem>()
    /// The pages that can be asked for (TMDB's count, at most 500).
    var reachable = 0
    /// The page on show.
    var page = 1
    /// When a page came from the cache, when it was fetched.
    var cachedAt: [Int: Date] = [:]

    init() {}

    /// Titles found locally (the cache's, the embedded data's), in pages of `size`.
    init(found: [MovieDBItem], size: Int) {
        for start in stride(from: 0, to: max(found.count, 1), by: size) {
            list.store(page: start / size + 1, items: Array(found[start..<min(start + size, found.count)]), totalCount: found.count)
        }
        reachable = max(1, (found.count + size - 1) / size)
    }

    /// Keeps page `page` of an answer (its count of pages too, when `counting`).
    mutating func store(_ answer: MovieDBAnswer<MovieDBPage>, page: Int, counting: Bool = true) {
        list.store(page: page, items: answer.value.results, totalCount: answer.value.totalResults)
        if counting { reachable = answer.value.reachablePages }
        cachedAt[page] = answer.cachedAt
    }

    func row(named text: String) throws -> (number: Int, item: MovieDBItem) {
        let row = try list.row(named: text)
        return (row.number, row.item)
    }

    /// The page on show in the state — its rows, counts and where it came from — or, with `all`
    /// (`page all`'s bound), every loaded page: all their rows, stopped at the bound when it is
    /// below `pageCount` (the pages that can be asked for), and the oldest page from the cache.
    func fill(_ state: inout MovieDBState, marks: FavouriteMarks, offline: (Date) -> String, all bound: Int? = nil, pageCount: Int) {
        state.page = list.isEmpty ? 0 : page
        state.pageCount = reachable
        state.totalCount = list.totalCount
        guard let bound, !list.isEmpty else {
            state.rows = list.rows(onPage: page) { marks.row($0, $1) }
            state.offline = cachedAt[page].map(offline)
            return
        }
        state.all = AllPages(pages: list.pages.count, bound: bound, pageCount: pageCount)
        state.rows = list.loadedRows.map { marks.row($0.number, $0.item) }
        state.offline = cachedAt.values.min().map(offline)
    }
}
