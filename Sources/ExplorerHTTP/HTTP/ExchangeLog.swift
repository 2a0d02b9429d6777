import Synchronization

/// The last requests each feature's service made, newest first, for `raw`: kept by the tracing
/// layer of every client stack, ``capacity`` a feature.
public final class ExchangeLog: Sendable {
    private let exchanges = Mutex<[String: [HTTPExchange]]>([:])
    public let capacity: Int

    public init(capacity: Int = 12) {
        self.capacity = capacity
    }

    func record(_ exchange: HTTPExchange, feature: String) {
        exchanges.withLock { all in
            var recent = all[feature] ?? []
            recent.insert(exchange, at: 0)
            if recent.count > capacity { recent.removeLast(recent.count - capacity) }
            all[feature] = recent
        }
    }

    /// `feature`'s requests, newest first.
    public func recent(for feature: String) -> [HTTPExchange] {
        exchanges.withLock { $0[feature] ?? [] }
    }
}
