import ExplorerCore
import Foundation

/// Lines typed at a terminal while explorer's output goes elsewhere (`explorer > out.txt`,
/// `explorer | tee log`): read plainly, as `sqlite3 | tee` reads them — no line editing, no
/// history — with the prompt on stderr, so the file or the pipe gets only the screens.
///
/// It waits on stdin and on the interrupt pipe together: Ctrl-C at the prompt drops the line
/// being typed (the terminal has already thrown it away) and asks for a new one.
@MainActor
public final class TerminalLineSource: LineSource {
    private let descriptor: Int32
    private let interruptDescriptor: Int32
    private let acknowledgeInterrupt: @MainActor () -> Void
    private let showPrompt: @MainActor (String) -> Void
    private var pending: [UInt8] = []
    private var number = 0
    private var atEnd = false

    /// - Parameters:
    ///   - descriptor: where the lines come from (stdin).
    ///   - interruptDescriptor: readable after Ctrl-C; `acknowledgeInterrupt` empties it.
    ///   - showPrompt: writes the prompt (to stderr when it is a terminal, else nowhere).
    public init(descriptor: Int32 = STDIN_FILENO, interruptDescriptor: Int32,
                acknowledgeInterrupt: @escaping @MainActor () -> Void,
                showPrompt: @escaping @MainActor (String) -> Void) {
        self.descriptor = descriptor
        self.interruptDescriptor = interruptDescriptor
        self.acknowledgeInterrupt = acknowledgeInterrupt
        self.showPrompt = showPrompt
    }

    /// A person is typing: errors name no line.
    public var positions: LinePositions { .unnumbered }

    public func nextLine(prompt: String) -> LineInput? {
        showPrompt(prompt)
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                return take(upTo: newline + 1)
            }
            if atEnd {
                if pending.isEmpty {
                    showPrompt("\n")  // Ctrl-D: end the prompt's line, as a shell does
                    return nil
                }
                return take(upTo: pending.count)
            }
            var descriptors = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: interruptDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&descriptors, interruptDescriptor >= 0 ? 2 : 1, -1) < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if descriptors.count > 1, descriptors[1].revents != 0 {
                acknowledgeInterrupt()
                pending.removeAll()
                showPrompt("\n")
                return .interrupted
            }
            if descriptors[0].revents == 0 { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                atEnd = true
            } else if count == 0 {
                atEnd = true
            } else {
                pending += buffer[..<count]
            }
        }
    }

    private func take(upTo end: Int) -> LineInput {
        number += 1
        let line = Array(pending[..<end])
        pending.removeFirst(end)
        return line.withUnsafeBytes { LineInput.validating($0, number: number) }
    }
}
