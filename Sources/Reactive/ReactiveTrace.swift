/// Where labelled observables report their emissions, for `trace on`.
///
/// The shell installs ``handler`` when tracing is switched on; with no handler installed,
/// emitting costs one nil check.
@MainActor
public enum ReactiveTrace {
    /// Called with the observable's label and a short summary of the value it emitted.
    public static var handler: (@MainActor (_ label: String, _ summary: String) -> Void)?

    static func emit<Value>(label: String, value: Value) {
        guard let handler else { return }
        handler(label, summary(of: value))
    }

    /// A short description: `TraceSummarizable` types describe themselves, collections by count.
    public nonisolated static func summary<Value>(of value: Value) -> String {
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
