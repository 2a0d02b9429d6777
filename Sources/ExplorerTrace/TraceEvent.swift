import Foundation

/// One thing the tracer was told: a request, an observable's emission, a view's render, or a
/// note (a retry, an injected fault), with when it happened. `arch <command>` records these
/// to draw the path a command took.
public struct TraceEvent: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case request, state, view, note
        /// A view model's intent began; recorded for `arch`, not printed.
        case intent
    }

    public var kind: Kind
    public var text: String
    /// Since the recording began.
    public var elapsed: Duration

    public init(_ kind: Kind, _ text: String, elapsed: Duration) {
        self.kind = kind
        self.text = text
        self.elapsed = elapsed
    }
}
