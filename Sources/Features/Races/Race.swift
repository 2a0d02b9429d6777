import ExplorerCore
import ExplorerText
import Foundation

/// A race about to start, as Neds' `race_summaries` gives it.
public struct Race: ListItem, Codable {
    public var id: String
    public var name: String?
    public var number: Int?
    public var meetingName: String
    public var category: RaceCategory?
    public var advertisedStart: Date
    public var venueName: String?
    public var venueState: String?
    public var venueCountry: String?
    public var form: RaceForm?

    public init(id: String, name: String? = nil, number: Int? = nil, meetingName: String, category: RaceCategory?,
                advertisedStart: Date, venueName: String? = nil, venueState: String? = nil, venueCountry: String? = nil,
                form: RaceForm? = nil) {
        self.id = id
        self.name = name
        self.number = number
        self.meetingName = meetingName
        self.category = category
        self.advertisedStart = advertisedStart
        self.venueName = venueName
        self.venueState = venueState
        self.venueCountry = venueCountry
        self.form = form
    }

    public var itemID: String? { id }
    public var favouriteTitle: String { "\(meetingName) R\(number.map(String.init) ?? "?")" }
    public static var idName: String { "race id" }

    /// `Launceston, TAS, AUS`; a part that repeats the one before is said once (`Addington, NZ`).
    public var venue: String {
        var parts: [String] = []
        for part in [venueName, venueState, venueCountry] {
            guard let part, !part.isEmpty, parts.last != part else { continue }
            parts.append(part)
        }
        return parts.joined(separator: ", ")
    }

    enum CodingKeys: String, CodingKey {
        case id = "race_id"
        case name = "race_name"
        case number = "race_number"
        case meetingName = "meeting_name"
        case categoryID = "category_id"
        case advertisedStart = "advertised_start"
        case venueName = "venue_name"
        case venueState = "venue_state"
        case venueCountry = "venue_country"
        case form = "race_form"
    }

    private struct Start: Codable {
        var seconds: Double
    }

    /// Lenient but for what a race cannot be without: an id, a meeting and a start.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = KeptText.capped(try container.decode(String.self, forKey: .id))
        func text(_ key: CodingKeys) -> String? {
            guard let value = (try? container.decodeIfPresent(String.self, forKey: key)) ?? nil,
                  !value.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
            return KeptText.capped(value)
        }
        name = text(.name)
        number = (try? container.decodeIfPresent(Int.self, forKey: .number)) ?? nil
        meetingName = text(.meetingName) ?? "unnamed meeting"
        category = text(.categoryID).flatMap(RaceCategory.init(id:))
        let start = try container.decode(Start.self, forKey: .advertisedStart)
        guard start.seconds.isFinite, abs(start.seconds) < 1e11 else {
            throw DecodingError.dataCorruptedError(forKey: .advertisedStart, in: container, debugDescription: "not a time")
        }
        advertisedStart = Date(timeIntervalSince1970: start.seconds)
        venueName = text(.venueName)
        venueState = text(.venueState)
        venueCountry = text(.venueCountry)
        form = (try? container.decodeIfPresent(RaceForm.self, forKey: .form)) ?? nil
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(number, forKey: .number)
        try container.encode(meetingName, forKey: .meetingName)
        try container.encodeIfPresent(category?.id, forKey: .categoryID)
        try container.encode(Start(seconds: advertisedStart.timeIntervalSince1970), forKey: .advertisedStart)
        try container.encodeIfPresent(venueName, forKey: .venueName)
        try container.encodeIfPresent(venueState, forKey: .venueState)
        try container.encodeIfPresent(venueCountry, forKey: .venueCountry)
        try container.encodeIfPresent(form, forKey: .form)
    }
}
