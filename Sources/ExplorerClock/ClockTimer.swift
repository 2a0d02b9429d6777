/// A timer of a ``SchedulingClock``, repeating or once; cancelling it (or letting it go) stops it.
public final class ClockTimer: Sendable {
    let id: Int
    private weak let clock: SchedulingClock?

    init(id: Int, clock: SchedulingClock) {
        self.id = id
        self.clock = clock
    }

    public func cancel() {
        clock?.cancel(id)
    }

    deinit {
        clock?.cancel(id)
    }
}
