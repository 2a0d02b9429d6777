import ExplorerCore
import ExplorerText
import Foundation

/// A movie or a show as TMDB lists it (a category's page, a search result), and, once its
/// detail has been fetched, with that detail.
public struct MovieDBItem: ListItem, Codable {
    public var kind: MovieDBKind
    public var id: Int
    /// `title` of a movie, `name` of a show.
    public var title: String
    public var originalTitle: String?
    public var overview: String?
    /// `release_date` of a movie, `first_air_date` of a show (`2019-09-17`); may be empty.
    public var date: String?
    public var genreIDs: [Int]
    public var voteAverage: Double?
    public var voteCount: Int?
    public var popularity: Double?
    public var posterPath: String?
    public var backdropPath: String?
    public var originalLanguage: String?
    /// The full detail, once fetched (`open N`).
    public var detail: MovieDBDetail?

    public init(kind: MovieDBKind, id: Int, title: String, originalTitle: String? = nil, overview: String? = nil,
                date: String? = nil, genreIDs: [Int] = [], voteAverage: Double? = nil, voteCount: Int? = nil,
                popularity: Double? = nil, posterPath: String? = nil, backdropPath: String? = nil,
                originalLanguage: String? = nil, detail: MovieDBDetail? = nil) {
        self.kind = kind
        self.id = id
        self.title = title
        self.originalTitle = originalTitle
        self.overview = overview
        self.date = date
        self.genreIDs = genreIDs
        self.voteAverage = voteAverage
        self.voteCount = voteCount
        self.popularity = popularity
        self.posterPath = posterPath
        self.backdropPath = backdropPath
        self.originalLanguage = originalLanguage
        self.detail = detail
    }

    // MARK: ListItem

    /// `movie/419704`, `tv/60625`: a movie and a show with the same number are different items.
    public var itemID: String? { "\(kind.rawValue)/\(id)" }
    public var favouriteTitle: String { title }

    /// The year of ``date``, when it has one.
    public var year: Int? {
        guard let date, date.count >= 4 else { return nil }
        return Int(date.prefix(4))
    }

    public var genreNames: [String] {
        genreIDs.map { MovieDBGenres.name($0, kind: kind) }
    }

    // MARK: Decoding

    enum CodingKeys: String, CodingKey {
        case id, title, name, overview, popularity
        case mediaType = "media_type"
        case originalTitle = "original_title"
        case originalName = "original_name"
        case releaseDate = "release_date"
        case firstAirDate = "first_air_date"
        case genreIDs = "genre_ids"
        case voteAverage = "vote_average"
        case voteCount = "vote_count"
        case posterPath = "poster_path"
        case backdropPath = "backdrop_path"
        case originalLanguage = "original_language"
        case kind, detail
    }

    /// Reads a movie or a show as TMDB sends it in lists, search results (`media_type`) and
    /// details; `kind` says which when the answer does not. Only the id is required: every
    /// other field may be missing or null.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        if let stored = try? container.decodeIfPresent(MovieDBKind.self, forKey: .kind) {
            kind = stored
        } else if let media = try? container.decodeIfPresent(String.self, forKey: .mediaType) {
            guard let kind = MovieDBKind(rawValue: media) else { throw NotATitle(mediaType: media) }
            self.kind = kind
        } else if let kind = decoder.userInfo[.movieDBKind] as? MovieDBKind {
            self.kind = kind
        } else {
            kind = container.contains(.name) && !container.contains(.title) ? .tv : .movie
        }
        // A value of another type reads as missing; text that is not UTF-8 is not TMDB's, and
        // fails the title rather than showing `untitled`.
        func text(_ key: CodingKeys) throws -> String? {
            do {
                return KeptText.capped(try container.decodeIfPresent(String.self, forKey: key))
            } catch DecodingError.typeMismatch {
                return nil
            }
        }
        title = try (kind == .movie ? text(.title) : text(.name)) ?? text(.title) ?? text(.name) ?? "untitled"
        originalTitle = try kind == .movie ? text(.originalTitle) : text(.originalName)
        overview = try text(.overview)
        date = try kind == .movie ? text(.releaseDate) : text(.firstAirDate)
        genreIDs = (try? container.decodeIfPresent([Int].self, forKey: .genreIDs)) ?? []
        voteAverage = (try? container.decodeIfPresent(Double.self, forKey: .voteAverage)) ?? nil
        voteCount = (try? container.decodeIfPresent(Int.self, forKey: .voteCount)) ?? nil
        popularity = (try? container.decodeIfPresent(Double.self, forKey: .popularity)) ?? nil
        posterPath = try text(.posterPath)
        backdropPath = try text(.backdropPath)
        originalLanguage = try text(.originalLanguage)
        detail = (try? container.decodeIfPresent(MovieDBDetail.self, forKey: .detail)) ?? nil
    }

    /// A result that is neither a movie nor a show (a person, in a search of both): left out of
    /// a list, where anything else that cannot be read fails the answer.
    struct NotATitle: Error {
        let mediaType: String
    }

    /// Written for the offline index: TMDB's own keys, so it reads back like a list item.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: kind == .movie ? .title : .name)
        try container.encodeIfPresent(originalTitle, forKey: kind == .movie ? .originalTitle : .originalName)
        try container.encodeIfPresent(overview, forKey: .overview)
        try container.encodeIfPresent(date, forKey: kind == .movie ? .releaseDate : .firstAirDate)
        try container.encode(genreIDs, forKey: .genreIDs)
        try container.encodeIfPresent(voteAverage, forKey: .voteAverage)
        try container.encodeIfPresent(voteCount, forKey: .voteCount)
        try container.encodeIfPresent(popularity, forKey: .popularity)
        try container.encodeIfPresent(posterPath, forKey: .posterPath)
        try container.encodeIfPresent(backdropPath, forKey: .backdropPath)
        try container.encodeIfPresent(originalLanguage, forKey: .originalLanguage)
    }
}

extension CodingUserInfoKey {
    /// The kind of the items being decoded, for answers that do not say (a category's page).
    public static let movieDBKind = CodingUserInfoKey(rawValue: "movieDBKind")!
}

extension MovieDBItem {
    /// An item read from a detail answer (`/movie/{id}`), with that detail attached; its genre
    /// ids from the detail's genres.
    static func fromDetail(_ body: Data, kind: MovieDBKind) -> MovieDBItem? {
        let decoder = JSONDecoder()
        decoder.userInfo[.movieDBKind] = kind
        guard var item = try? decoder.decode(MovieDBItem.self, from: body),
              let detail = try? decoder.decode(MovieDBDetail.self, from: body) else { return nil }
        if item.genreIDs.isEmpty, let genres = try? decoder.decode(GenreList.self, from: body) {
            item.genreIDs = genres.genres.map(\.id)
        }
        item.detail = detail
        return item
    }

    private struct GenreList: Decodable {
        struct Genre: Decodable { var id: Int }
        var genres: [Genre]
    }
}
