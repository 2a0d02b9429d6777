/// A current value that tells its subscribers when it changes — the in-house `CurrentValueSubject`.
///
/// A new subscriber receives the current value at once, then every value assigned after it.
/// Assigning `value` always notifies, even when the new value equals the old one; use
/// ``Publisher/removeDuplicates()`` downstream to skip repeats.
///
/// Re-entrancy: assigning `value` from inside a subscriber updates `value` immediately, but the
/// notification is queued behind the one in progress (see ``SubscriberList``), so every subscriber
/// sees the values in the order they were assigned.
///
/// Give an observable a `traceLabel` (such as `"StarshipsViewModel.state"`) and a ``EmissionTracer``
/// to have its emissions reported — that is how `trace on` shows data flowing. Its ``chain``
/// starts with that label; while a labelled subscription feeds it (``Publisher/assign(to:owner:)``,
/// ``Publisher/sink(owner:feeding:_:)``), with that subscription's chain before the label, so
/// that what subscribes to it is listed with where its values come from.
@MainActor
public final class Observable<Value>: Publisher {
    public typealias Output = Value

    private let subscribers = SubscriberList<Value>()
    public let traceLabel: String?
    private let tracer: (any EmissionTracer)?

    public var value: Value {
        didSet {
            assignments &+= 1
            ReactiveTrace.emit(value, label: traceLabel, to: tracer)
            if let traceLabel, let tracer, tracer.isTracingState { tracer.changed(traceLabel, from: oldValue, to: value) }
            subscribers.send(value)
        }
    }

    /// How many values were assigned since it was made: that the value may have changed since
    /// it was last read is told by this number, without comparing values (`history` keeps a
    /// state again only when it moved on).
    public private(set) var assignments = 0

    public init(_ value: Value, traceLabel: String? = nil, tracer: (any EmissionTracer)? = nil) {
        self.value = value
        self.traceLabel = traceLabel
        self.tracer = tracer
    }

    /// Tells the tracer that an intent of the value's owner began (`arch <command>` names it).
    public func reportIntent(_ name: String) {
        if let tracer, tracer.isTracing { tracer.intent(name) }
    }

    /// The stages of the labelled subscription that feeds it, if one does, and which one.
    var feeder: (id: Int, stages: [String])?

    public var chain: PublisherChain {
        guard let traceLabel else { return PublisherChain() }
        return PublisherChain(stages: (feeder?.stages ?? []) + [traceLabel], tracer: tracer)
    }

    /// How many subscriptions are live; for tests and diagnostics.
    public var subscriberCount: Int { subscribers.count }

    public func sink(_ receive: @escaping @MainActor (Value) -> Void) -> AnyCancellable {
        let token = subscribers.add(receive)
        receive(value)
        return token
    }
}
