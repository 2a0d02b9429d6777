import ExplorerCore
import Foundation

/// What one of the list's modes shows (a category's pages, `filter`'s matches, `search`'s
/// results): the rows `open N` and `fav N` mean, how many pages `page` can go to, and its part
/// of the state. One type per mode; the view model keeps which is on show.
protocol MovieDBListing {
    var mode: MovieDBListMode { get }
    /// The pages that `page` can go to now.
    var pageCount: Int { get }
    var rowNumbers: [Int] { get }
    func row(named text: String) throws -> (number: Int, item: MovieDBItem)
    func item(number: Int) -> MovieDBItem?
    /// Sets the state's page, counts, rows and offline note: of the page on show, or with `all`
    /// (`page all`'s bound) of every loaded row.
    func fill(_ state: inout MovieDBState, marks: FavouriteMarks, offline: (Date) -> String, all: Int?)
}
