/// A list TMDB keeps for a kind: `movies popular|top|upcoming`, `tv popular|top`.
public enum MovieDBCategory: String, Sendable, CaseIterable, Codable {
    case moviePopular, movieTopRated, movieUpcoming, tvPopular, tvTopRated

    public var kind: MovieDBKind {
        switch self {
        case .moviePopular, .movieTopRated, .movieUpcoming: .movie
        case .tvPopular, .tvTopRated: .tv
        }
    }

    /// The word after `movies` or `tv`: `popular`, `top`, `upcoming`.
    public var word: String {
        switch self {
        case .moviePopular, .tvPopular: "popular"
        case .movieTopRated, .tvTopRated: "top"
        case .movieUpcoming: "upcoming"
        }
    }

    /// TMDB's path: `/movie/top_rated`.
    public var path: String {
        switch self {
        case .moviePopular: "/movie/popular"
        case .movieTopRated: "/movie/top_rated"
        case .movieUpcoming: "/movie/upcoming"
        case .tvPopular: "/tv/popular"
        case .tvTopRated: "/tv/top_rated"
        }
    }

    /// `Movies · Top rated`, for headings.
    public var title: String {
        let name = switch self {
        case .moviePopular, .tvPopular: "Popular"
        case .movieTopRated, .tvTopRated: "Top rated"
        case .movieUpcoming: "Upcoming"
        }
        return "\(kind.title) · \(name)"
    }

    /// `movies top`: the command that shows it, and what the prompt says.
    public var command: String { "\(kind.command) \(word)" }

    /// The categories of a kind, in the order they are offered.
    public static func of(_ kind: MovieDBKind) -> [MovieDBCategory] {
        allCases.filter { $0.kind == kind }
    }

    /// The category `word` names for `kind` (`top` or `top_rated`, any case), or nil.
    public static func named(_ word: String, kind: MovieDBKind) -> MovieDBCategory? {
        let word = word.lowercased()
        return of(kind).first { $0.word == word || ($0.word == "top" && ["top_rated", "toprated", "top-rated"].contains(word)) }
    }
}
