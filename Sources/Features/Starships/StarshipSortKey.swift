import ExplorerCore

/// What `sort` can order starships by. Numeric keys compare numbers (`"1,600"` is 1600); a ship
/// whose value is not a number (`"unknown"`, `"n/a"`) sorts last in either direction.
public enum StarshipSortKey: String, Sendable, CaseIterable {
    case name, length, crew, speed, cost

    func number(_ ship: Starship) -> Double? {
        switch self {
        case .name: nil
        case .length: ReadableNumber.value(ship.length)
        case .crew: ReadableNumber.value(ship.crew)
        case .speed: ReadableNumber.value(ship.maxAtmospheringSpeed)
        case .cost: ReadableNumber.value(ship.costInCredits)
        }
    }
}

public typealias StarshipSort = SortArgument<StarshipSortKey>

extension SortArgument where Key == StarshipSortKey {
    /// Whether `a` comes before `b`; ties keep row order.
    func orders(_ a: StarshipsState.Row, before b: StarshipsState.Row) -> Bool {
        let decided = key == .name
            ? SortComparison.names(a.starship.name, b.starship.name, descending: descending)
            : SortComparison.numbers(key.number(a.starship), key.number(b.starship), descending: descending)
        return decided ?? (a.number < b.number)
    }
}
