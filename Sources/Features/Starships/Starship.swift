import ExplorerCore
import SWAPI

/// A starship as SWAPI describes it. Every number is a string as the API sends it
/// (`"1,600"`, `"30-165"`, `"unknown"`); ``ReadableNumber`` turns them into numbers when needed.
/// A field the API leaves out reads `"unknown"` rather than failing the whole page.
public struct Starship: Sendable, Equatable, SWAPIItem {
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
        name = try container.swapiRequiredText(.name)
        model = try container.swapiText(.model)
        manufacturer = try container.swapiText(.manufacturer)
        costInCredits = try container.swapiText(.costInCredits)
        length = try container.swapiText(.length)
        maxAtmospheringSpeed = try container.swapiText(.maxAtmospheringSpeed)
        crew = try container.swapiText(.crew)
        passengers = try container.swapiText(.passengers)
        cargoCapacity = try container.swapiText(.cargoCapacity)
        consumables = try container.swapiText(.consumables)
        hyperdriveRating = try container.swapiText(.hyperdriveRating)
        mglt = try container.swapiText(.mglt)
        starshipClass = try container.swapiText(.starshipClass)
        pilots = try container.swapiLinks(.pilots)
        films = try container.swapiLinks(.films)
        created = try container.swapiText(.created)
        edited = try container.swapiText(.edited)
        url = try container.swapiLink(.url)
    }
}
