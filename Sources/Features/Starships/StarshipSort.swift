import Foundation
import ExplorerCore

/// How the list is ordered by `sort KEY [asc|desc]`. Numeric keys compare numbers
/// (`"1,600"` is 1600); a ship whose value is not a number (`"unknown"`, `"n/a"`) sorts last
/// in either direction.
public struct StarshipSort: Sendable, Equatable {
    public enum Key: String, Sendable, CaseIterable {
        case name, length, crew, speed, cost
    }

    public var key: Key
    public var descending: Bool

    public init(_ key: Key, descending: Bool = false) {
        self.key = key
        self.descending = descending
    }

    public var description: String { key.rawValue + (descending ? " (descending)" : "") }

    /// Whether `a` comes before `b`; ties keep row order.
    func orders(_ a: StarshipsState.Row, before b: StarshipsState.Row) -> Bool {
        if key == .name {
            let order = a.starship.name.localizedStandardCompare(b.starship.name)
            if order != .orderedSame { return descending ? order == .orderedDescending : order == .orderedAscending }
            return a.number < b.number
        }
        switch (number(a.starship), number(b.starship)) {
        case let (x?, y?) where x != y: return descending ? x > y : x < y
        case (_?, nil): return true
        case (nil, _?): return false
        default: return a.number < b.number
        }
    }

    private func number(_ ship: Starship) -> Double? {
        switch key {
        case .name: nil
        case .length: ReadableNumber.value(ship.length)
        case .crew: ReadableNumber.value(ship.crew)
        case .speed: ReadableNumber.value(ship.maxAtmospheringSpeed)
        case .cost: ReadableNumber.value(ship.costInCredits)
        }
    }
}
