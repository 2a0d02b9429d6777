import Foundation

/// Neds' `nextraces` answer: `{"status", "data": {"next_to_go_ids", "race_summaries"}, "message"}`.
/// Races that cannot be read are skipped; the order is the API's `next_to_go_ids`, then the rest.
public struct RacesAnswer: Sendable, Equatable, Decodable {
    public var races: [Race]

    public init(races: [Race]) {
        self.races = races
    }

    enum CodingKeys: String, CodingKey { case data }
    enum DataKeys: String, CodingKey {
        case ids = "next_to_go_ids"
        case summaries = "race_summaries"
    }

    private struct Summaries: Decodable {
        var races: [String: Race] = [:]

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            for key in container.allKeys {
                if let race = try? container.decode(Race.self, forKey: key) { races[key.stringValue] = race }
            }
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let data = try container.nestedContainer(keyedBy: DataKeys.self, forKey: .data)
        let ids = (try? data.decodeIfPresent([String].self, forKey: .ids)) ?? nil ?? []
        let summaries = try data.decode(Summaries.self, forKey: .summaries).races
        var seen: Set<String> = []
        var races: [Race] = []
        for id in ids {
            if let race = summaries[id], seen.insert(race.id).inserted { races.append(race) }
        }
        for key in summaries.keys.sorted() {
            if let race = summaries[key], seen.insert(race.id).inserted { races.append(race) }
        }
        self.races = races
    }
}
