import Testing
@testable import ExplorerCore

private struct Planet: ListItem {
    var name: String
    var climate: String
    var itemID: String? { name }
    var favouriteTitle: String { name }
}

@Suite("ListTableCache")
@MainActor
struct ListTableCacheTests {
    private static let columns: [ScreenTable.Column] = [.init("name"), .init("climate")]

    private final class Counter { var count = 0 }

    private static func cache(_ made: Counter, capacity: Int = 8) -> ListTableCache<Planet> {
        ListTableCache(capacity: capacity) { planet in
            made.count += 1
            return [.data("name", .string(planet.name)), ScreenField("climate", planet.climate)]
        }
    }

    private static func rows(_ planets: [Planet], favourites: Set<String> = []) -> [ListRow<Planet>] {
        planets.enumerated().map { ListRow(number: $0.offset + 1, item: $0.element, isFavourite: favourites.contains($0.element.name)) }
    }

    private let planets = [Planet(name: "Tatooine", climate: "arid"), Planet(name: "Hoth", climate: "frozen")]

    @Test func givesWhatTheListGives() {
        let cache = Self.cache(Counter())
        let rows = Self.rows(planets, favourites: ["Hoth"])
        #expect(cache.table(rows, columns: Self.columns) == ScreenTable.list(rows, columns: Self.columns) { planet in
            [.data("name", .string(planet.name)), ScreenField("climate", planet.climate)]
        })
    }

    @Test func aListShownAgainIsNotMadeAgain() {
        let made = Counter()
        let cache = Self.cache(made)
        let first = cache.table(Self.rows(planets), columns: Self.columns)
        #expect(made.count == 2)
        let other = cache.table(Self.rows([Planet(name: "Endor", climate: "temperate")]), columns: Self.columns)
        #expect(other != first)
        // Equal rows made anew (as a view model makes them at every state) find the table.
        #expect(cache.table(Self.rows(planets), columns: Self.columns) == first)
        #expect(made.count == 3)
    }

    @Test func aChangedStarOrItemOrColumnsMakesANewTable() {
        let made = Counter()
        let cache = Self.cache(made)
        let plain = cache.table(Self.rows(planets), columns: Self.columns)
        let starred = cache.table(Self.rows(planets, favourites: ["Hoth"]), columns: Self.columns)
        #expect(starred.rows[1][1].text == "★" && plain.rows[1][1].text == "☆")
        #expect(made.count == 2, "the fields of unchanged items are kept")
        var changed = planets
        changed[0].climate = "arid, windy"
        #expect(cache.table(Self.rows(changed), columns: Self.columns).rows[0].map(\.text).contains("arid, windy"))
        #expect(made.count == 3)
        let narrower = cache.table(Self.rows(planets), columns: [.init("name")])
        #expect(narrower != plain && narrower.textTable.columns.count == plain.textTable.columns.count - 1)
    }

    @Test func keepsOnlyTheMostRecent() {
        let made = Counter()
        let cache = Self.cache(made, capacity: 2)
        let endor = [Planet(name: "Endor", climate: "temperate")]
        let bespin = [Planet(name: "Bespin", climate: "temperate")]
        _ = cache.table(Self.rows(planets), columns: Self.columns)
        _ = cache.table(Self.rows(endor), columns: Self.columns)
        _ = cache.table(Self.rows(planets), columns: Self.columns)  // found: now the most recent
        _ = cache.table(Self.rows(bespin), columns: Self.columns)   // Endor's table goes
        let before = made.count
        _ = cache.table(Self.rows(planets), columns: Self.columns)
        #expect(made.count == before)
        // Endor's table was dropped; its fields are still known, so no field is made either,
        // but the table is laid out again (not observable here beyond equality).
        #expect(cache.table(Self.rows(endor), columns: Self.columns).rows.count == 1)
    }
}
