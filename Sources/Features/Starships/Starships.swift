import ExplorerCore
import ExplorerText
import SWAPI

/// Starships as a paged list: every starship of the Star Wars API, its list's columns, its
/// detail's fields and its pilots, who are characters.
public struct Starships: FixedListDefinition {
    public typealias SortKey = StarshipSortKey

    public init() {}

    public static let featureID = "starships"
    public let title = "Starships"

    /// What text shows, then every other field of a ship for data readers.
    public let columns: [ScreenTable.Column] = [
        .init("name", minimumWidth: 20),
        .init("model", minimumWidth: 6, dropOrder: 3),
        .init("manufacturer", minimumWidth: 6, dropOrder: 1),
        .init("class", minimumWidth: 6, dropOrder: 2),
    ] + ScreenTable.Column.data(["cost_credits", "length_m", "max_speed_kmh", "crew", "passengers", "cargo_kg", "consumables",
               "hyperdrive_rating", "mglt", "pilots", "films", "created", "edited", "url"])

    public let links: [ItemLink<Starship>] = [.many("pilots", \.pilots), .many("films", \.films)]

    /// As the detail shows them (numbers made readable, pilots numbered and named) and as data
    /// (numbers as numbers, `null` for unknown, the API's URLs).
    public func fields(_ ship: Starship, links: LinkedFields<Starship>) -> [ScreenField] {
        [
            .data("name", .string(ship.name)),
            .swapi("model", ship.model),
            .swapi("manufacturer", ship.manufacturer),
            .swapi("class", ship.starshipClass),
            .swapiNumber("cost_credits", "cost", ship.costInCredits, unit: "credits"),
            .swapiNumber("length_m", "length", ship.length, unit: "m"),
            .swapiNumber("max_speed_kmh", "max speed", Self.speed(ship.maxAtmospheringSpeed), unit: "km/h"),
            .swapiNumber("crew", "crew", ship.crew),
            .swapiNumber("passengers", "passengers", ship.passengers),
            .swapiNumber("cargo_kg", "cargo capacity", ship.cargoCapacity, unit: "kg"),
            .swapi("consumables", ship.consumables),
            .swapiNumber("hyperdrive_rating", "hyperdrive rating", ship.hyperdriveRating),
            .swapiNumber("mglt", "MGLT", ship.mglt),
            links["pilots"],
            links["films"],
            .swapiTimestamp("created", ship.created),
            .swapiTimestamp("edited", ship.edited),
            .swapi("url", ship.url),
        ]
    }

    public func sortedColumn(_ key: StarshipSortKey) -> (key: String, title: String)? {
        switch key {
        case .name: nil
        case .length: ("length_m", "length")
        case .crew: ("crew", "crew")
        case .speed: ("max_speed_kmh", "max speed")
        case .cost: ("cost_credits", "cost")
        }
    }

    /// A speed as SWAPI writes it, in km/h: one ship's reads `"1000km"`, whose own unit would
    /// show `1,000 km` beside the others' `1,050 km/h`; the `km` is the km/h it means.
    static func speed(_ text: String) -> String {
        guard text.hasSuffix("km"), text.first?.isNumber == true else { return text }
        return String(text.dropLast(2))
    }
}
