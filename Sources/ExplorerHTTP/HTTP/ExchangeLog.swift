import Synchronization

/// The last requests each feature's service made, newest first, for `raw`: kept by the tracing
/// layer of every client stack, ``capacity`` a feature, their bodies as long as they fit in
/// ``bodyBudget`` a feature (newest first; an older body is let go, what was said of it kept).
public final class ExchangeLog: Sendable {
    private let exchanges = Mutex<[String: [HTTPExchange]]>([:])
    /// The feature whose request came last.
    private let latest = Mutex<String?>(nil)
    public let capacity: Int
    public let bodyBudget: Int

    public init(capacity: Int = 64, bodyBudget: Int = 512 << 10) {
        self.capacity = capacity
        self.bodyBudget = bodyBudget
    }

    func record(_ exchange: HTTPExchange, feature: String) {
        exchanges.withLock { all in
            // Taken out of the dictionary while it changes: held there too, the list would be
            // copied whole for each exchange.
            var recent = all.removeValue(forKey: feature) ?? []
            recent.insert(exchange, at: 0)
            if recent.count > capacity { recent.removeLast(recent.count - capacity) }
            // The newest answer's body is always kept (up to HTTPExchange.maxKeptBytes).
            var kept = 0
            for index in recent.indices where recent[index].isBodyKept {
                kept += recent[index].size
                if index > 0, kept > bodyBudget { recent[index].dropBody() }
            }
            all[feature] = recent
        }
        latest.withLock { $0 = feature }
    }

    /// The feature whose request came last (one whose `use` failed, say); nil before any.
    public var latestFeature: String? { latest.withLock { $0 } }

    /// `feature`'s requests, newest first.
    public func recent(for feature: String) -> [HTTPExchange] {
        exchanges.withLock { $0[feature] ?? [] }
    }
}
