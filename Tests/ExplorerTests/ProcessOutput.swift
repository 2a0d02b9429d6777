import Foundation

/// What a finished ``Subprocess`` left behind.
struct ProcessOutput: Sendable {
    var stdout: [UInt8]
    var stderr: [UInt8]
    /// The exit status, or 128 + the signal that ended the process.
    var status: Int32
    /// Whether it had to be killed for taking too long.
    var timedOut: Bool
    /// Seconds from start to exit.
    var duration: Double

    /// stdout as text; invalid UTF-8 shows as U+FFFD.
    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    var stderrText: String { String(decoding: stderr, as: UTF8.self) }
}
