import Foundation
import Subprocess
#if canImport(System)
import System
#else
import SystemPackage
#endif

/// A program that runs beside a test — a fake server, explorer waiting for a signal — started
/// through swift-subprocess (see ``ChildProcess``) in a process group of its own: the test reads
/// the first line of its stdout, closes its stdin, signals it and waits for it to end.
///
/// swift-subprocess lends a running child out only inside a closure, so the child runs in a
/// task of its own that lives as long as the child and only waits for its end. Its stdin,
/// stdout and stderr are pipes this object holds: the first line is read on a thread of its
/// own, so that a server's port arrives however busy the concurrency pool is (through the
/// pool, one run of the suite had fake servers miss their port under load).
public final class RunningProcess: Sendable {
    public let pid: pid_t
    /// Seconds from asking to start the child to its running (spawning waits its turn).
    public let startDelay: Double
    private let stdin: LockedValue<Int32>
    private let stdout: Int32
    private let stderr: Int32
    private let errorText = LockedValue<[UInt8]>([])
    private let ended: LockedValue<Bool>
    private let run: Task<Int32, Never>

    /// Starts `executable` with `arguments` and exactly `environment`; returns once it runs.
    public init(executable: String, arguments: [String], environment: [String: String]) async throws {
        ChildProcess.ignoreSIGPIPE
        let asked = Date()
        let stdinPipe = try Self.pipe(), stdoutPipe = try Self.pipe(), stderrPipe = try Self.pipe()
        let ended = LockedValue(false)
        let started = LockedValue<CheckedContinuation<pid_t, any Error>?>(nil)
        let environment = ChildProcess.exactly(environment)

        var run: Task<Int32, Never>?
        do {
            pid = try await withCheckedThrowingContinuation { continuation in
                started.withLock { $0 = continuation }
                run = Task.detached(executorPreference: ProcessExecutor.shared) {
                    let status: Int32
                    do {
                        let result = try await Subprocess.run(
                            .path(FilePath(executable)), arguments: Arguments(arguments), environment: environment,
                            platformOptions: ChildProcess.options,
                            input: .fileDescriptor(stdinPipe.readEnd, closeAfterSpawningProcess: true),
                            output: .fileDescriptor(stdoutPipe.writeEnd, closeAfterSpawningProcess: true),
                            error: .fileDescriptor(stderrPipe.writeEnd, closeAfterSpawningProcess: true)
                        ) { execution in
                            started.withLock { $0.take() }?.resume(returning: execution.processIdentifier.value)
                        }
                        status = ChildProcess.status(result.terminationStatus)
                    } catch {
                        started.withLock { $0.take() }?.resume(throwing: SetupError("cannot run \(executable): \(error)"))
                        status = -1
                    }
                    ended.withLock { $0 = true }
                    return status
                }
            }
        } catch {
            for fd in [stdinPipe.writeEnd, stdoutPipe.readEnd, stderrPipe.readEnd] { try? fd.close() }
            throw error
        }
        startDelay = Date().timeIntervalSince(asked)
        stdin = LockedValue(stdinPipe.writeEnd.rawValue)
        stdout = stdoutPipe.readEnd.rawValue
        stderr = stderrPipe.readEnd.rawValue
        self.ended = ended
        self.run = run!
    }

    deinit {
        closeStdin()
        close(stdout)
        close(stderr)
    }

    /// The first line the child writes to stdout (for a server announcing its port), without
    /// its newline; nil if the child ends, or `timeout` seconds pass, first.
    public func firstLine(timeout: Double) async -> String? {
        await withCheckedContinuation { continuation in
            Thread { [self] in continuation.resume(returning: readFirstLine(timeout: timeout)) }.start()
        }
    }

    private func readFirstLine(timeout: Double) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while deadline.timeIntervalSinceNow > 0 {
            var entry = pollfd(fd: stdout, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 100) >= 0 || errno == EINTR else { return nil }
            guard entry.revents != 0 else { continue }
            guard read(stdout, &byte, 1) == 1 else { return nil }
            if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
        return nil
    }

    /// The kernel's word on the child (`/proc/PID/stat`'s state, `wchan`), for explaining a failure.
    public var kernelState: String {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? "?"
        let wchan = (try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8)) ?? "?"
        let state = stat.split(separator: ")").last?.split(separator: " ").first.map(String.init) ?? "?"
        return "state \(state), waiting in \(wchan)"
    }

    /// Whether the child has not ended yet, for explaining a failure.
    public var isRunning: Bool { !ended.value && kill(pid, 0) == 0 }

    /// What the child wrote to stderr so far, read without waiting (to explain a failed start).
    public var stderrSoFar: String {
        errorText.withLock { collected in
            _ = fcntl(stderr, F_SETFL, fcntl(stderr, F_GETFL) | O_NONBLOCK)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(stderr, &buffer, buffer.count)
                guard count > 0 else { break }
                collected += buffer[..<count]
            }
            return String(decoding: collected, as: UTF8.self)
        }
    }

    /// Ends the child's stdin: it reads an end of file.
    public func closeStdin() {
        stdin.withLock { fd in
            if fd >= 0 {
                close(fd)
                fd = -1
            }
        }
    }

    /// Sends `signal` to the child and its process group, unless it has ended.
    public func send(signal: Int32) {
        guard !ended.value else { return }
        kill(-pid, signal)
        kill(pid, signal)
    }

    /// Waits for the child to end: its exit status, or 128 + the signal that ended it.
    @discardableResult
    public func exitStatus() async -> Int32 {
        await run.value
    }

    /// Blocks until the child has ended, for a caller that cannot wait otherwise (`FakeSWAPI.stop()`
    /// runs in `defer` blocks, and must not return while the server still holds its port). It
    /// does not reap the child (`WNOWAIT`): that stays swift-subprocess's.
    public func waitForExit() {
        guard !ended.value else { return }
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
    }

    /// A pipe whose ends this process does not hand on: swift-subprocess closes every other
    /// descriptor in its children, but a test may start one with plain `posix_spawn`.
    private static func pipe() throws -> (readEnd: FileDescriptor, writeEnd: FileDescriptor) {
        let ends = try FileDescriptor.pipe()
        _ = fcntl(ends.readEnd.rawValue, F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends.writeEnd.rawValue, F_SETFD, FD_CLOEXEC)
        return ends
    }
}
