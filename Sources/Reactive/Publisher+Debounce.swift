extension Publisher {
    /// Passes a value on only once `interval` has gone by on `scheduler` without another: a
    /// burst of values (keys typed into a search field) becomes its last one, after the pause.
    /// Each value restarts the wait; cancelling the subscription drops a value still waiting.
    public func debounce(for interval: Duration, on scheduler: some Scheduler) -> AnyPublisher<Output> {
        AnyPublisher(chain: chain.then("debounce(\(Self.describe(interval)))")) { receive in
            let waiting = PendingValue()
            let upstream = self.sink { value in
                waiting.timer?.cancel()
                waiting.timer = scheduler.schedule(after: interval) {
                    waiting.timer = nil
                    receive(value)
                }
            }
            return AnyCancellable {
                upstream.cancel()
                waiting.timer?.cancel()
                waiting.timer = nil
            }
        }
    }

    /// `0.3 s`, `2 s`, to the millisecond.
    nonisolated static func describe(_ interval: Duration) -> String {
        let (seconds, attoseconds) = interval.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        var fraction = String(milliseconds % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(milliseconds / 1000)\(fraction.isEmpty ? "" : "." + fraction) s"
    }
}

/// Per-subscription memory of `debounce`: the wait for the last value.
@MainActor
private final class PendingValue {
    var timer: AnyCancellable?
}
