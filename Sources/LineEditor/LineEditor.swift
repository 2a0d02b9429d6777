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
        rl_catch_signals = 1
        rl_attempted_completion_function = complete
        rl_completer_word_break_characters = Self.wordBreaks
        stifle_history(Self.historyLimit)
        if let historyFile {
            let directory = (historyFile as NSString).deletingLastPathComponent
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            read_history(historyFile)
        }
    }

    /// Shows `prompt` and returns what was typed. Lines that are not blank go into the history.
    public func readLine(prompt: String) -> Input {
        guard let pointer = readline(prompt) else {
            return .endOfInput
        }
        defer { free(pointer) }
        let line = String(cString: pointer)
        if !line.trimmingCharacters(in: .whitespaces).isEmpty {
            add_history(line)
            if let historyFile { write_history(historyFile) }
        }
        return .line(line)
    }

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
        let entries = candidates.count == 1 ? candidates : [prefix] + candidates
        let array = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: entries.count + 1)
        for (index, entry) in entries.enumerated() { array[index] = strdup(entry) }
        array[entries.count] = nil
        return array
    }

    nonisolated static func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first else { return "" }
        for word in words.dropFirst() {
            while !word.hasPrefix(prefix) { prefix.removeLast() }
        }
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
