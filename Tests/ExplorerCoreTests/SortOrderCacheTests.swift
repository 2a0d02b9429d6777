import Testing
@testable import ExplorerCore

private struct Ship: ListItem {
    var name: String
    var length: Double?
    var itemID: String? { name }
    var favouriteTitle: String { name }
}

private enum ShipSortKey: String, CaseIterable, ItemSortKey {
    case name, length

    func sortValue(_ ship: Ship) -> SortValue {
        switch self {
        case .name: .name(ship.name)
        case .length: .number(ship.length)
        }
    }
}

@Suite("SortOrderCache")
@MainActor
struct SortOrderCacheTests {
    private typealias Sort = SortArgument<ShipSortKey>

    private static func rows(_ ships: [Ship]) -> [ListRow<Ship>] {
        ships.enumerated().map { ListRow(number: $0.offset + 1, item: $0.element, isFavourite: false) }
    }

    private let ships = [Ship(name: "X-wing", length: 12.5), Ship(name: "Death Star", length: 120_000),
                         Ship(name: "A-wing", length: 9.6), Ship(name: "Slave 1", length: nil)]

    @Test func givesWhatSortingGives() {
        let cache = SortOrderCache<ShipSortKey>()
        for sort in [Sort(.name), Sort(.name, descending: true), Sort(.length), Sort(.length, descending: true)] {
            let rows = Self.rows(ships)
            #expect(cache.sorted(by: sort, version: 0) { rows } == sort.sorted(rows))
        }
        #expect(cache.sorted(by: Sort(.length), version: 0) { [] }.map(\.item.name) == ["A-wing", "X-wing", "Death Star", "Slave 1"])
    }

    @Test func sortsOncePerSortAndVersion() {
        let cache = SortOrderCache<ShipSortKey>()
        var asked = 0
        let rows = { () -> [ListRow<Ship>] in asked += 1; return Self.rows(self.ships) }
        _ = cache.sorted(by: Sort(.length), version: 1, rows: rows)
        _ = cache.sorted(by: Sort(.length), version: 1, rows: rows)
        #expect(cache.sortCount == 1)
        #expect(asked == 1)
        // Another sort of the same list is sorted once too, and the first is still kept.
        _ = cache.sorted(by: Sort(.length, descending: true), version: 1, rows: rows)
        _ = cache.sorted(by: Sort(.length, descending: true), version: 1, rows: rows)
        _ = cache.sorted(by: Sort(.length), version: 1, rows: rows)
        #expect(cache.sortCount == 2)
        #expect(asked == 2)
    }

    @Test func anotherVersionOfTheListIsSortedAgain() {
        let cache = SortOrderCache<ShipSortKey>()
        let before = cache.sorted(by: Sort(.name), version: 1) { Self.rows(ships) }
        #expect(before.map(\.item.name) == ["A-wing", "Death Star", "Slave 1", "X-wing"])

        let more = ships + [Ship(name: "B-wing", length: 16.9)]
        let after = cache.sorted(by: Sort(.name), version: 2) { Self.rows(more) }
        #expect(cache.sortCount == 2)
        #expect(after.map(\.item.name) == ["A-wing", "B-wing", "Death Star", "Slave 1", "X-wing"])
        #expect(after.map(\.number) == [3, 5, 2, 4, 1])
    }

    @Test func anotherSortIsSortedAgain() {
        let cache = SortOrderCache<ShipSortKey>()
        let ascending = cache.sorted(by: Sort(.length), version: 1) { Self.rows(ships) }
        let descending = cache.sorted(by: Sort(.length, descending: true), version: 1) { Self.rows(ships) }
        #expect(cache.sortCount == 2)
        #expect(ascending.map(\.item.name) == ["A-wing", "X-wing", "Death Star", "Slave 1"])
        #expect(descending.map(\.item.name) == ["Death Star", "X-wing", "A-wing", "Slave 1"])
    }
}
