import ExplorerCore
import Foundation

/// Lines read plainly from a file descriptor (stdin when it is not a terminal): no prompt, no
/// editing. A line that is not valid UTF-8 or longer than ``LineInput/maximumLineLength`` bytes
/// is reported as unusable instead of being guessed at. Input that cannot be read (stdin is a
/// directory, an I/O error) ends the lines with ``readFailure`` saying why: it is not an empty
/// script.
///
/// A line is read only up to the limit: past it, the line is reported at once and the rest of
/// it is skipped, byte by byte, up to the next newline. So a line that never ends
/// (`explorer < /dev/zero`) costs a fixed buffer, never memory in proportion to its length.
@MainActor
public final class StreamLineSource: LineSource {
    private let file: UnsafeMutablePointer<FILE>
    private var number = 0
    /// Why reading stopped before the end of the input (`Is a directory`); nil at a true end.
    public private(set) var readFailure: String?
    /// The line being read: at most the limit, a `\r` and a `\n`.
    private var buffer: [UInt8] = []
    /// Set when a line was reported too long and its rest is still to be skipped.
    private var skippingRestOfLine = false

    public init(file: UnsafeMutablePointer<FILE>) {
        self.file = file
        buffer.reserveCapacity(LineInput.maximumLineLength + 2)
    }

    /// Reads from an open descriptor, such as `STDIN_FILENO`; nil if it cannot be opened.
    public convenience init?(descriptor: Int32) {
        guard let file = fdopen(descriptor, "r") else { return nil }
        self.init(file: file)
    }

    public var positions: LinePositions { .lines }

    public func nextLine(prompt: String) -> LineInput? {
        errno = 0
        if skippingRestOfLine {
            skippingRestOfLine = false
            guard skipToNextLine() else { return endOfInput() }
        }
        buffer.removeAll(keepingCapacity: true)
        // The limit, plus room for a line ending (`\r\n`) that is not counted.
        let most = LineInput.maximumLineLength + 2
        while true {
            let byte = getc_unlocked(file)
            if byte == EOF {
                guard !buffer.isEmpty else { return endOfInput() }
                break
            }
            buffer.append(UInt8(truncatingIfNeeded: byte))
            if byte == 0x0A { break }
            if buffer.count == most {
                number += 1
                skippingRestOfLine = true
                return .unusable(reason: LineInput.tooLong, number: number)
            }
        }
        number += 1
        return buffer.withUnsafeBytes { LineInput.validating($0, number: number) }
    }

    /// Reads up to and including the next newline; false at the end of the input.
    private func skipToNextLine() -> Bool {
        while true {
            let byte = getc_unlocked(file)
            if byte == EOF { return false }
            if byte == 0x0A { return true }
        }
    }

    private func endOfInput() -> LineInput? {
        if ferror(file) != 0 { readFailure = String(cString: strerror(errno == 0 ? EIO : errno)) }
        return nil
    }
}
