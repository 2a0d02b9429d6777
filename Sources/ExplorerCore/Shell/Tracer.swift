import Foundation
import Reactive
import Synchronization

/// `trace on|off`: when enabled, one line per request, per observable emission and per view
/// render, written as it happens (from any task) to stderr, prefixed `trace: `, so stdout
/// holds only screens.
public final class Tracer: EmissionTracer {
    private let state: Mutex<Bool>
    private let write: @Sendable (String) -> Void

    public init(enabled: Bool = false, write: @escaping @Sendable (String) -> Void) {
        self.state = Mutex(enabled)
        self.write = write
    }

    public var isEnabled: Bool {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }

    public func log(_ message: @autoclosure () -> String) {
        guard isEnabled else { return }
        write("trace: \(message().sanitizedForTerminal)")
    }

    public var isTracing: Bool { isEnabled }

    public func emitted(_ label: String, summary: String) {
        log("\(label) ← \(summary)")
    }
}
