import Foundation
import Synchronization

/// `trace on|off`: when enabled, one line per request and per observable emission, written as
/// it happens (from any task) to the shell's output, prefixed `trace: `.
public final class Tracer: Sendable {
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
}
