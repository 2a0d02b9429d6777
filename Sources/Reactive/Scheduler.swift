/// What time-based operators (``Publisher/debounce(for:on:)``) wait on: in explorer the app's
/// clock, live or virtual (the kit's `ClockScheduler` over `SchedulingClock`), so that a test
/// or a script moves time on instead of sleeping.
@MainActor
public protocol Scheduler {
    /// Runs `action` once, `delay` from now, unless the returned token is cancelled first.
    func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> AnyCancellable
}
