import ExplorerCore
import Foundation
import Synchronization

/// Ctrl-C at a terminal: cancels the running command instead of ending explorer.
///
/// The signal handler only counts (an atomic increment is async-signal-safe); while a command
/// runs, a watcher task turns a new count into cancelling that command's task.
final class InterruptSignal: Sendable {
    /// Installs the handler for SIGINT. Only for interactive use: in a script Ctrl-C ends the run.
    init() {
        signal(SIGINT) { _ in interruptCount.add(1, ordering: .relaxed) }
    }

    /// Whether a Ctrl-C came since the last call; clears it.
    @discardableResult
    func reset() -> Bool {
        interruptCount.exchange(0, ordering: .relaxed) > 0
    }

    /// Watches for Ctrl-C until cancelled, interrupting whatever command is running.
    func watch(_ interrupter: CommandInterrupter) -> Task<Void, Never> {
        Task.detached {
            while !Task.isCancelled {
                if interrupter.isRunning, interruptCount.exchange(0, ordering: .relaxed) > 0 {
                    interrupter.interrupt()
                }
                try? await Task.sleep(for: .milliseconds(20))
            }
        }
    }
}

private let interruptCount = Atomic<Int>(0)
