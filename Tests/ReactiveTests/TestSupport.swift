import Reactive

/// Collects what a subscriber receives. A reference type, so escaping `@MainActor`
/// closures can append to it without capturing a mutable local.
@MainActor
final class Recorder<Value> {
    var values: [Value] = []

    func record(_ value: Value) {
        values.append(value)
    }
}

/// Holds a subscription token so a callback can reach it (to cancel itself or another
/// subscription) before `sink` has returned it.
@MainActor
final class TokenBox {
    var token: AnyCancellable?
}

/// A ``Scheduler`` whose time moves only when a test says (``advance(by:)``): every wait it is
/// asked for, run and cancelled is logged, so a test asserts each one.
@MainActor
final class TestScheduler: Scheduler {
    private struct Wait {
        let id: Int
        let due: Duration
        let action: @MainActor () -> Void
    }

    private(set) var now = Duration.zero
    private var waits: [Wait] = []
    private var nextID = 0
    /// `wait 300 ms`, `cancel`, `run at 300 ms`, in order.
    private(set) var log: [String] = []

    func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> AnyCancellable {
        nextID += 1
        let id = nextID
        waits.append(Wait(id: id, due: now + delay, action: action))
        log.append("wait \(Self.text(delay))")
        return AnyCancellable { [weak self] in
            guard let self, let index = waits.firstIndex(where: { $0.id == id }) else { return }
            waits.remove(at: index)
            log.append("cancel")
        }
    }

    /// Moves time on, running each wait that falls due on the way, in the order they fall due.
    func advance(by duration: Duration) {
        let target = now + duration
        while let next = waits.filter({ $0.due <= target }).min(by: { ($0.due, $0.id) < ($1.due, $1.id) }) {
            waits.removeAll { $0.id == next.id }
            now = next.due
            log.append("run at \(Self.text(now))")
            next.action()
        }
        now = target
    }

    var pending: Int { waits.count }

    private static func text(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return "\(seconds * 1000 + attoseconds / 1_000_000_000_000_000) ms"
    }
}

/// An ``EmissionTracer`` that keeps labelled subscriptions and logs their making and cancelling
/// (`subscribe A → B`, `cancel A → B`) while it is tracing.
final class SubscriptionTracer: EmissionTracer, @unchecked Sendable {
    let registry = SubscriptionRegistry()
    var subscriptions: SubscriptionRegistry? { registry }
    var isTracing = true
    var events: [String] = []
    var emissions: [String] = []
    func emitted(_ label: String, summary: String) { emissions.append("\(label) ← \(summary)") }
    func subscribed(_ subscription: LiveSubscription) { events.append("subscribe \(subscription.chainText)") }
    func cancelled(_ subscription: LiveSubscription) { events.append("cancel \(subscription.chainText)") }

    /// The live subscriptions as `owner: chain`.
    var live: [String] { registry.live.map { "\($0.owner): \($0.chainText)" } }
}
