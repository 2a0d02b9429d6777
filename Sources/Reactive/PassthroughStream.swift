/// A stream of events with no current value — the in-house `PassthroughSubject`.
///
/// Subscribers receive only the values sent after they subscribed. Delivery order and
/// re-entrancy follow the same rules as ``Observable``.
@MainActor
public final class PassthroughStream<Value>: Publisher {
    public typealias Output = Value

    private let subscribers = SubscriberList<Value>()
    public let traceLabel: String?
    private let tracer: (any EmissionTracer)?

    public init(traceLabel: String? = nil, tracer: (any EmissionTracer)? = nil) {
        self.traceLabel = traceLabel
        self.tracer = tracer
    }

    public var subscriberCount: Int { subscribers.count }

    /// Its label, where it has one: the start of what is derived from it.
    public var chain: PublisherChain {
        traceLabel.map { PublisherChain(stages: [$0], tracer: tracer) } ?? PublisherChain()
    }

    public func send(_ value: Value) {
        ReactiveTrace.emit(value, label: traceLabel, to: tracer)
        subscribers.send(value)
    }

    public func sink(_ receive: @escaping @MainActor (Value) -> Void) -> AnyCancellable {
        subscribers.add(receive)
    }
}
