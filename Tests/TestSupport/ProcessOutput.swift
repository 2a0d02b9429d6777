import Foundation

/// What a program run to its end (``ChildProcess``) left behind.
public struct ProcessOutput: Sendable {
    public var stdout: [UInt8]
    public var stderr: [UInt8]
    /// The exit status, or 128 + the signal that ended the process.
    public var status: Int32
    /// Whether it had to be killed for taking too long.
    public var timedOut: Bool
    /// Seconds from start to exit.
    public var duration: Double

    /// stdout as text; invalid UTF-8 shows as U+FFFD.
    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
}
