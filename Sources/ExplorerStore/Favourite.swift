import ExplorerClock
import Foundation
internal import GRDB

/// One favourite: which feature it belongs to, the item's id there, the title to show, and
/// when it was marked.
public struct Favourite: Sendable, Equatable {
    public var feature: String
    public var itemID: String
    public var title: String
    /// When it was marked; nil when the date stored cannot be read (such as year 10000, or
    /// `yesterday` written by hand): the favourite is still listed, and the problem reported.
    public var createdAt: Date?

    public init(feature: String, itemID: String, title: String, createdAt: Date?) {
        self.feature = feature
        self.itemID = itemID
        self.title = title
        self.createdAt = createdAt
    }

    /// The columns ``init(row:)`` reads, in its order: select them so. Each is read as text,
    /// whatever was stored: the schema keeps them from being NULL.
    static let columns = "CAST(feature AS TEXT), CAST(itemID AS TEXT), CAST(title AS TEXT), CAST(createdAt AS TEXT)"

    /// The date as it was stored, when it cannot be read: for the report.
    var unreadableDate: String?

    /// Reads a row of ``columns``. No value can trap: each is text or NULL (read as empty), and
    /// the date is read from its text (``UTCTimestamp/date(database:)``), nil when it cannot be,
    /// its text kept in ``unreadableDate``. By position, not name: a name is looked up
    /// case-insensitively (lower-cased) for every value.
    init(row: Row) {
        feature = (row[0] as String?) ?? ""
        itemID = (row[1] as String?) ?? ""
        title = (row[2] as String?) ?? ""
        let stored = (row[3] as String?) ?? ""
        createdAt = UTCTimestamp.date(database: stored)
        unreadableDate = createdAt == nil ? stored : nil
    }

    /// Writes the favourite, the date as the text GRDB writes (`2024-03-15 05:00:00.000`) but
    /// not through its `DateFormatter`, which loads ICU. A statement prepared once: the query
    /// interface would build its SQL at every toggle.
    func insert(_ db: Database) throws {
        try db.cachedStatement(sql: "INSERT INTO favourite (feature, itemID, title, createdAt) VALUES (?, ?, ?, ?)")
            .execute(arguments: [feature, itemID, title, createdAt.map(UTCTimestamp.database)])
    }
}
