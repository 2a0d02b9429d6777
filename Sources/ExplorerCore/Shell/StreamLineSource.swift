import Foundation

/// Lines read plainly from a file descriptor (stdin when it is not a terminal): no prompt, no
/// editing. A line that is not valid UTF-8 or longer than ``LineInput/maximumLineLength`` bytes
/// is reported as unusable instead of being guessed at. Input that cannot be read (stdin is a
/// directory, an I/O error) ends the lines with ``readFailure`` saying why: it is not an empty
/// script.
@MainActor
public final class StreamLineSource: LineSource {
    private let file: UnsafeMutablePointer<FILE>
    private var number = 0
    /// Why reading stopped before the end of the input (`Is a directory`); nil at a true end.
    public private(set) var readFailure: String?
    private var buffer: UnsafeMutablePointer<CChar>?
    private var capacity = 0

    public init(file: UnsafeMutablePointer<FILE>) {
        self.file = file
    }

    /// Reads from an open descriptor, such as `STDIN_FILENO`; nil if it cannot be opened.
    public convenience init?(descriptor: Int32) {
        guard let file = fdopen(descriptor, "r") else { return nil }
        self.init(file: file)
    }

    isolated deinit {
        free(buffer)
    }

    public var numbersLines: Bool { true }

    public func nextLine(prompt: String) -> LineInput? {
        errno = 0
        let length = getline(&buffer, &capacity, file)
        guard length >= 0, let buffer else {
            if ferror(file) != 0 { readFailure = String(cString: strerror(errno == 0 ? EIO : errno)) }
            return nil
        }
        number += 1
        return .validating(UnsafeRawBufferPointer(start: buffer, count: length), number: number)
    }
}
