import Foundation

/// A timer a ``SchedulingClock`` will run: its name (`races poll`), how often, and when next.
public struct PendingTimer: Sendable, Equatable {
    public var name: String
    public var interval: TimeInterval
    public var next: Date
}
