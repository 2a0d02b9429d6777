import ExplorerClock
import Reactive

/// The app's clock as the ``Scheduler`` time-based operators wait on (`debounce`): each wait is a
/// timer of the clock that runs once, named as the feature names it (`itunes debounce`), so a
/// virtual clock moves through it without sleeping and `trace` says when it ran.
@MainActor
public struct ClockScheduler: Scheduler {
    public let clock: SchedulingClock
    /// The timers' name: `<feature id> <what waits>`.
    public let name: String

    public init(_ clock: SchedulingClock, name: String) {
        self.clock = clock
        self.name = name
    }

    public func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> AnyCancellable {
        let timer = clock.schedule(after: delay.timeInterval, name: name) { action() }
        return AnyCancellable { timer.cancel() }
    }
}
