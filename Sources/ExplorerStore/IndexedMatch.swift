/// One item a search of an ``OfflineIndex`` found, as a list keeps it before it shows it: its
/// key, and where its row is, to read it by (``OfflineIndex/items(_:)``).
public struct IndexedMatch: Sendable, Equatable {
    /// Unique within the feature: `movie/419704`.
    public let key: String
    /// The item's row.
    let rowid: Int64

    init(key: String, rowid: Int64) {
        self.key = key
        self.rowid = rowid
    }
}
