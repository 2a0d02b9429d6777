import Foundation

/// Tells the time of day. Everything that stamps or compares times (favourites, cache ages)
/// asks the clock it was given instead of calling `Date()`, so tests and scripts can set the time.
public protocol AppClock: Sendable {
    var now: Date { get }

    /// A replayed answer was received at `date` when it was recorded: a virtual clock that
    /// stands before it moves there, as the live clock had moved while the request took its
    /// time; timers falling due on the way run when next due, as they would have. A live clock
    /// is not moved.
    func follow(recordedTime date: Date)
}

extension AppClock {
    public func follow(recordedTime date: Date) {}
}
