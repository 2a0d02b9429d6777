/// A stream of events with no current value — the in-house `PassthroughSubject`.
///
/// Subscribers receive only the values sent after they subscribed. Delivery order and
/// re-entrancy follow the same rules as ``Observable``.
@MainActor
public final class PassthroughStream<Value>: Publisher {
    public typealias Output = Value

    private let subscribers = SubscriberList<Value>()
    public let traceLabel: String?

    public init(traceLabel: String? = nil) {
        self.traceLabel = traceLabel
    }

    public var subscriberCount: Int { subscribers.count }

    public func send(_ value: Value) {
        if let traceLabel { ReactiveTrace.emit(label: traceLabel, value: value) }
        subscribers.send(value)
    }

    public func sink(_ receive: @escaping @MainActor (Value) -> Void) -> AnyCancellable {
        subscribers.add(receive)
    }
}
