import ExplorerCore
import SWAPI

/// A character as SWAPI's `/people/` describes them. Numbers are strings as the API sends them
/// (`"1,358"`, `"unknown"`); colours may name several (`"red, blue"`). A missing field reads
/// `"unknown"` rather than failing the whole page.
public struct Person: Sendable, Equatable, SWAPIItem {
    public var name: String
    public var height: String
    public var mass: String
    public var hairColor: String
    public var skinColor: String
    public var eyeColor: String
    public var birthYear: String
    public var gender: String
    public var homeworld: String
    public var films: [String]
    public var species: [String]
    public var vehicles: [String]
    public var starships: [String]
    public var created: String
    public var edited: String
    public var url: String

    /// Reads it from its record, whether `JSONDecoder` or the quick reading of a page read it.
    public init(fields: SWAPIFields) throws {
        name = try fields.requiredText("name")
        height = try fields.text("height")
        mass = try fields.text("mass")
        hairColor = try fields.text("hair_color")
        skinColor = try fields.text("skin_color")
        eyeColor = try fields.text("eye_color")
        birthYear = try fields.text("birth_year")
        gender = try fields.text("gender")
        homeworld = try fields.link("homeworld")
        films = try fields.links("films")
        species = try fields.links("species")
        vehicles = try fields.links("vehicles")
        starships = try fields.links("starships")
        created = try fields.text("created")
        edited = try fields.text("edited")
        url = try fields.link("url")
    }

    public init(from decoder: Decoder) throws {
        try self.init(fields: SWAPIFields(decoder))
    }
}
