import Foundation
import Synchronization

/// Reads a key at the terminal without Enter (for `watch` and `step`): stdin is switched out of
/// line mode and echo for the read only, so Ctrl-C still interrupts and the prompt afterwards is
/// as it was. The key is consumed.
///
/// The terminal is put back however the read ends: on return, and — should SIGTERM, SIGHUP or SIGQUIT
/// end explorer in the middle of one — by ``restoreForSignal()``, which the termination
/// handler calls.
enum TerminalKeys {
    /// Waits up to `seconds` for a key; whether one was pressed.
    static func wait(seconds: TimeInterval) -> Bool {
        !key(within: seconds).isEmpty
    }

    /// The bytes of the key pressed within `seconds` (`\n` for Enter, `ESC [ C` for →, `q`),
    /// or none.
    static func key(within seconds: TimeInterval) -> [UInt8] {
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return [] }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        savedForSignal.pointee = saved
        isRaw.store(true, ordering: .sequentiallyConsistent)
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        defer {
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            isRaw.store(false, ordering: .sequentiallyConsistent)
        }
        guard waitForInput(seconds) else { return [] }
        var bytes = [UInt8](repeating: 0, count: 8)
        let count = bytes.withUnsafeMutableBytes { buffer in
            // One byte: keys pressed in quick succession (Enter twice) are read one at a time.
            var count = read(STDIN_FILENO, buffer.baseAddress, 1)
            // Escape alone, or the start of a key's sequence (→ is `ESC [ C`): the rest, if it comes.
            if count == 1, buffer[0] == 0x1B, waitForInput(0.03) {
                count += max(read(STDIN_FILENO, buffer.baseAddress! + 1, buffer.count - 1), 0)
            }
            return count
        }
        return count > 0 ? Array(bytes[..<count]) : []
    }

    /// Puts the terminal back as it was before a read that is under way: async-signal-safe
    /// (an atomic load and `tcsetattr`), for a handler of a signal that ends explorer.
    static func restoreForSignal() {
        guard isRaw.load(ordering: .sequentiallyConsistent) else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, savedForSignal)
    }

    private static func waitForInput(_ seconds: TimeInterval) -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, Int32(max(seconds, 0) * 1000)) > 0 && descriptor.revents & Int16(POLLIN) != 0
    }

    /// The terminal's settings before the read under way, where a signal handler can reach
    /// them without allocating: made once, never freed.
    private nonisolated(unsafe) static let savedForSignal: UnsafeMutablePointer<termios> = {
        let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        pointer.initialize(to: termios())
        return pointer
    }()
    /// Whether a read has the terminal raw now.
    private static let isRaw = Atomic<Bool>(false)
}
