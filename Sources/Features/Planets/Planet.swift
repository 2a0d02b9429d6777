import SWAPI

/// A planet as SWAPI describes it. Numbers are strings as the API sends them (`"200000"`,
/// `"unknown"`); a field the API leaves out reads `"unknown"` rather than failing the whole page.
public struct Planet: Sendable, Equatable, SWAPIItem {
    public var name: String
    public var rotationPeriod: String
    public var orbitalPeriod: String
    public var diameter: String
    public var climate: String
    public var gravity: String
    public var terrain: String
    public var surfaceWater: String
    public var population: String
    public var residents: [String]
    public var films: [String]
    public var created: String
    public var edited: String
    public var url: String

    enum CodingKeys: String, CodingKey {
        case name, diameter, climate, gravity, terrain, population, residents, films, created, edited, url
        case rotationPeriod = "rotation_period"
        case orbitalPeriod = "orbital_period"
        case surfaceWater = "surface_water"
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.swapiRequiredText(.name)
        rotationPeriod = try container.swapiText(.rotationPeriod)
        orbitalPeriod = try container.swapiText(.orbitalPeriod)
        diameter = try container.swapiText(.diameter)
        climate = try container.swapiText(.climate)
        gravity = try container.swapiText(.gravity)
        terrain = try container.swapiText(.terrain)
        surfaceWater = try container.swapiText(.surfaceWater)
        population = try container.swapiText(.population)
        residents = try container.swapiLinks(.residents)
        films = try container.swapiLinks(.films)
        created = try container.swapiText(.created)
        edited = try container.swapiText(.edited)
        url = try container.swapiLink(.url)
    }
}
