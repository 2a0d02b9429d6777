import Foundation
import Synchronization

/// A pipe whose writer, on a thread of its own, writes `prefix` bytes of `x`, then `suffix`,
/// and counts what it wrote. Nobody else reads the pipe, so once its buffer is full the count
/// tells how far a reader went into a long line: a reader that holds the whole line makes the
/// writer finish; one that stops at a limit leaves it blocked a pipe's buffer further on.
final class CountingStream: Sendable {
    private let prefix: Int
    private let suffix: [UInt8]
    private let written = Mutex(0)
    private let descriptors: (read: Int32, write: Int32)

    var bytesWritten: Int { written.withLock { $0 } }

    init(prefix: Int, then suffix: [UInt8]) {
        self.prefix = prefix
        self.suffix = suffix
        var ends: [Int32] = [0, 0]
        precondition(pipe(&ends) == 0, "pipe: \(errno)")
        descriptors = (ends[0], ends[1])
    }

    /// The reading end as a stdio stream, with the writer started.
    func open() -> UnsafeMutablePointer<FILE>? {
        let thread = Thread { [self] in write() }
        thread.start()
        return fdopen(descriptors.read, "r")
    }

    private func write() {
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 4096)
        var left = prefix
        while left > 0 {
            let count = min(left, chunk.count)
            guard Self.writeAll(descriptors.write, Array(chunk[..<count])) else { break }
            left -= count
            written.withLock { $0 += count }
        }
        if Self.writeAll(descriptors.write, suffix) { written.withLock { $0 += suffix.count } }
        close(descriptors.write)
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { return false }
            offset += count
        }
        return true
    }
}
