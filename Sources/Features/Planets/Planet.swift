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

    /// Reads it from its record, whether `JSONDecoder` or the quick reading of a page read it.
    public init(fields: SWAPIFields) throws {
        name = try fields.requiredText("name")
        rotationPeriod = try fields.text("rotation_period")
        orbitalPeriod = try fields.text("orbital_period")
        diameter = try fields.text("diameter")
        climate = try fields.text("climate")
        gravity = try fields.text("gravity")
        terrain = try fields.text("terrain")
        surfaceWater = try fields.text("surface_water")
        population = try fields.text("population")
        residents = try fields.links("residents")
        films = try fields.links("films")
        created = try fields.text("created")
        edited = try fields.text("edited")
        url = try fields.link("url")
    }

    public init(from decoder: Decoder) throws {
        try self.init(fields: SWAPIFields(decoder))
    }
}
