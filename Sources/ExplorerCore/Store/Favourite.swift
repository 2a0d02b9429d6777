import Foundation
import GRDB
import Synchronization

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

    /// When it was marked, as JSON gives it: `2024-03-15T05:00:00Z`.
    public static func timestamp(_ date: Date) -> String {
        formatter.withLock { $0.string(from: date) }
    }

    /// Made once: a formatter costs far more to make than to use.
    private static let formatter = Mutex(ISO8601DateFormatter())
}
