import Foundation
import Synchronization

/// A clock that stands still until it is moved: tests (and scripts) get exactly the times they
/// set, with no sleeping.
public final class VirtualClock: AppClock {
    private let current: Mutex<Date>

    public init(_ start: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        current = Mutex(start)
    }

    public var now: Date { current.withLock { $0 } }

    /// Moves the time forward by `interval` seconds.
    public func advance(by interval: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(interval) }
    }
}
