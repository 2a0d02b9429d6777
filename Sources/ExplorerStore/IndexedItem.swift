import Foundation

/// One item in an ``OfflineIndex``: what is searched (title, original title, text) and the item
/// itself as the API sent it (`payload`, JSON), with when it was fetched.
public struct IndexedItem: Sendable, Equatable {
    /// Unique within the feature: `movie/419704`.
    public var key: String
    public var title: String
    public var originalTitle: String
    public var text: String
    public var payload: Data
    public var fetchedAt: Date

    public init(key: String, title: String, originalTitle: String = "", text: String = "", payload: Data, fetchedAt: Date) {
        self.key = key
        self.title = title
        self.originalTitle = originalTitle
        self.text = text
        self.payload = payload
        self.fetchedAt = fetchedAt
    }
}
