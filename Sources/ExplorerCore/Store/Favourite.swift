import ExplorerClock
import Foundation
import GRDB

/// One favourite: which feature it belongs to, the item's id there, the title to show, and
/// when it was marked.
public struct Favourite: Sendable, Equatable, Codable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "favourite"

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

    /// Reads a row with every value checked: a value that cannot be read (a date GRDB cannot
    /// parse, such as year 10000, or text where a date should be) throws for this row, where
    /// the decoding GRDB derives from Codable, or its subscripts, could trap.
    public init(row: Row) throws {
        feature = try row.decode(forColumn: "feature")
        itemID = try row.decode(forColumn: "itemID")
        title = try row.decode(forColumn: "title")
        createdAt = try row.decode(forColumn: "createdAt")
    }

    /// The row as GRDB would write it from the Codable conformance, the date as the same text
    /// (`2024-03-15 05:00:00.000`) but not through GRDB's `DateFormatter`, which loads ICU.
    public func encode(to container: inout PersistenceContainer) {
        container["feature"] = feature
        container["itemID"] = itemID
        container["title"] = title
        container["createdAt"] = UTCTimestamp.database(createdAt)
    }
}
