import ExplorerCore
import ExplorerText

/// What `sort` can order planets by: numbers compare as numbers, a planet whose value is not
/// one (`"unknown"`) sorts last in either direction.
public enum PlanetSortKey: String, CaseIterable, ItemSortKey {
    case name, population, diameter, year, day

    public func sortValue(_ planet: Planet) -> SortValue {
        switch self {
        case .name: .name(planet.name)
        case .population: .number(ReadableNumber.value(planet.population))
        case .diameter: .number(ReadableNumber.value(planet.diameter))
        case .year: .number(ReadableNumber.value(planet.orbitalPeriod))
        case .day: .number(ReadableNumber.value(planet.rotationPeriod))
        }
    }
}
