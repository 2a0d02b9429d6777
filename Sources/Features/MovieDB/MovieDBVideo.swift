import Foundation

/// A video TMDB lists for a title (`append_to_response=videos`): a trailer, a teaser, a clip.
public struct MovieDBVideo: Sendable, Equatable, Codable {
    public var key: String
    public var name: String
    public var site: String
    public var type: String
    /// Whether the studio published it; older answers do not say.
    public var official: Bool?
    public var publishedAt: String?

    enum CodingKeys: String, CodingKey {
        case key, name, site, type, official
        case publishedAt = "published_at"
    }

    public init(key: String, name: String, site: String, type: String, official: Bool? = nil, publishedAt: String? = nil) {
        self.key = key
        self.name = name
        self.site = site
        self.type = type
        self.official = official
        self.publishedAt = publishedAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        key = try container.decode(String.self, forKey: .key)
        name = (try? container.decodeIfPresent(String.self, forKey: .name)) ?? ""
        site = (try? container.decodeIfPresent(String.self, forKey: .site)) ?? ""
        type = (try? container.decodeIfPresent(String.self, forKey: .type)) ?? ""
        official = try? container.decodeIfPresent(Bool.self, forKey: .official)
        publishedAt = try? container.decodeIfPresent(String.self, forKey: .publishedAt)
    }

    /// Where it plays: YouTube and Vimeo keys become their pages; other sites have none.
    public var url: URL? {
        guard let key = key.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-_"))),
              !key.isEmpty else { return nil }
        switch site.lowercased() {
        case "youtube": return URL(string: "https://www.youtube.com/watch?v=\(key)")
        case "vimeo": return URL(string: "https://vimeo.com/\(key)")
        default: return nil
        }
    }

    /// Official trailers first, then other trailers, then teasers, then the rest; within
    /// each, as TMDB listed them.
    public static func ordered(_ videos: [MovieDBVideo]) -> [MovieDBVideo] {
        func rank(_ video: MovieDBVideo) -> Int {
            let trailer = video.type.lowercased() == "trailer"
            switch (trailer, video.official ?? true) {
            case (true, true): return 0
            case (true, false): return 1
            default: return video.type.lowercased() == "teaser" ? 2 : 3
            }
        }
        return videos.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
    }
}
