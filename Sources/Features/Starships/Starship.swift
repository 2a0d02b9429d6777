import ExplorerCore
import SWAPI

/// A starship as SWAPI describes it. Every number is a string as the API sends it
/// (`"1,600"`, `"30-165"`, `"unknown"`); ``ReadableNumber`` turns them into numbers when needed.
/// A field the API leaves out reads `"unknown"` rather than failing the whole page.
public struct Starship: Sendable, Equatable, Decodable, ListItem {
    public var name: String
    public var model: String
    public var manufacturer: String
    public var costInCredits: String
    public var length: String
    public var maxAtmospheringSpeed: String
    public var crew: String
    public var passengers: String
    public var cargoCapacity: String
    public var consumables: String
    public var hyperdriveRating: String
    public var mglt: String
    public var starshipClass: String
    public var pilots: [String]
    public var films: [String]
    public var created: String
    public var edited: String
    public var url: String

    /// SWAPI's id, from the URL (`…/starships/10/` → `10`); the name when the URL has none.
    public var id: String { SWAPIResource.id(fromURL: url) ?? name }

    public var itemID: String? { id }
    public var favouriteTitle: String { name }

    enum CodingKeys: String, CodingKey {
        case name, model, manufacturer, length, crew, passengers, consumables, pilots, films, created, edited, url
        case costInCredits = "cost_in_credits"
        case maxAtmospheringSpeed = "max_atmosphering_speed"
        case cargoCapacity = "cargo_capacity"
        case hyperdriveRating = "hyperdrive_rating"
        case mglt = "MGLT"
        case starshipClass = "starship_class"
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func text(_ key: CodingKeys) throws -> String {
            try container.decodeIfPresent(String.self, forKey: key) ?? "unknown"
        }
        name = try container.decode(String.self, forKey: .name)
        model = try text(.model)
        manufacturer = try text(.manufacturer)
        costInCredits = try text(.costInCredits)
        length = try text(.length)
        maxAtmospheringSpeed = try text(.maxAtmospheringSpeed)
        crew = try text(.crew)
        passengers = try text(.passengers)
        cargoCapacity = try text(.cargoCapacity)
        consumables = try text(.consumables)
        hyperdriveRating = try text(.hyperdriveRating)
        mglt = try text(.mglt)
        starshipClass = try text(.starshipClass)
        pilots = try container.decodeIfPresent([String].self, forKey: .pilots) ?? []
        films = try container.decodeIfPresent([String].self, forKey: .films) ?? []
        created = try text(.created)
        edited = try text(.edited)
        url = try container.decodeIfPresent(String.self, forKey: .url) ?? ""
    }
}
