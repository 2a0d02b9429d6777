/// Where labelled observables report their emissions, for `trace on`: given to each observable
/// that should be traced (the shell's tracer), never a process-wide handler, so two shells — or
/// two tests running at once — each see only their own.
public protocol EmissionTracer: Sendable {
    /// Whether emissions are reported now; checked first, so an untraced emission costs one check.
    var isTracing: Bool { get }
    /// An observable labelled `label` emitted a value, described in one short line.
    func emitted(_ label: String, summary: String)
    /// Whether each change of a labelled observable's value is reported whole (`trace state`).
    var isTracingState: Bool { get }
    /// An observable labelled `label` went from `old` to `new` (asked only while ``isTracingState``).
    func changed(_ label: String, from old: Any, to new: Any)
    /// An intent began: `StarshipsViewModel.showPage(_:)`, named by the code that runs it.
    func intent(_ name: String)
    /// Where labelled subscriptions to the publishers given this tracer are kept while they
    /// last (`subscriptions` lists them); nil: they are not kept.
    var subscriptions: SubscriptionRegistry? { get }
    /// A labelled subscription was made (told only while ``isTracing``).
    func subscribed(_ subscription: LiveSubscription)
    /// A labelled subscription was cancelled, or released (told only while ``isTracing``).
    func cancelled(_ subscription: LiveSubscription)
}

extension EmissionTracer {
    public var isTracingState: Bool { false }
    public func changed(_ label: String, from old: Any, to new: Any) {}
    public func intent(_ name: String) {}
    public var subscriptions: SubscriptionRegistry? { nil }
    public func subscribed(_ subscription: LiveSubscription) {}
    public func cancelled(_ subscription: LiveSubscription) {}
}

/// How emissions are described in traces.
public enum ReactiveTrace {
    /// A short description: `TraceSummarizable` types describe themselves, collections by count.
    public static func summary<Value>(of value: Value) -> String {
        if let described = value as? any TraceSummarizable { return described.traceSummary }
        if let text = value as? String {
            return text.count > 60 ? String(text.prefix(59)) + "…" : text
        }
        if let collection = value as? any Collection {
            return collection.count == 1 ? "1 item" : "\(collection.count) items"
        }
        let text = String(describing: value)
        return text.count > 60 ? String(text.prefix(59)) + "…" : text
    }

    static func emit<Value>(_ value: Value, label: String?, to tracer: (any EmissionTracer)?) {
        guard let label, let tracer, tracer.isTracing else { return }
        tracer.emitted(label, summary: summary(of: value))
    }
}

/// A value that knows how to describe itself in one short trace line.
public protocol TraceSummarizable {
    var traceSummary: String { get }
}

extension Optional: TraceSummarizable {
    public var traceSummary: String {
        switch self {
        case .none: "nil"
        case .some(let wrapped): ReactiveTrace.summary(of: wrapped)
        }
    }
}
