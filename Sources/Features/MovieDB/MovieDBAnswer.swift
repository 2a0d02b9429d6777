import Foundation

/// What the service read, and when it was fetched if it came from the cache because the
/// network was unavailable (nil: fresh from TMDB or from the embedded data).
public struct MovieDBAnswer<Value: Sendable & Equatable>: Sendable, Equatable {
    public var value: Value
    public var cachedAt: Date?
    /// Whether the answer's titles went to the offline index with its body, in the response
    /// cache's one write (``MovieDBService/Indexing``): kept together, or, if the database
    /// refused the write, neither. False when no response cache was to keep the answer (an
    /// answer from the cache or the embedded data, a client stack without a cache).
    public var isIndexed: Bool
    /// Whether a recording answered (a replay): its titles are not kept in the offline index,
    /// which holds only what TMDB sent.
    public var isReplayed: Bool

    public init(_ value: Value, cachedAt: Date? = nil, isIndexed: Bool = false, isReplayed: Bool = false) {
        self.value = value
        self.cachedAt = cachedAt
        self.isIndexed = isIndexed
        self.isReplayed = isReplayed
    }
}
