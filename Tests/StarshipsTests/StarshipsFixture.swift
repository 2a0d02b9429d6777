import ExplorerCore
import ExplorerHTTP
import Foundation
import SWAPI
@testable import Starships
import Synchronization

/// The embedded pages as a service, with a request log and injectable failures; it names
/// nobody (a detail shows its pilots as `people/13`).
final class StarshipsFixture: Sendable {
    let requestedPages = Mutex<[Int]>([])
    /// The ids asked for one at a time (`/starships/22/`).
    let requestedItems = Mutex<[String]>([])
    /// Pages that fail, with the error they throw.
    let failures = Mutex<[Int: HTTPError]>([:])

    var service: SWAPIService<Starship> {
        SWAPIService<Starship>(page: { [self] number in
            requestedPages.withLock { $0.append(number) }
            if let failure = failures.withLock({ $0[number] }) { throw failure }
            guard number >= 1, number <= EmbeddedStarshipPages.pages.count else {
                throw HTTPError(.status(404), endpoint: "/starships/?page=\(number)")
            }
            return try JSONDecoder().decode(SWAPIPage<Starship>.self, from: Data(EmbeddedStarshipPages.pages[number - 1].utf8))
        }, item: { [self] id in
            requestedItems.withLock { $0.append(id) }
            for page in 1...EmbeddedStarshipPages.pages.count {
                if let row = try rows(page: page).first(where: { SWAPIResource.id(fromURL: $0.item.url) == id }) { return row.item }
            }
            throw HTTPError(.status(404), endpoint: "/starships/\(id)/")
        }, name: { _ in nil })
    }

    func fail(page: Int, status: Int) {
        failures.withLock { $0[page] = HTTPError(.status(status), endpoint: "/starships/?page=\(page)") }
    }

    func heal() {
        failures.withLock { $0 = [:] }
    }

    var requests: [Int] { requestedPages.withLock { $0 } }
    var itemRequests: [String] { requestedItems.withLock { $0 } }
}

extension StarshipsFixture {
    /// The embedded page `number` as the list shows it: rows numbered from (number − 1) × 10 + 1,
    /// starred where `favourites` says.
    func rows(page number: Int, favourites: Set<Int> = []) throws -> [ListRow<Starship>] {
        let page = try JSONDecoder().decode(SWAPIPage<Starship>.self, from: Data(EmbeddedStarshipPages.pages[number - 1].utf8))
        return page.results.enumerated().map { offset, ship in
            let row = (number - 1) * 10 + offset + 1
            return ListRow(number: row, item: ship, isFavourite: favourites.contains(row))
        }
    }

    /// Row `number` of the embedded pages.
    func row(_ number: Int, isFavourite: Bool = false) throws -> ListRow<Starship> {
        var row = try rows(page: (number - 1) / 10 + 1)[(number - 1) % 10]
        row.isFavourite = isFavourite
        return row
    }
}
