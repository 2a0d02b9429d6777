import ExplorerCore
import ExplorerText
import Foundation
import Synchronization

/// Where the shell writes: results to stdout, errors and traces to stderr, and (on a terminal)
/// a transient progress line that is erased before anything else is written.
///
/// Writes may come from any task (trace lines do). Each is a single `write` of the whole text,
/// so lines never interleave; the progress line's state is kept under a lock.
///
/// A write to stdout that fails (a full disk, a closed descriptor) is remembered
/// (``writeFailure``): nothing more is written there, the shell stops, and explorer exits with
/// `error: cannot write output: …` rather than pretending the output was written.
public final class ShellOutput: Sendable {
    /// Writes the text and returns 0, or the `errno` of the write that failed.
    private let writeOut: @Sendable (String) -> Int32
    private let writeError: @Sendable (String) -> Void
    /// Whether a transient status line is shown on stderr (a terminal, typing).
    public let showsProgress: Bool
    /// The width stderr's lines are wrapped to, at spaces, when stderr is a terminal (measured
    /// at each line, as screens are at each screen); nil: lines are written as they are.
    private let errorWidth: (@Sendable () -> Int?)?
    private let progressShown = Mutex(false)
    private let progressAllowed = Mutex(true)
    private let failedWith = Mutex<Int32?>(nil)

    public init(
        showsProgress: Bool = false,
        errorWidth: (@Sendable () -> Int?)? = nil,
        out: @escaping @Sendable (String) -> Void,
        error: @escaping @Sendable (String) -> Void
    ) {
        self.writeOut = { text in
            out(text)
            return 0
        }
        self.writeError = error
        self.showsProgress = showsProgress
        self.errorWidth = errorWidth
    }

    /// Output whose stdout writes report failure: `out` returns 0, or the `errno` it failed with.
    public init(
        showsProgress: Bool = false,
        errorWidth: (@Sendable () -> Int?)? = nil,
        checkedOut out: @escaping @Sendable (String) -> Int32,
        error: @escaping @Sendable (String) -> Void
    ) {
        self.writeOut = out
        self.writeError = error
        self.showsProgress = showsProgress
        self.errorWidth = errorWidth
    }

    /// Writes to the process's stdout and stderr; stderr's lines wrapped to `errorWidth`.
    public static func standard(showsProgress: Bool, errorWidth: (@Sendable () -> Int?)? = nil) -> ShellOutput {
        ShellOutput(
            showsProgress: showsProgress,
            errorWidth: errorWidth,
            checkedOut: { writeAll($0, to: STDOUT_FILENO) },
            error: { writeAll($0, to: STDERR_FILENO) }
        )
    }

    /// Why writing to stdout failed (`No space left on device`), once it has; nil while it has not.
    public var writeFailure: String? {
        failedWith.withLock { $0 }.map { String(cString: strerror($0)) }
    }

    /// Prints `text` and a newline to stdout.
    public func line(_ text: String) {
        write(text + "\n")
    }

    /// Prints `text` to stdout as it is.
    public func write(_ text: String) {
        clearProgress()
        guard failedWith.withLock({ $0 }) == nil else { return }
        let code = writeOut(text)
        if code != 0 { failedWith.withLock { $0 = $0 ?? code } }
    }

    /// Whether progress lines may be shown at all (not while screens are written as JSON or CSV).
    public var allowsProgress: Bool {
        get { progressAllowed.withLock { $0 } }
        set { progressAllowed.withLock { $0 = newValue } }
    }

    /// Whether stderr's lines are JSON objects, one a line (`--format json`), as stdout's are:
    /// `{"error":…}`, `{"warning":…}`, `{"trace":"request","text":…}`, so that `2>&1 | jq`
    /// reads both streams.
    public var diagnosticsAsJSON: Bool {
        get { jsonDiagnostics.withLock { $0 } }
        set { jsonDiagnostics.withLock { $0 = newValue } }
    }
    private let jsonDiagnostics = Mutex(false)

    /// `error: LOCATION: message`, or `{"error": message, …location}` in JSON (`location`: its
    /// text, and its members in JSON: `{"line": 3}`).
    public func error(_ message: String, at location: (text: String, json: JSONObject)? = nil) {
        guard diagnosticsAsJSON else {
            let prefix = location.map { "\($0.text.sanitizedForTerminal): " } ?? ""
            return errorLine("error: \(prefix)\(message.sanitizedForTerminal)")
        }
        var object: JSONObject = ["error": .string(message.sanitizedForTerminal)]
        if let location { object.merge(location.json) }
        errorLine(JSONWriter.string(.object(object)))
    }

    /// `warning: message`, or `{"warning": message}` in JSON.
    public func warning(_ message: String) {
        guard diagnosticsAsJSON else { return errorLine("warning: " + message.sanitizedForTerminal) }
        errorLine(JSONWriter.string(.object(["warning": .string(message.sanitizedForTerminal)])))
    }

    /// Prints `text` and a newline to stderr. On a terminal the current line is erased first,
    /// so the `^C` the terminal echoed does not run into the message. In JSON, a line that is not
    /// JSON already (the banner) is made one: `{"note": …}`.
    public func errorLine(_ text: String) {
        var text = text
        if diagnosticsAsJSON, !text.hasPrefix("{") {
            text = JSONWriter.string(.object(["note": .string(text)]))
        }
        clearProgress()
        let line = wrapped(text)
        linesBelowInPlace.withLock { below in
            writeError((showsProgress ? "\r\u{1B}[K" : "") + line + "\n")
            // Only stderr at the terminal is below a screen drawn in place (`2> trace.log` is not).
            if errorWidth != nil { below?.append(line) }
        }
    }

