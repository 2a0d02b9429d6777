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

    enum CodingKeys: String, CodingKey {
        case name, height, mass, gender, homeworld, films, species, vehicles, starships, created, edited, url
        case hairColor = "hair_color"
        case skinColor = "skin_color"
        case eyeColor = "eye_color"
        case birthYear = "birth_year"
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.swapiRequiredText(.name)
        height = try container.swapiText(.height)
        mass = try container.swapiText(.mass)
        hairColor = try container.swapiText(.hairColor)
        skinColor = try container.swapiText(.skinColor)
        eyeColor = try container.swapiText(.eyeColor)
        birthYear = try container.swapiText(.birthYear)
        gender = try container.swapiText(.gender)
        homeworld = try container.swapiLink(.homeworld)
        films = try container.swapiLinks(.films)
        species = try container.swapiLinks(.species)
        vehicles = try container.swapiLinks(.vehicles)
        starships = try container.swapiLinks(.starships)
        created = try container.swapiText(.created)
        edited = try container.swapiText(.edited)
        url = try container.swapiLink(.url)
    }
}
