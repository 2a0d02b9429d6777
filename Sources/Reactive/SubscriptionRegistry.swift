import Synchronization

/// The labelled subscriptions that are live, in the order they were made: what `subscriptions`
/// lists. A labelled subscription is added as it is made and removed as it is cancelled (or
/// released); one made without a label, or on a publisher whose source has no tracer, is not
/// kept. The registry belongs to the tracer labelled publishers are given (``EmissionTracer/subscriptions``),
/// so two shells — or two tests running at once — each keep their own.
///
/// Only making and cancelling a subscription touch it, never a value flowing.
public final class SubscriptionRegistry: Sendable {
    private struct State {
        var nextID = 0
        var live: [LiveSubscription] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// The live subscriptions, oldest first.
    public var live: [LiveSubscription] { state.withLock { $0.live } }

    /// Keeps a subscription just made, numbered after the last.
    public func add(owner: String, chain: [String]) -> LiveSubscription {
        state.withLock { state in
            state.nextID += 1
            let subscription = LiveSubscription(id: state.nextID, owner: owner, chain: chain)
            state.live.append(subscription)
            return subscription
        }
    }

    /// Forgets a subscription cancelled; returns it, or nil if it was forgotten already.
    @discardableResult
    public func remove(_ id: Int) -> LiveSubscription? {
        state.withLock { state in
            guard let index = state.live.firstIndex(where: { $0.id == id }) else { return nil }
            return state.live.remove(at: index)
        }
    }
}