    /// While a screen is drawn in place (`watch` at a terminal), the lines written to stderr
    /// below it since it was drawn, as written (wrapped); nil while none is.
    private let linesBelowInPlace = Mutex<[String]?>(nil)

    /// Draws `text`, a screen, over the one drawn in place before it, `rows` rows tall (none:
    /// it starts below what is on the terminal), on a terminal `width` columns wide. What was
    /// written to stderr below the screen since it was drawn (a trace of the timers that ran
    /// meanwhile) is moved above the new one: the old screen is erased whole, heading and all,
    /// and those lines stay to be read, in the order they came, above the screen kept up to date.
    public func drawInPlace(_ text: String, over rows: Int, width: Int) {
        linesBelowInPlace.withLock { below in
            let moved = below ?? []
            let up = rows + moved.reduce(0) { $0 + Self.rows(of: $1, width: width) }
            if up > 0 { write("\u{1B}[\(up)F\u{1B}[J") }
            if !moved.isEmpty { writeError(moved.map { $0 + "\n" }.joined()) }
            write(text + "\n")
            below = []
        }
    }

    /// Nothing is drawn in place any more: stderr's lines stay where they are written.
    public func endInPlace() {
        linesBelowInPlace.withLock { $0 = nil }
    }

    /// The rows of the terminal `text` takes when written at `width` columns: each of its lines
    /// at least one, a longer line as many as it wraps into (colour and emphasis take none).
    static func rows(of text: String, width: Int) -> Int {
        let width = max(width, 1)
        return text.split(separator: "\n", omittingEmptySubsequences: false).reduce(0) { rows, line in
            rows + max(1, (columns(of: line) + width - 1) / width)
        }
    }

    /// The columns `line` takes, its escape sequences (`ESC [ 1 m`) left out.
    private static func columns(of line: Substring) -> Int {
        guard line.contains("\u{1B}") else { return String(line).displayWidth }
        var shown = ""
        var inSequence = false
        for scalar in line.unicodeScalars {
            if inSequence {
                // A control sequence ends with its final byte, `@` to `~`, after `ESC [`.
                if (0x40...0x7E).contains(scalar.value), scalar != "[" { inSequence = false }
            } else if scalar == "\u{1B}" {
                inSequence = true
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown.displayWidth
    }

    /// A line of text wrapped at spaces to the terminal stderr is, its later lines indented
    /// two columns (`error: line 3: HTTP 500 from swapi.dev for` / `  /api/starships/?page=1`);
    /// JSON, and text of several lines (a state's diff, laid out already), as it is. A line in
    /// a colour (a trace line's layer) is wrapped as its text, each line of it in that colour.
    private func wrapped(_ text: String) -> String {
        guard let width = errorWidth?(), !diagnosticsAsJSON, !text.contains("\n") else { return text }
        guard let (colour, plain) = Style.colouredWhole(text) else { return Self.wrapped(text, width: width).joined(separator: "\n") }
        let lines = Self.wrapped(plain, width: width)
        guard lines.count > 1 else { return text }
        return lines.map { line in
            let indent = line.prefix { $0 == " " }
            return indent + Style.colored.coloured(String(line.dropFirst(indent.count)), sgr: colour)
        }.joined(separator: "\n")
    }

    /// `text` in lines of at most `width` columns, broken at spaces, the lines after the first indented two columns.
    private static func wrapped(_ text: String, width: Int) -> [String] {
        guard text.displayWidth > width else { return [text] }
        let lines = FieldList.wrap(text, width: width)
        guard lines.count > 1 else { return [text] }
        return [lines[0]] + FieldList.wrap(lines.dropFirst().joined(separator: " "), width: max(width - 2, 1)).map { "  " + $0 }
    }

    /// Writes `text` to stderr as it is (a prompt, when stdout is not the terminal).
    public func errorText(_ text: String) {
        clearProgress()
        writeError(text)
    }

    /// Replaces the progress line (terminal only).
    public func progress(_ text: String) {
        guard showsProgress, allowsProgress else { return }
        progressShown.withLock { shown in
            writeError("\r\u{1B}[K" + text)
            shown = true
        }
    }

    /// Shows `text` as the progress line unless one is shown already (a more precise one).
    public func progressUnlessShown(_ text: String) {
        guard showsProgress, allowsProgress, !progressShown.withLock({ $0 }) else { return }
        progress(text)
    }

    public func clearProgress() {
        guard showsProgress else { return }
        progressShown.withLock { shown in
            if shown { writeError("\r\u{1B}[K") }
            shown = false
        }
    }
}

/// Writes every byte of `text` to `descriptor` (unbuffered, so stdout and stderr interleave in
/// the order they were written); 0, or the `errno` of the write that failed. Screens written
/// to a file (``OutputFile``) go the same way.
@discardableResult
func writeAll(_ text: String, to descriptor: Int32) -> Int32 {
    var text = text
    return text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if written == 0 { return EIO }
            offset += written
        }
        return 0
    }
}
