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
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw TapeError("cannot record to \(shown): \(String(cString: strerror(errno)))") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw TapeError(busy ? "cannot record to \(shown): another explorer is recording to it" : "cannot record to \(shown): \(reason)")
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
    private static func write(_ line: Data, to state: inout (descriptor: Int32, lines: Int)) -> String? {
        let written = line.withUnsafeBytes { Foundation.write(state.descriptor, $0.baseAddress, $0.count) }
        guard written == line.count else {
            return written < 0 ? String(cString: strerror(errno)) : "only \(written) of \(line.count) bytes written"
        }
        state.lines += 1
        return nil
    }
}
