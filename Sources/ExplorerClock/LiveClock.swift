import Foundation

/// The system's clock: real time.
public struct LiveClock: AppClock {
    public init() {}

    public var now: Date { Date() }
}
