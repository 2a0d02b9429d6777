import ExplorerCore
import ExplorerHTTP
import Foundation
import SWAPI
@testable import Starships

/// The embedded pages as a service for the view's tests, which are about screens, not calls:
/// every page and item as the embedded data has them, and the names of nobody (a detail shows
/// its pilots as `people/13`). The view model's tests use TestSupport's
/// `ExpectedCalls.swapiService` instead, which answers only the calls a test expects.
final class StarshipsFixture: Sendable {
    var service: SWAPIService<Starship> {
        SWAPIService<Starship>(page: { number in
            guard number >= 1, number <= EmbeddedStarshipPages.pages.count else {
                throw HTTPError(.status(404), endpoint: "/starships/?page=\(number)")
            }
            return try JSONDecoder().decode(SWAPIPage<Starship>.self, from: Data(EmbeddedStarshipPages.pages[number - 1].utf8))
        }, item: { [self] id in
            for page in 1...EmbeddedStarshipPages.pages.count {
                if let row = try rows(page: page).first(where: { SWAPIResource.id(fromURL: $0.item.url) == id }) { return row.item }
            }
            throw HTTPError(.status(404), endpoint: "/starships/\(id)/")
        }, name: { _ in nil })
    }
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

    /// The rows with these numbers, in the order given.
    func rows(_ numbers: [Int], favourites: Set<Int> = []) throws -> [ListRow<Starship>] {
        try numbers.map { try row($0, isFavourite: favourites.contains($0)) }
    }
}
