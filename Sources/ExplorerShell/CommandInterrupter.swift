import ExplorerCore
import Synchronization

/// Holds the task of the command that is running so that Ctrl-C (handled off the main actor)
/// can cancel it.
public final class CommandInterrupter: Sendable {
    private let current = Mutex<Task<Void, Never>?>(nil)

    public init() {}

    func begin(_ task: Task<Void, Never>) {
        current.withLock { $0 = task }
    }

    func end() {
        current.withLock { $0 = nil }
    }

    /// Whether a command is running now.
    public var isRunning: Bool {
        current.withLock { $0 != nil }
    }

    /// Cancels the running command; returns false when none was running.
    @discardableResult
    public func interrupt() -> Bool {
        current.withLock { task in
            guard let task else { return false }
            task.cancel()
            return true
        }
    }
}
