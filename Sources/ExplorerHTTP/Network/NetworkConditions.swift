import ExplorerClock
import ExplorerText
import Foundation
import Synchronization

/// What `net` injects into every request of every feature, whichever the source: a latency
/// (with jitter) before each answer, and faults that make matching requests fail. One instance
/// is shared by all the client stacks of a run (see ``FaultInjectingHTTPClient``).
public final class NetworkConditions: Sendable {
    public struct Latency: Sendable, Equatable {
        public var milliseconds: Int
        /// Each delay is `milliseconds` plus or minus up to this, at random.
        public var jitter: Int

        public init(milliseconds: Int, jitter: Int = 0) {
            self.milliseconds = milliseconds
            self.jitter = jitter
        }
    }

    /// What happens to one request.
    public struct Plan: Sendable, Equatable {
        public var delay: Int = 0
        public var fault: NetworkFault?
    }

    private struct State {
        var latency: Latency?
        var faults: [NetworkFault] = []
    }

    private let state = Mutex(State())

    public init(latency: Latency? = nil, faults: [NetworkFault] = []) {
        state.withLock {
            $0.latency = latency
            $0.faults = faults
        }
    }

    public var latency: Latency? {
        get { state.withLock { $0.latency } }
        set { state.withLock { $0.latency = newValue } }
    }

    /// The faults in force, first added first: a request meets the first that applies to it.
    public var faults: [NetworkFault] { state.withLock { $0.faults } }

    public var isEmpty: Bool { state.withLock { $0.latency == nil && $0.faults.isEmpty } }

    public func add(_ fault: NetworkFault) {
        state.withLock { $0.faults.append(fault) }
    }

    public func clear() {
        state.withLock { $0 = State() }
    }

    /// What to do with `request`: its delay, and the fault it meets (counted: a fault with a
    /// number of times left is used up by the requests it applies to).
    public func plan(for request: HTTPRequest) -> Plan {
        state.withLock { state in
            var plan = Plan()
            if let latency = state.latency {
                let jitter = latency.jitter > 0 ? Int.random(in: -latency.jitter...latency.jitter) : 0
                plan.delay = max(latency.milliseconds + jitter, 0)
            }
            if let index = state.faults.firstIndex(where: { $0.applies(to: request) }) {
                var fault = state.faults[index]
                if let remaining = fault.remaining {
                    fault.remaining = remaining - 1
                    if remaining <= 1 { state.faults.remove(at: index) } else { state.faults[index] = fault }
                }
                plan.fault = fault
            }
            return plan
        }
    }
}

extension NetworkConditions.Latency {
    /// `800 ms ± 200 ms`.
    public var description: String {
        jitter > 0 ? "\(milliseconds) ms ± \(jitter) ms" : "\(milliseconds) ms"
    }
}
