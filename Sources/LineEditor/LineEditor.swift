@preconcurrency import CEditline
import Foundation

/// Interactive line input through libedit: a prompt, line editing, history that persists in a
/// file, and tab completion answered by a Swift closure.
///
/// libedit is process-global C state and its callbacks are C function pointers that cannot
/// capture context, so there is one editor per process and it reaches its completion closure
/// through a static. Use it from the main thread only.
@MainActor
public final class LineEditor {
    public enum Input: Equatable {
        case line(String)
        /// Ctrl-D on an empty line, or the terminal went away.
        case endOfInput
        /// Ctrl-C while typing: the line was dropped.
        case interrupted
    }

    /// Returns the candidates for the word being typed, given the line up to the cursor.
    public typealias Completer = @MainActor (_ lineBeforeCursor: String) -> [String]

    nonisolated(unsafe) private static var completer: Completer?
    private let historyFile: String?
    public static let historyLimit: Int32 = 1000

    /// - Parameters:
    ///   - historyFile: where history is read from and saved; nil keeps none.
    ///   - completer: answers tab completion.
    public init(historyFile: String?, completer: @escaping Completer) {
        self.historyFile = historyFile
        Self.completer = completer
        Self.useUTF8Locale()
        rl_readline_name = UnsafePointer(Self.programName)
        rl_initialize()
        rl_catch_signals = 0
        rl_attempted_completion_function = complete
        // libedit lists candidates sorted as text whatever rl_sort_completion_matches says; the
        // completer gives row numbers one width (01 … 10) so that text order is number order.
        // Both: libedit takes the word being completed from the basic set, whose default
        // breaks at `=` (and `filter eye=b` must complete as one word).
        rl_completer_word_break_characters = Self.wordBreaks
        rl_basic_word_break_characters = UnsafePointer(Self.wordBreaks)
        stifle_history(Self.historyLimit)
        if let historyFile {
            // Its folder, found by the last `/` (Foundation's path functions trap on some
            // one-character names, `EXPLORER_HISTFILE=h`); a bare name is in the working directory.
            if let slash = historyFile.utf8.lastIndex(of: UInt8(ascii: "/")), slash != historyFile.utf8.startIndex {
                try? FileManager.default.createDirectory(atPath: String(historyFile[..<slash]), withIntermediateDirectories: true)
            }
            read_history(historyFile)
            if history_length > 0, let last = history_get(history_base + history_length - 1), let text = last.pointee.line {
                lastHistoryLine = String(cString: text)
            }
        }
    }

