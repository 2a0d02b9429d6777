import ExplorerCore
import ExplorerText
import Foundation

/// What `/movie/{id}` and `/tv/{id}` add to a list item (with `append_to_response=videos`):
/// only what the detail screen shows. Every field may be missing.
public struct MovieDBDetail: Sendable, Equatable, Codable {
    public var tagline: String?
    public var runtime: Int?
    public var genres: [String]
    public var status: String?
    public var homepage: String?
    public var lastAirDate: String?
    public var numberOfSeasons: Int?
    public var numberOfEpisodes: Int?
    public var networks: [String]
    public var creators: [String]
    public var episodeRunTime: [Int]
    public var videos: [MovieDBVideo]

    public init(tagline: String? = nil, runtime: Int? = nil, genres: [String] = [], status: String? = nil,
                homepage: String? = nil, lastAirDate: String? = nil, numberOfSeasons: Int? = nil,
                numberOfEpisodes: Int? = nil, networks: [String] = [], creators: [String] = [],
                episodeRunTime: [Int] = [], videos: [MovieDBVideo] = []) {
        self.tagline = tagline
        self.runtime = runtime
        self.genres = genres
        self.status = status
        self.homepage = homepage
        self.lastAirDate = lastAirDate
        self.numberOfSeasons = numberOfSeasons
        self.numberOfEpisodes = numberOfEpisodes
        self.networks = networks
        self.creators = creators
        self.episodeRunTime = episodeRunTime
        self.videos = videos
    }

    enum CodingKeys: String, CodingKey {
        case tagline, runtime, genres, status, homepage, networks, videos
        case lastAirDate = "last_air_date"
        case numberOfSeasons = "number_of_seasons"
        case numberOfEpisodes = "number_of_episodes"
        case creators = "created_by"
        case episodeRunTime = "episode_run_time"
    }

    private struct Named: Decodable {
        var name: String?
    }

    private struct Videos: Codable {
        var results: [MovieDBVideo]
    }

    /// Lenient: a field of the wrong type reads as missing, a video without a key is dropped.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func text(_ key: CodingKeys) -> String? {
            guard let value = (try? container.decodeIfPresent(String.self, forKey: key)) ?? nil, !value.isEmpty else { return nil }
            return KeptText.capped(value)
        }
        func names(_ key: CodingKeys) -> [String] {
            if let plain = try? container.decodeIfPresent([String].self, forKey: key) { return plain }
            return ((try? container.decodeIfPresent([Named].self, forKey: key)) ?? nil)?.compactMap(\.name) ?? []
        }
        tagline = text(.tagline)
        runtime = (try? container.decodeIfPresent(Int.self, forKey: .runtime)) ?? nil
        genres = names(.genres)
        status = text(.status)
        homepage = text(.homepage)
        lastAirDate = text(.lastAirDate)
        numberOfSeasons = (try? container.decodeIfPresent(Int.self, forKey: .numberOfSeasons)) ?? nil
        numberOfEpisodes = (try? container.decodeIfPresent(Int.self, forKey: .numberOfEpisodes)) ?? nil
        networks = names(.networks)
        creators = names(.creators)
        episodeRunTime = (try? container.decodeIfPresent([Int].self, forKey: .episodeRunTime)) ?? []
        if let list = try? container.decodeIfPresent(LenientList<MovieDBVideo>.self, forKey: .videos) {
            videos = list.elements
        } else if let list = try? container.decodeIfPresent(Videos.self, forKey: .videos) {
            videos = list.results
        } else {
            videos = []
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(tagline, forKey: .tagline)
        try container.encodeIfPresent(runtime, forKey: .runtime)
        try container.encode(genres, forKey: .genres)
        try container.encodeIfPresent(status, forKey: .status)
        try container.encodeIfPresent(homepage, forKey: .homepage)
        try container.encodeIfPresent(lastAirDate, forKey: .lastAirDate)
        try container.encodeIfPresent(numberOfSeasons, forKey: .numberOfSeasons)
        try container.encodeIfPresent(numberOfEpisodes, forKey: .numberOfEpisodes)
        try container.encode(networks, forKey: .networks)
        try container.encode(creators, forKey: .creators)
        try container.encode(episodeRunTime, forKey: .episodeRunTime)
        try container.encode(Videos(results: videos), forKey: .videos)
    }
}
