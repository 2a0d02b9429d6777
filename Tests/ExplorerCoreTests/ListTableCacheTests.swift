@testable import ExplorerCore
import ExplorerText
import Testing

private struct ListedPlanet: ListItem {
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

    private static func fields(_ planet: ListedPlanet) -> [ScreenField] {
        [.data("name", .string(planet.name)), ScreenField("climate", planet.climate)]
    }

    private static func cache(_ made: Counter? = nil, capacity: Int = 8) -> ListTableCache<ListedPlanet> {
        ListTableCache(capacity: capacity) { planet in
            made?.count += 1
            return fields(planet)
        }
    }

    private static func rows(_ planets: [ListedPlanet], favourites: Set<String> = []) -> [ListRow<ListedPlanet>] {
        planets.enumerated().map { ListRow(number: $0.offset + 1, item: $0.element, isFavourite: favourites.contains($0.element.name)) }
    }

    private let planets = [ListedPlanet(name: "Tatooine", climate: "arid"), ListedPlanet(name: "Hoth", climate: "frozen")]
    private let endor = [ListedPlanet(name: "Endor", climate: "temperate")]
    private let bespin = [ListedPlanet(name: "Bespin", climate: "temperate")]

    @Test func givesWhatTheListGives() {
        let cache = Self.cache()
        for rows in [Self.rows(planets, favourites: ["Hoth"]), Self.rows(endor), Self.rows(planets, favourites: ["Hoth"])] {
            #expect(cache.table(rows, columns: Self.columns) == ScreenTable.list(rows, columns: Self.columns, fields: Self.fields))
        }
    }

    /// Items whose fields come in two layouts (a planet surveyed has its terrain before its
    /// climate): each row finds its own fields, as looking at every row's keys finds them.
    @Test func rowsOfFieldsOfTwoLayoutsFindTheirOwnFields() {
        func fields(_ planet: ListedPlanet) -> [ScreenField] {
            planet.name == "Hoth"
                ? [ScreenField("terrain", "tundra"), .data("name", .string(planet.name)), ScreenField("climate", planet.climate)]
                : Self.fields(planet)
        }
        let cache = ListTableCache<ListedPlanet>(fields: fields)
        let columns: [ScreenTable.Column] = [.init("name"), .init("climate"), .init("terrain")]
        let rows = Self.rows(planets + endor + [ListedPlanet(name: "Hoth", climate: "frozen")])
        let table = cache.table(rows, columns: columns)
        #expect(table == ScreenTable.list(rows, columns: columns, fields: fields))
        #expect(table.textTable.render(width: 80) == """
            #  ★  name      climate    terrain
            1  ☆  Tatooine  arid
            2  ☆  Hoth      frozen     tundra
            3  ☆  Endor     temperate
            4  ☆  Hoth      frozen     tundra
            """)
    }

    @Test func aListShownAgainIsNotLaidOutAgain() {
        let made = Counter()
        let cache = Self.cache(made)
        _ = cache.table(Self.rows(planets), columns: Self.columns)
        _ = cache.table(Self.rows(endor), columns: Self.columns)
        #expect(cache.madeCount == 2 && made.count == 3)
        // Equal rows made anew (as a view model makes them at every state) find the table.
        _ = cache.table(Self.rows(planets), columns: Self.columns)
        #expect(cache.madeCount == 2 && made.count == 3)
    }

    @Test func aChangedStarItemOrColumnIsLaidOutAgain() {
        let made = Counter()
        let cache = Self.cache(made)
        let plain = cache.table(Self.rows(planets), columns: Self.columns)
        let starred = cache.table(Self.rows(planets, favourites: ["Hoth"]), columns: Self.columns)
        #expect(starred.rows[1][1].text == "★" && plain.rows[1][1].text == "☆")
        #expect(cache.madeCount == 2)
        #expect(made.count == 2, "the fields of unchanged items are kept")
        var changed = planets
        changed[0].climate = "arid, windy"
        #expect(cache.table(Self.rows(changed), columns: Self.columns).rows[0].map(\.text).contains("arid, windy"))
        #expect(cache.madeCount == 3 && made.count == 3)
        let narrower = cache.table(Self.rows(planets), columns: [.init("name")])
        #expect(cache.madeCount == 4)
        #expect(narrower.textTable.columns.count == plain.textTable.columns.count - 1)
    }

    @Test func keepsOnlyTheMostRecent() {
        let cache = Self.cache(capacity: 2)
        _ = cache.table(Self.rows(planets), columns: Self.columns)
        _ = cache.table(Self.rows(endor), columns: Self.columns)
        _ = cache.table(Self.rows(planets), columns: Self.columns)  // found: now the most recent
        #expect(cache.madeCount == 2)
        _ = cache.table(Self.rows(bespin), columns: Self.columns)   // Endor's table goes
        _ = cache.table(Self.rows(planets), columns: Self.columns)  // still kept
        #expect(cache.madeCount == 3)
        _ = cache.table(Self.rows(endor), columns: Self.columns)    // laid out again
        #expect(cache.madeCount == 4)
    }
}