    /// Shows `prompt` and returns what was typed. Lines that are not blank go into the history.
    ///
    /// libedit's callback interface is used rather than `readline()`, so that this loop owns
    /// the wait for input: when `interruptDescriptor` becomes readable (the Ctrl-C handler
    /// writes to it), the half-typed line is dropped, as in other shells, and `onInterrupt`
    /// is called to acknowledge it.
    public func readLine(prompt: String, interruptDescriptor: Int32, onInterrupt: () -> Void) -> Input {
        Self.received = nil
        rl_callback_handler_install(prompt, lineReceived)
        defer { rl_callback_handler_remove() }
        while true {
            var descriptors = [
                pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                pollfd(fd: interruptDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&descriptors, interruptDescriptor >= 0 ? 2 : 1, -1) < 0 {
                if errno == EINTR { continue }
                return .endOfInput
            }
            // Keys typed before Ctrl-C are read first, in the order typed: when both are waiting
            // (a busy machine wakes late), the line shows what was typed, then is dropped,
            // rather than the keys being lost unseen as the terminal leaves raw mode.
            if descriptors[0].revents & Int16(POLLIN | POLLHUP | POLLERR) == 0 {
                guard descriptors[1].revents != 0 else { continue }
                onInterrupt()
                rl_replace_line("", 0)
                finish()
                return .interrupted
            }
            rl_callback_read_char()
            guard let received = Self.received else { continue }
            guard let line = received else {
                finish()
                return .endOfInput
            }
            if Self.belongsInHistory(line, after: lastHistoryLine) {
                add_history(line)
                lastHistoryLine = line
                if let historyFile { write_history(historyFile) }
            }
            return .line(line)
        }
    }

    /// The line last added to the history (or read from the file), so a repeat is not added again.
    private var lastHistoryLine: String?

    /// As shells do: not blank lines, not a line that repeats the one before it, and not one
    /// that starts with a space (a way to keep a line out of the history).
    nonisolated static func belongsInHistory(_ line: String, after previous: String?) -> Bool {
        !line.trimmingCharacters(in: .whitespaces).isEmpty && line != previous && !line.hasPrefix(" ")
    }

    /// The line libedit handed to ``lineReceived`` (nil inside: Ctrl-D), or nil while typing.
    nonisolated(unsafe) fileprivate static var received: String??

    /// Writes a newline, as the terminal expects after Ctrl-D (libedit does not echo one).
    public func finish() {
        FileHandle.standardOutput.write(Data("\n".utf8))
    }

    nonisolated(unsafe) private static let programName: UnsafeMutablePointer<CChar> = strdup("explorer")!
    nonisolated(unsafe) private static let wordBreaks: UnsafeMutablePointer<CChar> = strdup(" \t;")!

    /// libedit needs a UTF-8 locale to edit non-ASCII text; take the environment's, or C.UTF-8.
    private static func useUTF8Locale() {
        if let current = setlocale(LC_CTYPE, ""), String(cString: current).uppercased().contains("UTF") { return }
        if setlocale(LC_CTYPE, "C.UTF-8") == nil { setlocale(LC_CTYPE, "en_US.UTF-8") }
    }

    /// The C completion callback: asks the Swift completer and hands libedit a NULL-terminated,
    /// malloc'd array whose first entry is the longest common prefix of the matches.
    fileprivate nonisolated static func matches(text: String, lineBeforeCursor: String) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        rl_attempted_completion_over = 1
        guard let completer else { return nil }
        let candidates = MainActor.assumeIsolated { completer(lineBeforeCursor) }
        guard !candidates.isEmpty else { return nil }
        let prefix = commonPrefix(candidates)
        // `filter eye=` wants the value next, not a space; `run scripts/` a name in the directory.
        let continues = candidates.count == 1 && (candidates[0].hasSuffix("=") || candidates[0].hasSuffix("/"))
        rl_completion_append_character = continues ? 0 : 32
        // Always [common prefix, match, …, NULL], even for one match: libedit reads the third
        // slot to detect a single match (and then appends a space).
        let entries = [prefix] + candidates
        let array = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: entries.count + 1)
        for (index, entry) in entries.enumerated() { array[index] = strdup(entry) }
        array[entries.count] = nil
        return array
    }

    /// The longest common prefix of the matches, which libedit writes in place of the word.
    /// Never one that ends in a backslash escaping nothing (`a\ b` and `a\;c` share `a\`):
    /// that backslash would escape whatever is typed next.
    nonisolated static func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first else { return "" }
        for word in words.dropFirst() {
            while !word.hasPrefix(prefix) { prefix.removeLast() }
        }
        if words.count > 1, prefix.reversed().prefix(while: { $0 == "\\" }).count % 2 == 1 { prefix.removeLast() }
        return prefix
    }
}

private func complete(_ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    var before = ""
    if let buffer = rl_line_buffer {
        let bytes = UnsafeRawBufferPointer(start: buffer, count: Int(max(end, 0)))
        before = String(decoding: bytes, as: UTF8.self)
    }
    return LineEditor.matches(text: text.map { String(cString: $0) } ?? "", lineBeforeCursor: before)
}

/// libedit's line callback: keeps the line and blanks the prompt, because libedit redraws the
/// prompt right after this returns, before the command's output would appear.
private func lineReceived(_ line: UnsafeMutablePointer<CChar>?) {
    LineEditor.received = .some(line.map { String(cString: $0) })
    free(line)
    rl_set_prompt("")
}
