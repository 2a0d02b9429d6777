import Foundation

/// A timer a ``SchedulingClock`` will run: its name (`races poll`), how often (or, for a timer
/// that runs once, how long after it was set), and when next.
public struct PendingTimer: Sendable, Equatable {
    public var name: String
    public var interval: TimeInterval
    public var next: Date
    /// False for a timer that runs once.
    public var repeats = true
}
