import Dispatch
import ExplorerCore
import ExplorerShell
import Foundation
import Synchronization

/// Ctrl-C at a terminal: cancels the running command, or drops the line being typed, instead
/// of ending explorer.
///
/// The signal may land on any thread, so the handler only does what is async-signal-safe: it
/// bumps an atomic count and writes a byte to each of two pipes (the self-pipe trick). The line
/// editor polls the first beside stdin; a dispatch source waits on the second and, when a
/// command is running, cancels it. Nothing wakes up until a signal arrives.
final class InterruptSignal: Sendable {
    /// Installs the handler for SIGINT. Only for interactive use: in a script Ctrl-C ends the run.
    init() {
        interruptPipes.store(Self.makePipe() << 32 | Self.makePipe(), ordering: .relaxed)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            interruptCount.add(1, ordering: .relaxed)
            let pipes = interruptPipes.load(ordering: .relaxed)
            guard pipes != 0 else { return }
            var byte: UInt8 = 1
            _ = write(Int32(truncatingIfNeeded: (pipes >> 48) & 0xFFFF), &byte, 1)
            _ = write(Int32(truncatingIfNeeded: (pipes >> 16) & 0xFFFF), &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGINT, &action, nil)
    }

    /// A non-blocking, close-on-exec pipe, as `write end << 16 | read end` (0 if it cannot be made).
    private static func makePipe() -> Int64 {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { return 0 }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        return Int64(descriptors[1]) << 16 | Int64(descriptors[0])
    }

    /// The read end of the line editor's pipe, readable after a Ctrl-C.
    var descriptor: Int32 {
        Int32(truncatingIfNeeded: (interruptPipes.load(ordering: .relaxed) >> 32) & 0xFFFF)
    }

    /// The read end of the watcher's pipe.
    private var watcherDescriptor: Int32 {
        Int32(truncatingIfNeeded: interruptPipes.load(ordering: .relaxed) & 0xFFFF)
    }

    /// Whether a Ctrl-C came since the last call; clears it (and empties the editor's pipe).
    @discardableResult
    func reset() -> Bool {
        Self.drain(descriptor)
        return interruptCount.exchange(0, ordering: .relaxed) > 0
    }

    private static func drain(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(descriptor, &buffer, buffer.count) > 0 {}
    }

    /// Cancels whatever command is running each time Ctrl-C is pressed, until the returned
    /// source is cancelled. It waits on the watcher's pipe: no polling.
    func watch(_ interrupter: CommandInterrupter) -> DispatchSourceRead {
        let descriptor = watcherDescriptor
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .global())
        source.setEventHandler {
            Self.drain(descriptor)
            if interrupter.isRunning, interruptCount.exchange(0, ordering: .relaxed) > 0 {
                interrupter.interrupt()
            }
        }
        source.resume()
        return source
    }
}

private let interruptCount = Atomic<Int>(0)
/// The editor's pipe in the high 32 bits, the watcher's in the low 32; each as
/// `write end << 16 | read end`. 0 before the pipes exist.
private let interruptPipes = Atomic<Int64>(0)
