import Foundation

/// Tells the time of day. Everything that stamps or compares times (favourites, cache ages)
/// asks the clock it was given instead of calling `Date()`, so tests and scripts can set the time.
public protocol AppClock: Sendable {
    var now: Date { get }
}
