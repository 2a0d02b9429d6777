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

    /// Reads it from its record, whether `JSONDecoder` or the quick reading of a page read it.
    public init(fields: SWAPIFields) throws {
        name = try fields.requiredText("name")
        model = try fields.text("model")
        manufacturer = try fields.text("manufacturer")
        costInCredits = try fields.text("cost_in_credits")
        length = try fields.text("length")
        maxAtmospheringSpeed = try fields.text("max_atmosphering_speed")
        crew = try fields.text("crew")
        passengers = try fields.text("passengers")
        cargoCapacity = try fields.text("cargo_capacity")
        consumables = try fields.text("consumables")
        hyperdriveRating = try fields.text("hyperdrive_rating")
        mglt = try fields.text("MGLT")
        starshipClass = try fields.text("starship_class")
        pilots = try fields.links("pilots")
        films = try fields.links("films")
        created = try fields.text("created")
        edited = try fields.text("edited")
        url = try fields.link("url")
    }

    public init(from decoder: Decoder) throws {
        try self.init(fields: SWAPIFields(decoder))
    }
}
