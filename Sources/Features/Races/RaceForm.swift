import Foundation

/// What `race_form` says of a race, as far as it says it: distance, track condition, weather,
/// and from its `additional_data` (a JSON string) the class, prize money, surface and direction.
public struct RaceForm: Sendable, Equatable, Codable {
    public var distance: Int?
    public var distanceUnit: String?
    public var trackCondition: String?
    public var weather: String?
    public var raceClass: String?
    public var prizeMoney: Int?
    public var trackSurface: String?
    public var trackDirection: String?

    public init(distance: Int? = nil, distanceUnit: String? = nil, trackCondition: String? = nil, weather: String? = nil,
                raceClass: String? = nil, prizeMoney: Int? = nil, trackSurface: String? = nil, trackDirection: String? = nil) {
        self.distance = distance
        self.distanceUnit = distanceUnit
        self.trackCondition = trackCondition
        self.weather = weather
        self.raceClass = raceClass
        self.prizeMoney = prizeMoney
        self.trackSurface = trackSurface
        self.trackDirection = trackDirection
    }

    enum CodingKeys: String, CodingKey {
        case distance
        case distanceType = "distance_type"
        case trackCondition = "track_condition"
        case weather
        case additionalData = "additional_data"
        // As this type writes itself (for the embedded copy in state, never sent anywhere).
        case distanceUnit, raceClass, prizeMoney, trackSurface, trackDirection
    }

    private struct Named: Decodable {
        var name: String?
        var shortName: String?

        enum CodingKeys: String, CodingKey {
            case name
            case shortName = "short_name"
        }
    }

    private struct Additional: Decodable {
        struct Info: Decodable {
            struct Prizes: Decodable { var totalValue: Int?
                enum CodingKeys: String, CodingKey { case totalValue = "total_value" } }
            var raceClass: String?
            var prizemonies: Prizes?
            var trackSurface: String?
            var trackDirection: String?

            enum CodingKeys: String, CodingKey {
                case raceClass = "class"
                case prizemonies
                case trackSurface = "track_surface"
                case trackDirection = "track_direction"
            }
        }

        var revealedRaceInfo: Info?

        enum CodingKeys: String, CodingKey {
            case revealedRaceInfo = "revealed_race_info"
        }
    }

    /// Lenient: whatever is missing or of another shape is left out.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func nonEmpty(_ text: String?) -> String? { (text?.isEmpty ?? true) ? nil : text }
        distance = (try? container.decodeIfPresent(Int.self, forKey: .distance)) ?? nil
        let unit = (try? container.decodeIfPresent(Named.self, forKey: .distanceType)) ?? nil
        distanceUnit = nonEmpty(unit?.shortName) ?? ((try? container.decodeIfPresent(String.self, forKey: .distanceUnit)) ?? nil)
        trackCondition = nonEmpty(((try? container.decodeIfPresent(Named.self, forKey: .trackCondition)) ?? nil)?.name)
            ?? ((try? container.decodeIfPresent(String.self, forKey: .trackCondition)) ?? nil)
        weather = nonEmpty(((try? container.decodeIfPresent(Named.self, forKey: .weather)) ?? nil)?.name)
            ?? ((try? container.decodeIfPresent(String.self, forKey: .weather)) ?? nil)
        var info: Additional.Info?
        if let text = (try? container.decodeIfPresent(String.self, forKey: .additionalData)) ?? nil {
            info = (try? JSONDecoder().decode(Additional.self, from: Data(utf8: text)))?.revealedRaceInfo
        }
        raceClass = nonEmpty(info?.raceClass) ?? ((try? container.decodeIfPresent(String.self, forKey: .raceClass)) ?? nil)
        prizeMoney = info?.prizemonies?.totalValue ?? ((try? container.decodeIfPresent(Int.self, forKey: .prizeMoney)) ?? nil)
        trackSurface = nonEmpty(info?.trackSurface) ?? ((try? container.decodeIfPresent(String.self, forKey: .trackSurface)) ?? nil)
        trackDirection = nonEmpty(info?.trackDirection) ?? ((try? container.decodeIfPresent(String.self, forKey: .trackDirection)) ?? nil)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(distance, forKey: .distance)
        try container.encodeIfPresent(distanceUnit, forKey: .distanceUnit)
        try container.encodeIfPresent(trackCondition, forKey: .trackCondition)
        try container.encodeIfPresent(weather, forKey: .weather)
        try container.encodeIfPresent(raceClass, forKey: .raceClass)
        try container.encodeIfPresent(prizeMoney, forKey: .prizeMoney)
        try container.encodeIfPresent(trackSurface, forKey: .trackSurface)
        try container.encodeIfPresent(trackDirection, forKey: .trackDirection)
    }
}
