import ExplorerText
import Foundation

extension MovieDBItem {
    /// A title read from `json` by a ``JSONCursor``, member by member as `init(from:)` reads it
    /// when the decoder is given no kind (what the offline index keeps of a title: see
    /// ``MovieDBLibrary/item(_:)``). Nil where the reader gives up: a member given twice, a
    /// detail, a `media_type` that is not a kind, a number written in a way `JSONDecoder` might
    /// read otherwise, anything the cursor gives up on. Then `JSONDecoder` reads it, and its
    /// answer stands.
    static func quicklyRead(_ json: Data) -> MovieDBItem? {
        JSONCursor.read(json, read)
    }

    private static func read(_ cursor: inout JSONCursor) throws -> MovieDBItem {
        var members = Members()
        try cursor.readObject(members: Member.init) { member, cursor in
            switch member {
            case .id:
                guard try cursor.nextKind() == .number else { throw JSONCursor.GiveUp() }
                members.id = try cursor.integer()
            case .kind: members.kind = try cursor.stringIfString().flatMap(MovieDBKind.init(rawValue:))
            case .mediaType: members.mediaType = try cursor.stringIfString().map(kind)
            case .genreIDs: members.genreIDs = try genreIDs(&cursor)
            case .voteAverage: members.voteAverage = try cursor.doubleIfNumber()
            case .voteCount: members.voteCount = try cursor.integerIfNumber()
            case .popularity: members.popularity = try cursor.doubleIfNumber()
            case .detail:
                guard cursor.null() else { throw JSONCursor.GiveUp() }
            default: members.texts[member.rawValue] = KeptText.capped(try cursor.stringIfString())
            }
            members.present |= 1 << member.rawValue
        }
        try cursor.end()
        return try members.item()
    }

    /// `media_type`'s kind, as `init(from:)` takes it: another (a person) gives up, for
    /// `JSONDecoder` to say so.
    private static func kind(_ mediaType: String) throws -> MovieDBKind {
        guard let kind = MovieDBKind(rawValue: mediaType) else { throw JSONCursor.GiveUp() }
        return kind
    }

    /// `genre_ids` as `init(from:)` takes it: integers, or none when it is anything else.
    private static func genreIDs(_ cursor: inout JSONCursor) throws -> [Int] {
        guard try cursor.nextKind() == .array else {
            try cursor.skipValue()
            return []
        }
        return try cursor.readArray { try $0.integerIfNumber() } ?? []
    }

    /// The members read, for ``item()`` to make the title of as `init(from:)` does.
    private struct Members {
        var present: UInt32 = 0
        var id: Int?
        var kind: MovieDBKind?
        var mediaType: MovieDBKind?
        var genreIDs: [Int] = []
        var voteAverage: Double?
        var voteCount: Int?
        var popularity: Double?
        /// The text members, by ``Member/rawValue``.
        var texts = [String?](repeating: nil, count: Member.allCases.count)

        func has(_ member: Member) -> Bool { present & 1 << member.rawValue != 0 }
        func text(_ member: Member) -> String? { texts[member.rawValue] }

        func item() throws -> MovieDBItem {
            guard let id else { throw JSONCursor.GiveUp() }
            let kind = kind ?? mediaType ?? (has(.name) && !has(.title) ? .tv : .movie)
            let movie = kind == .movie
            return MovieDBItem(kind: kind, id: id, title: (movie ? text(.title) : text(.name)) ?? text(.title) ?? text(.name) ?? "untitled",
                               originalTitle: movie ? text(.originalTitle) : text(.originalName), overview: text(.overview),
                               date: movie ? text(.releaseDate) : text(.firstAirDate), genreIDs: genreIDs,
                               voteAverage: voteAverage, voteCount: voteCount, popularity: popularity,
                               posterPath: text(.posterPath), backdropPath: text(.backdropPath),
                               originalLanguage: text(.originalLanguage))
        }
    }

    /// The members a title is read from, known by their keys' bytes: `init(from:)`'s coding keys.
    enum Member: Int, CaseIterable {
        case id, kind, mediaType, title, name, originalTitle, originalName, overview, releaseDate, firstAirDate,
             genreIDs, voteAverage, voteCount, popularity, posterPath, backdropPath, originalLanguage, detail

        /// Each one's key, in the order of the cases.
        static let keys = ["id", "kind", "media_type", "title", "name", "original_title", "original_name", "overview",
                           "release_date", "first_air_date", "genre_ids", "vote_average", "vote_count", "popularity",
                           "poster_path", "backdrop_path", "original_language", "detail"]

        /// The member whose key `key` is: its length picks the few keys it may be, compared a
        /// word at a time (as ``ITunesItem``'s members are).
        init?(_ key: UnsafeBufferPointer<UInt8>) {
            switch key.count {
            case 2 where key.holds("id"): self = .id
            case 4 where key.holds("kind"): self = .kind
            case 4 where key.holds("name"): self = .name
            case 5 where key.holds("title"): self = .title
            case 6 where key.holds("detail"): self = .detail
            case 8 where key.holds("overview"): self = .overview
            case 9 where key.holds("genre_ids"): self = .genreIDs
            case 10 where key.holds("media_type"): self = .mediaType
            case 10 where key.holds("vote_count"): self = .voteCount
            case 10 where key.holds("popularity"): self = .popularity
            case 11 where key.holds("poster_path"): self = .posterPath
            case 12 where key.holds("release_date"): self = .releaseDate
            case 12 where key.holds("vote_average"): self = .voteAverage
            case 13 where key.holds("original_name"): self = .originalName
            case 13 where key.holds("backdrop_path"): self = .backdropPath
            case 14 where key.holds("original_title"): self = .originalTitle
            case 14 where key.holds("first_air_date"): self = .firstAirDate
            case 17 where key.holds("original_language"): self = .originalLanguage
            default: return nil
            }
        }
    }
}
