import Foundation
import Synchronization

/// Writes a recording: the header when it starts, then each answer as one line appended with
/// one `write`, so a recording cut short by a crash loses at most the line being written.
///
/// The file is locked (`flock`) for as long as it is recorded to: a second explorer asked to
/// record to it is refused at once rather than interleaving lines with the first. A recording
/// starts the file afresh.
public final class TapeRecorder: Sendable {
    public let path: String
    /// The file's name as the user gave it, for messages (`demo.rec`).
    public let name: String
    private let state: Mutex<(descriptor: Int32, lines: Int)>

    /// Starts recording to `path` with `header` as its first line.
    public init(path: String, name: String? = nil, header: TapeHeader) throws(TapeError) {
        self.path = path
        self.name = name ?? path
        let shown = self.name
        let descriptor = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC | O_NONBLOCK, 0o644)
        guard descriptor >= 0 else { throw TapeError("cannot record to \(shown): \(String(cString: strerror(errno)))") }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw TapeError("cannot record to \(shown): not a file")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw TapeError(busy ? "cannot record to \(shown): another explorer is recording to it" : "cannot record to \(shown): \(reason)")
        }
        // Only a new file, or one of explorer's recordings, is written over: never a file typed
        // by mistake (`record README.md`, the database).
        var first = [UInt8](repeating: 0, count: 4096)
        let start = pread(descriptor, &first, first.count, 0)
        if start > 0 {
            let line = first.prefix(start).prefix { $0 != 0x0A }
            guard (try? JSONDecoder().decode(TapeHeader.self, from: Data(line)))?.format == TapeHeader.formatName else {
                close(descriptor)
                throw TapeError("cannot record to \(shown): it is not a recording (explorer records to a new file or over one of its recordings)")
            }
        }
        guard ftruncate(descriptor, 0) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw TapeError("cannot record to \(shown): \(reason)")
        }
        state = Mutex((descriptor, 0))
        guard let line = Self.line(header) else { throw TapeError("cannot record to \(shown): the header cannot be written") }
        if let failure = state.withLock({ Self.write(line, to: &$0) }) {
            stop()
            throw TapeError("cannot record to \(shown): \(failure)")
        }
    }

    deinit { stop() }

    /// How many answers are recorded so far.
    public var answerCount: Int { state.withLock { max($0.lines - 1, 0) } }

    /// Appends `answer`; returns the line it is on, or nil when it could not be written (a full
    /// disk: the answer is still given to the feature, only not recorded).
    @discardableResult
    public func append(_ answer: TapeAnswer) -> Int? {
        guard let line = Self.line(answer) else { return nil }
        return state.withLock { state in
            guard state.descriptor >= 0, Self.write(line, to: &state) == nil else { return nil }
            return state.lines
        }
    }

    /// Stops recording: unlocks and closes the file.
    public func stop() {
        state.withLock { state in
            guard state.descriptor >= 0 else { return }
            close(state.descriptor)  // closing releases the lock
            state.descriptor = -1
        }
    }

    private static func line(_ value: some Encodable) -> Data? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard var data = try? encoder.encode(value) else { return nil }
        data.append(0x0A)
        return data
    }

    /// Writes the whole line with one call (O_APPEND: at the end, whatever else writes); nil, or why not.
    /// A line written in part (a full disk) is cut off again, so the next line starts on a line of its own.
    private static func write(_ line: Data, to state: inout (descriptor: Int32, lines: Int)) -> String? {
        let end = lseek(state.descriptor, 0, SEEK_END)
        let written = line.withUnsafeBytes { Foundation.write(state.descriptor, $0.baseAddress, $0.count) }
        guard written == line.count else {
            let reason = written < 0 ? String(cString: strerror(errno)) : "only \(written) of \(line.count) bytes written"
            if end >= 0 { _ = ftruncate(state.descriptor, end) }
            return reason
        }
        state.lines += 1
        return nil
    }
}
