import ExplorerCore
import ExplorerText
import SWAPI

/// Planets as a paged list: every planet of the Star Wars API, its list's columns, its
/// detail's fields, and its residents, who are characters.
public struct Planets: FixedListDefinition {
    public typealias SortKey = PlanetSortKey

    public init() {}

    public static let featureID = "planets"
    public let title = "Planets"

    /// What text shows, then every other field of a planet for data readers.
    public let columns: [ScreenTable.Column] = [
        .init("name", minimumWidth: 14),
        .init("climate", minimumWidth: 6, dropOrder: 2),
        .init("terrain", minimumWidth: 6, dropOrder: 1),
        .init("population", alignment: .right, truncatable: false, dropOrder: 3, showsValue: true),
    ] + ScreenTable.Column.data(["diameter_km", "rotation_period_h", "orbital_period_d", "gravity", "surface_water_pct",
                                 "residents", "films", "created", "edited", "url"])

    public let links: [ItemLink<Planet>] = [.many("residents", \.residents), .many("films", \.films)]

    /// As the detail shows them (numbers made readable, residents numbered and named) and as
    /// data (numbers as numbers, `null` for unknown, the API's URLs).
    public func fields(_ planet: Planet, links: LinkedFields<Planet>) -> [ScreenField] {
        [
            .data("name", .string(planet.name)),
            .swapi("climate", planet.climate),
            .swapi("terrain", planet.terrain),
            .swapiNumber("population", "population", planet.population),
            .swapiNumber("diameter_km", "diameter", planet.diameter, unit: "km"),
            .swapiNumber("rotation_period_h", "day", planet.rotationPeriod, unit: "hours"),
            .swapiNumber("orbital_period_d", "year", planet.orbitalPeriod, unit: "days"),
            .swapi("gravity", planet.gravity),
            .swapiNumber("surface_water_pct", "surface water", planet.surfaceWater, unit: "%"),
            links["residents"],
            links["films"],
            .swapiTimestamp("created", planet.created),
            .swapiTimestamp("edited", planet.edited),
            .swapi("url", planet.url),
        ]
    }

    public func sortedColumn(_ key: PlanetSortKey) -> (key: String, title: String)? {
        switch key {
        case .name: nil
        case .population: ("population", "population")
        case .diameter: ("diameter_km", "diameter")
        case .year: ("orbital_period_d", "year")
        case .day: ("rotation_period_h", "day")
        }
    }
}
