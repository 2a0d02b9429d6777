import ExplorerCore
import ExplorerText
import Foundation

extension ITunesItem {
    /// One result read in place by a ``JSONCursor``, member by member as `init(from:)` reads
    /// it: a text that is not a string, or a number that is not one, is nil; the members it
    /// does not keep are passed over. A member given twice, or a number written in a way
    /// `JSONDecoder` might read otherwise (`5.0` for an id), gives up.
    ///
    /// With `only`, the members not among them are read as closely (and give up alike) but
    /// left nil: what a list reads of every result before it shows any (``Member/Set/listed``).
    static func read(_ cursor: inout JSONCursor, only kept: Member.Set = .all) throws -> ITunesItem {
        guard try cursor.nextKind() == .object else { throw JSONCursor.GiveUp() }
        var item = ITunesItem(unread: ())
        var seen: UInt32 = 0
        try cursor.enterObject()
        var first = true
        while let key = try cursor.nextKey(first: &first) {
            guard let member = Member(key) else {
                try cursor.skipValue()
                continue
            }
            let bit: UInt32 = 1 << member.rawValue
            guard seen & bit == 0 else { throw JSONCursor.GiveUp() }
            seen |= bit
            guard kept.bits & bit != 0 else {
                try member.pass(&cursor)
                continue
            }
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

            static let all = Set(Member.allCases)

            /// What a list reads of every result: the artist, album and track number it sorts
            /// by, and the track id it finds a result by.
            static let listed = Set([.artistName, .collectionName, .trackNumber, .trackId])
        }

        /// Reads the member's value as ``ITunesItem/read(_:only:)`` reads it, giving up alike,
        /// and makes nothing of it.
        func pass(_ cursor: inout JSONCursor) throws {
            switch self {
            case .trackId, .collectionId, .trackTimeMillis, .trackNumber, .trackCount, .discNumber, .discCount:
                try cursor.passIntegerIfNumber()
            case .trackPrice, .collectionPrice:
                try cursor.passDoubleIfNumber()
            default:
                try cursor.skipValue()
            }
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

        /// The members by the length of their keys: a key is compared with the few of its length.
        private static let byLength: [[(key: [UInt8], member: Member)]] = {
            var table = [[(key: [UInt8], member: Member)]](repeating: [], count: 32)
            for (member, key) in zip(allCases, keys) { table[key.utf8.count].append((Array(key.utf8), member)) }
            return table
        }()

        init?(_ key: UnsafeBufferPointer<UInt8>) {
            guard key.count < Self.byLength.count, let start = key.baseAddress else { return nil }
            for candidate in Self.byLength[key.count] where memcmp(candidate.key, start, key.count) == 0 {
                self = candidate.member
                return
            }
            return nil
        }
    }
}
