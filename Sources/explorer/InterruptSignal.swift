import ExplorerCore
import Foundation
import Synchronization

/// Ctrl-C at a terminal: cancels the running command, or drops the line being typed, instead
/// of ending explorer.
///
/// The signal may land on any thread, so the handler only does what is async-signal-safe: it
/// bumps an atomic count and writes a byte to a pipe (the self-pipe trick). The line editor
/// polls the pipe beside stdin; while a command runs, a watcher task turns a new count into
/// cancelling that command's task.
final class InterruptSignal: Sendable {
    /// Installs the handler for SIGINT. Only for interactive use: in a script Ctrl-C ends the run.
    init() {
        var descriptors: [Int32] = [0, 0]
        if pipe(&descriptors) == 0 {
            for descriptor in descriptors {
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            }
            interruptPipe.store(Int64(descriptors[0]) << 32 | Int64(descriptors[1]), ordering: .relaxed)
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            interruptCount.add(1, ordering: .relaxed)
            let pipe = interruptPipe.load(ordering: .relaxed)
            if pipe != 0 {
                var byte: UInt8 = 1
                _ = write(Int32(truncatingIfNeeded: pipe), &byte, 1)
            }
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGINT, &action, nil)
    }

    /// The read end of the pipe that becomes readable on Ctrl-C.
    var descriptor: Int32 {
        Int32(truncatingIfNeeded: interruptPipe.load(ordering: .relaxed) >> 32)
    }

    /// Whether a Ctrl-C came since the last call; clears it (and empties the pipe).
    @discardableResult
    func reset() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(descriptor, &buffer, buffer.count) > 0 {}
        return interruptCount.exchange(0, ordering: .relaxed) > 0
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
/// Read end in the high 32 bits, write end in the low 32 bits; 0 before the pipe exists.
private let interruptPipe = Atomic<Int64>(0)
