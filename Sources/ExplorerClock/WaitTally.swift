import Foundation
import Synchronization

/// The waits a task made on a virtual clock, added up (see ``SchedulingClock/measuringWaits(_:)``).
final class WaitTally: Sendable {
    private let seconds = Mutex<TimeInterval>(0)

    func add(_ duration: Duration) {
        seconds.withLock { $0 += duration.timeInterval }
    }

    var total: TimeInterval { seconds.withLock { $0 } }
}
