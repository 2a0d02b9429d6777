import ExplorerClock
import Foundation
internal import GRDB

/// One favourite: which feature it belongs to, the item's id there, the title to show, and
/// when it was marked.
public struct Favourite: Sendable, Equatable, Codable {
    public var feature: String
    public var itemID: String
    public var title: String
    public var createdAt: Date

    public init(feature: String, itemID: String, title: String, createdAt: Date) {
        self.feature = feature
        self.itemID = itemID
        self.title = title
        self.createdAt = createdAt
    }

    /// The columns ``init(row:)`` reads, in its order: select them so.
    static let columns = "feature, itemID, title, createdAt"

    /// Reads a row of ``columns`` with every value checked: a value that cannot be read (a date
    /// GRDB cannot parse, such as year 10000, or text where a date should be) throws for this
    /// row, where the decoding GRDB derives from Codable, or its subscripts, could trap. By
    /// position, not name: a name is looked up case-insensitively (lower-cased) for every value,
    /// a fifth of reading 100,000 favourites.
    init(row: Row) throws {
        feature = try row.decode(atIndex: 0)
        itemID = try row.decode(atIndex: 1)
        title = try row.decode(atIndex: 2)
        createdAt = try row.decode(atIndex: 3)
    }

    /// Writes the favourite, the date as the text GRDB writes (`2024-03-15 05:00:00.000`) but
    /// not through its `DateFormatter`, which loads ICU. A statement prepared once: the query
    /// interface would build its SQL at every toggle.
    func insert(_ db: Database) throws {
        try db.cachedStatement(sql: "INSERT INTO favourite (feature, itemID, title, createdAt) VALUES (?, ?, ?, ?)")
            .execute(arguments: [feature, itemID, title, UTCTimestamp.database(createdAt)])
    }
}
