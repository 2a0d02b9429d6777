import Foundation

/// What the service read, and when it was fetched if it came from the cache because the
/// network was unavailable (nil: fresh from TMDB or from the embedded data).
public struct MovieDBAnswer<Value: Sendable & Equatable>: Sendable, Equatable {
    public var value: Value
    public var cachedAt: Date?

    public init(_ value: Value, cachedAt: Date? = nil) {
        self.value = value
        self.cachedAt = cachedAt
    }
}
