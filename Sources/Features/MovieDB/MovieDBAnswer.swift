import Foundation

/// What the service read, and when it was fetched if it came from the cache because the
/// network was unavailable (nil: fresh from TMDB or from the embedded data).
public struct MovieDBAnswer<Value: Sendable & Equatable>: Sendable, Equatable {
    public var value: Value
    public var cachedAt: Date?
    /// Whether the offline index kept the answer's titles, in the response cache's transaction
    /// (``MovieDBService/Indexing``); false when no response cache kept the answer.
    public var isIndexed: Bool

    public init(_ value: Value, cachedAt: Date? = nil, isIndexed: Bool = false) {
        self.value = value
        self.cachedAt = cachedAt
        self.isIndexed = isIndexed
    }
}
