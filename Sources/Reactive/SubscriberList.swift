/// The delivery engine shared by ``Observable`` and ``PassthroughStream``.
///
/// Semantics (tested in `SubscriberListTests`):
/// - Values are delivered synchronously, to subscribers in the order they subscribed.
/// - A value sent while another is being delivered (re-entrancy) is queued and delivered after
///   the current one has reached every subscriber, so all subscribers see the same order.
/// - A subscriber cancelled during a delivery receives nothing further, not even the value
///   being delivered if it has not reached it yet.
/// - A subscriber added during a delivery receives only values sent after it subscribed.
@MainActor
final class SubscriberList<Value> {
    private struct Entry {
        let id: Int
        /// The sequence number of the last value sent before this subscriber joined.
        let joinedAfter: Int
        let receive: @MainActor (Value) -> Void
    }

    private var entries: [Entry] = []
    private var nextID = 0
    private var lastSequence = 0
    private var queue: [(sequence: Int, value: Value)] = []
    private var isDelivering = false

    var count: Int { entries.count }

    func add(_ receive: @escaping @MainActor (Value) -> Void) -> AnyCancellable {
        nextID += 1
        let id = nextID
        entries.append(Entry(id: id, joinedAfter: lastSequence, receive: receive))
        return AnyCancellable { [weak self] in
            self?.entries.removeAll { $0.id == id }
        }
    }

    func send(_ value: Value) {
        lastSequence += 1
        guard !isDelivering else {
            queue.append((lastSequence, value))
            return
        }
        isDelivering = true
        defer { isDelivering = false }
        deliver(value, sequence: lastSequence)
        while !queue.isEmpty {
            let (sequence, value) = queue.removeFirst()
            deliver(value, sequence: sequence)
        }
    }

    /// Delivers the value sent as `sequence` to each subscriber that joined before it.
    private func deliver(_ value: Value, sequence: Int) {
        for id in entries.map({ $0.id }) {  // (a closure: a key path here is built at run time on every send)
            // Looked up again each time: an earlier subscriber may have cancelled this one.
            guard let entry = entries.first(where: { $0.id == id }),
                  entry.joinedAfter < sequence else { continue }
            entry.receive(value)
        }
    }
}
