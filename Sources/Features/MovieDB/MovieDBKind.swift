/// Movies or TV shows: TMDB keeps them apart, with endpoints, ids and genres of their own.
public enum MovieDBKind: String, Sendable, CaseIterable, Codable {
    case movie, tv

    /// `movies`, `tv`: the command that lists this kind.
    public var command: String {
        switch self {
        case .movie: "movies"
        case .tv: "tv"
        }
    }

    /// `Movies`, `TV`, for headings.
    public var title: String {
        switch self {
        case .movie: "Movies"
        case .tv: "TV"
        }
    }
}
