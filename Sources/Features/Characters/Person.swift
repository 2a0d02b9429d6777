import ExplorerCore
import SWAPI

/// A character as SWAPI's `/people/` describes them. Numbers are strings as the API sends them
/// (`"1,358"`, `"unknown"`); colours may name several (`"red, blue"`). A missing field reads
/// `"unknown"` rather than failing the whole page.
public struct Person: Sendable, Equatable, Decodable, ListItem {
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

    /// SWAPI's id, from the URL (`…/people/1/` → `1`); the name when the URL has none.
    public var id: String { SWAPIResource.id(fromURL: url) ?? name }

    public var itemID: String? { id }
    public var favouriteTitle: String { name }

    enum CodingKeys: String, CodingKey {
        case name, height, mass, gender, homeworld, films, species, vehicles, starships, created, edited, url
        case hairColor = "hair_color"
        case skinColor = "skin_color"
        case eyeColor = "eye_color"
        case birthYear = "birth_year"
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func text(_ key: CodingKeys) throws -> String {
            try container.decodeIfPresent(String.self, forKey: key) ?? "unknown"
        }
        func list(_ key: CodingKeys) throws -> [String] {
            try container.decodeIfPresent([String].self, forKey: key) ?? []
        }
        name = try container.decode(String.self, forKey: .name)
        height = try text(.height)
        mass = try text(.mass)
        hairColor = try text(.hairColor)
        skinColor = try text(.skinColor)
        eyeColor = try text(.eyeColor)
        birthYear = try text(.birthYear)
        gender = try text(.gender)
        homeworld = try container.decodeIfPresent(String.self, forKey: .homeworld) ?? ""
        films = try list(.films)
        species = try list(.species)
        vehicles = try list(.vehicles)
        starships = try list(.starships)
        created = try text(.created)
        edited = try text(.edited)
        url = try container.decodeIfPresent(String.self, forKey: .url) ?? ""
    }
}
