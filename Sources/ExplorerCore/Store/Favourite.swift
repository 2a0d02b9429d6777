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

    /// The row as GRDB would write it from the Codable conformance, the date as the same text
    /// (`2024-03-15 05:00:00.000`) but not through GRDB's `DateFormatter`, which loads ICU.
    public func encode(to container: inout PersistenceContainer) {
        container["feature"] = feature
        container["itemID"] = itemID
        container["title"] = title
        container["createdAt"] = UTCTimestamp.database(createdAt)
    }
}
