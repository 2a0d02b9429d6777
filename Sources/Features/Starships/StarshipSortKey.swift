import ExplorerCore
import ExplorerText

/// What `sort` can order starships by. Numeric keys compare numbers (`"1,600"` is 1600); a ship
/// whose value is not a number (`"unknown"`, `"n/a"`) sorts last in either direction.
public enum StarshipSortKey: String, CaseIterable, ItemSortKey {
    case name, length, crew, speed, cost

    public func sortValue(_ ship: Starship) -> SortValue {
        switch self {
        case .name: .name(ship.name)
        case .length: .number(ReadableNumber.value(ship.length))
        case .crew: .number(ReadableNumber.value(ship.crew))
        case .speed: .number(ReadableNumber.value(ship.maxAtmospheringSpeed))
        case .cost: .number(ReadableNumber.value(ship.costInCredits))
        }
    }
}

public typealias StarshipSort = SortArgument<StarshipSortKey>
