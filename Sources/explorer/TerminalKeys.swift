import Foundation

/// Waits for a key at the terminal without Enter (for `watch`): stdin is switched out of line
/// mode and echo for the wait only, so Ctrl-C still interrupts and the prompt afterwards is
/// as it was. The key is consumed.
enum TerminalKeys {
    static func wait(seconds: TimeInterval) -> Bool {
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return false }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(max(seconds, 0) * 1000)) > 0, descriptor.revents & Int16(POLLIN) != 0 else { return false }
        var byte: UInt8 = 0
        return read(STDIN_FILENO, &byte, 1) == 1
    }
}
