import ExplorerCore
import ExplorerText
import Foundation

extension ITunesItem {
    /// One result read in place by a ``JSONCursor``, member by member as `init(from:)` reads
    /// it: a text that is not a string, or a number that is not one, is nil; the members it
    /// does not keep are passed over. A member given twice, or a number written in a way
    /// `JSONDecoder` might read otherwise (`5.0` for an id), gives up.
    ///
    /// With `only`, the members not among them are passed over as any JSON value is, and left
    /// nil: what a list reads of every result before it shows any (``Member/Set/listed``). Read
    /// in full later, such a result may still give up (a price given twice, `5.0` for a
    /// collection id): ``ITunesResult/item`` then leaves it to `JSONDecoder`.
    static func read(_ cursor: inout JSONCursor, only kept: Member.Set = .all) throws -> ITunesItem {
        var item = ITunesItem(unread: ())
        try cursor.readObject(members: { Member($0).flatMap { kept.contains($0) ? $0 : nil } }) { member, cursor in
            switch member {
            case .wrapperType: item.wrapperType = try text(&cursor)
            case .kind: item.kind = try text(&cursor)
            case .trackId: item.trackId = try cursor.integerIfNumber()
            case .collectionId: item.collectionId = try cursor.integerIfNumber()
            case .artistName: item.artistName = try text(&cursor)
            case .collectionName: item.collectionName = try text(&cursor)
            case .trackName: item.trackName = try text(&cursor)
            case .primaryGenreName: item.primaryGenreName = try text(&cursor)
            case .releaseDate: item.releaseDate = try text(&cursor)
            case .trackTimeMillis: item.trackTimeMillis = try cursor.integerIfNumber()
            case .trackNumber: item.trackNumber = try cursor.integerIfNumber()
            case .trackCount: item.trackCount = try cursor.integerIfNumber()
            case .discNumber: item.discNumber = try cursor.integerIfNumber()
            case .discCount: item.discCount = try cursor.integerIfNumber()
            case .trackPrice: item.trackPrice = try cursor.doubleIfNumber()
            case .collectionPrice: item.collectionPrice = try cursor.doubleIfNumber()
            case .currency: item.currency = try text(&cursor)
            case .country: item.country = try text(&cursor)
            case .trackExplicitness: item.trackExplicitness = try text(&cursor)
            case .collectionExplicitness: item.collectionExplicitness = try text(&cursor)
            case .previewUrl: item.previewUrl = try text(&cursor)
            case .trackViewUrl: item.trackViewUrl = try text(&cursor)
            case .collectionViewUrl: item.collectionViewUrl = try text(&cursor)
            }
        }
        return item
    }

    /// A text member as `init(from:)` keeps it: a string, cut past ``KeptText/maxCharacters``.
    private static func text(_ cursor: inout JSONCursor) throws -> String? {
        KeptText.capped(try cursor.stringIfString())
    }

    /// A result with none of its members read, for ``read(_:only:)`` to fill in
    /// (docs/performance.md says why it is not the public initializer).
    private init(unread: Void) {}

    /// The members a result keeps, known by their keys' bytes.
    enum Member: Int, CaseIterable {
        /// Some of the members, one bit each.
        struct Set {
            let bits: UInt32

            init(_ members: [Member]) { bits = members.reduce(0) { $0 | 1 << $1.rawValue } }

            func contains(_ member: Member) -> Bool { bits & 1 << member.rawValue != 0 }

            static let all = Set(Member.allCases)

            /// What a list reads of every result: the artist, album and track number it sorts
            /// by, and the track id it finds a result by.
            static let listed = Set([.artistName, .collectionName, .trackNumber, .trackId])
        }

        case wrapperType, kind, trackId, collectionId, artistName, collectionName, trackName, primaryGenreName,
             releaseDate, trackTimeMillis, trackNumber, trackCount, discNumber, discCount, trackPrice,
             collectionPrice, currency, country, trackExplicitness, collectionExplicitness, previewUrl,
             trackViewUrl, collectionViewUrl

        /// The key of each, in the order of the cases: `init(from:)`'s coding keys.
        static let keys = ["wrapperType", "kind", "trackId", "collectionId", "artistName", "collectionName", "trackName",
                           "primaryGenreName", "releaseDate", "trackTimeMillis", "trackNumber", "trackCount", "discNumber",
                           "discCount", "trackPrice", "collectionPrice", "currency", "country", "trackExplicitness",
                           "collectionExplicitness", "previewUrl", "trackViewUrl", "collectionViewUrl"]

        /// The member whose key `key` is: its length picks the few keys it may be, compared a
        /// word at a time.
        init?(_ key: UnsafeBufferPointer<UInt8>) {
            switch key.count {
            case 4 where key.holds("kind"): self = .kind
            case 7 where key.holds("trackId"): self = .trackId
            case 7 where key.holds("country"): self = .country
            case 8 where key.holds("currency"): self = .currency
            case 9 where key.holds("trackName"): self = .trackName
            case 9 where key.holds("discCount"): self = .discCount
            case 10 where key.holds("artistName"): self = .artistName
            case 10 where key.holds("trackCount"): self = .trackCount
            case 10 where key.holds("discNumber"): self = .discNumber
            case 10 where key.holds("trackPrice"): self = .trackPrice
            case 10 where key.holds("previewUrl"): self = .previewUrl
            case 11 where key.holds("wrapperType"): self = .wrapperType
            case 11 where key.holds("releaseDate"): self = .releaseDate
            case 11 where key.holds("trackNumber"): self = .trackNumber
            case 12 where key.holds("collectionId"): self = .collectionId
            case 12 where key.holds("trackViewUrl"): self = .trackViewUrl
            case 14 where key.holds("collectionName"): self = .collectionName
            case 15 where key.holds("trackTimeMillis"): self = .trackTimeMillis
            case 15 where key.holds("collectionPrice"): self = .collectionPrice
            case 16 where key.holds("primaryGenreName"): self = .primaryGenreName
            case 17 where key.holds("trackExplicitness"): self = .trackExplicitness
            case 17 where key.holds("collectionViewUrl"): self = .collectionViewUrl
            case 22 where key.holds("collectionExplicitness"): self = .collectionExplicitness
            default: return nil
            }
        }
    }
}
