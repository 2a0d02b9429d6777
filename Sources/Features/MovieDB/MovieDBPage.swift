/// One page of a TMDB list or search: `{"page", "results", "total_pages", "total_results"}`.
/// Results that are not movies or shows (people, in a multi search) or cannot be read are
/// skipped.
public struct MovieDBPage: Sendable, Equatable, Decodable {
    public var page: Int
    public var results: [MovieDBItem]
    public var totalPages: Int
    public var totalResults: Int

    /// TMDB serves no page past 500, whatever `total_pages` says.
    public static let maximumPage = 500

    public init(page: Int, results: [MovieDBItem], totalPages: Int, totalResults: Int) {
        self.page = page
        self.results = results
        self.totalPages = totalPages
        self.totalResults = totalResults
    }

    enum CodingKeys: String, CodingKey {
        case page, results
        case totalPages = "total_pages"
        case totalResults = "total_results"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        page = (try? container.decodeIfPresent(Int.self, forKey: .page)) ?? 1
        results = try MovieDBResults(from: decoder).titles
        totalResults = max((try? container.decodeIfPresent(Int.self, forKey: .totalResults)) ?? results.count, 0)
        totalPages = max((try? container.decodeIfPresent(Int.self, forKey: .totalPages)) ?? 1, 1)
    }

    /// The pages that can be asked for: TMDB's count, at most 500.
    public var reachablePages: Int { min(totalPages, Self.maximumPage) }
}
