import ExplorerCore
import ExplorerText
import Foundation

/// One result of the iTunes Search API: a song, but also a film, a TV episode or an audiobook
/// (which has no `trackId`, `trackName` or `kind`). Every field is optional and decoded on its
/// own, so one odd field never loses the result, let alone the others.
public struct ITunesItem: Sendable, Equatable, Decodable, ListItem {
    public var wrapperType: String?
    public var kind: String?
    public var trackId: Int?
    public var collectionId: Int?
    public var artistName: String?
    public var collectionName: String?
    public var trackName: String?
    public var primaryGenreName: String?
    public var releaseDate: String?
    public var trackTimeMillis: Int?
    public var trackNumber: Int?
    public var trackCount: Int?
    public var discNumber: Int?
    public var discCount: Int?
    public var trackPrice: Double?
    public var collectionPrice: Double?
    public var currency: String?
    public var country: String?
    public var trackExplicitness: String?
    public var collectionExplicitness: String?
    public var previewUrl: String?
    public var trackViewUrl: String?
    public var collectionViewUrl: String?

    public init(trackId: Int? = nil, artistName: String? = nil, collectionName: String? = nil, trackName: String? = nil,
                trackNumber: Int? = nil, kind: String? = "song") {
        self.kind = kind
        self.trackId = trackId
        self.artistName = artistName
        self.collectionName = collectionName
        self.trackName = trackName
        self.trackNumber = trackNumber
    }

    enum CodingKeys: String, CodingKey {
        case wrapperType, kind, trackId, collectionId, artistName, collectionName, trackName, primaryGenreName,
             releaseDate, trackTimeMillis, trackNumber, trackCount, discNumber, discCount, trackPrice,
             collectionPrice, currency, country, trackExplicitness, collectionExplicitness, previewUrl,
             trackViewUrl, collectionViewUrl
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func text(_ key: CodingKeys) -> String? { KeptText.capped((try? container.decodeIfPresent(String.self, forKey: key)) ?? nil) }
        func integer(_ key: CodingKeys) -> Int? {
            if let value = try? container.decodeIfPresent(Int.self, forKey: key) { return value }
            return (try? container.decodeIfPresent(Double.self, forKey: key)).flatMap { $0.flatMap { Int(exactly: $0) } }
        }
        func number(_ key: CodingKeys) -> Double? { try? container.decodeIfPresent(Double.self, forKey: key) }
        wrapperType = text(.wrapperType)
        kind = text(.kind)
        trackId = integer(.trackId)
        collectionId = integer(.collectionId)
        artistName = text(.artistName)
        collectionName = text(.collectionName)
        trackName = text(.trackName)
        primaryGenreName = text(.primaryGenreName)
        releaseDate = text(.releaseDate)
        trackTimeMillis = integer(.trackTimeMillis)
        trackNumber = integer(.trackNumber)
        trackCount = integer(.trackCount)
        discNumber = integer(.discNumber)
        discCount = integer(.discCount)
        trackPrice = number(.trackPrice)
        collectionPrice = number(.collectionPrice)
        currency = text(.currency)
        country = text(.country)
        trackExplicitness = text(.trackExplicitness)
        collectionExplicitness = text(.collectionExplicitness)
        previewUrl = text(.previewUrl)
        trackViewUrl = text(.trackViewUrl)
        collectionViewUrl = text(.collectionViewUrl)
    }

    /// What to call it: the track, else the collection (audiobooks have only that).
    public var title: String { trackName ?? collectionName ?? "(untitled)" }

    /// `song`, `feature-movie`, `tv-episode`, or the wrapper type (`audiobook`) when there is no kind.
    public var kindName: String { kind ?? wrapperType ?? "unknown" }

    /// The release year, `2014` from `2014-05-27T07:00:00Z`.
    public var year: String { releaseDate.map { String($0.prefix(4)) } ?? "" }

    /// The release day, `2014-05-27`.
    public var releaseDay: String? { releaseDate.map { String($0.prefix(10)) } }

    /// `3:27` (or `2:04:05` past an hour).
    public var duration: String? {
        guard let trackTimeMillis, trackTimeMillis >= 0 else { return nil }
        let seconds = trackTimeMillis / 1000
        let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(seconds / 60):\(twoDigits(rest))"
    }

    /// The store page to open: the track's, else the collection's.
    public var storeURL: String? { trackViewUrl ?? collectionViewUrl }

    /// The track id: only tracks can be favourites (an audiobook has none).
    public var itemID: String? { trackId.map(String.init) }

    /// `Upside Down — Jack Johnson`.
    public var favouriteTitle: String { [title, artistName].compactMap { $0 }.joined(separator: " — ") }

    public static var idName: String { "track id" }
}
