import Foundation
import Subprocess
#if canImport(System)
import System
#else
import SystemPackage
#endif

/// A program that runs beside a test — a fake server, explorer waiting for a signal — started
/// through swift-subprocess (see ``ChildProcess``) in a process group of its own: the test reads
/// its stdout line by line, closes its stdin, signals it and waits for it to end.
///
/// swift-subprocess lends a running child out only inside a closure, so the child runs in a
/// task of its own that lives as long as the child (on ``ProcessExecutor``'s threads); this
/// object is the test's handle on it.
public final class RunningProcess: Sendable {
    public let pid: pid_t
    /// The write end of the child's stdin; -1 once closed.
    private let stdin: LockedValue<Int32>
    private let lines: AsyncStream<String>
    private let errorText: LockedValue<[UInt8]>
    private let ended: LockedValue<Bool>
    private let run: Task<Int32, Never>

    /// Starts `executable` with `arguments` and exactly `environment`; returns once it runs.
    public init(executable: String, arguments: [String], environment: [String: String]) async throws {
        ChildProcess.ignoreSIGPIPE
        let pipe = try FileDescriptor.pipe()
        _ = fcntl(pipe.writeEnd.rawValue, F_SETFD, FD_CLOEXEC)
        let (lines, addLine) = AsyncStream<String>.makeStream()
        let errorText = LockedValue<[UInt8]>([])
        let ended = LockedValue(false)
        let started = LockedValue<CheckedContinuation<pid_t, any Error>?>(nil)
        let environment = Environment.custom(Dictionary(uniqueKeysWithValues: environment.map {
            (Environment.Key(stringLiteral: $0.key), $0.value)
        }))

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
                            input: .fileDescriptor(pipe.readEnd, closeAfterSpawningProcess: true),
                            output: .sequence, error: .sequence
                        ) { execution in
                            started.withLock { $0.take() }?.resume(returning: execution.processIdentifier.value)
                            try await withThrowingTaskGroup(of: Void.self) { group in
                                group.addTask {
                                    for try await line in execution.standardOutput.strings() { addLine.yield(line) }
                                }
                                group.addTask {
                                    for try await buffer in execution.standardError {
                                        buffer.withUnsafeBytes { bytes in errorText.withLock { $0 += bytes } }
                                    }
                                }
                                try await group.waitForAll()
                            }
                        }
                        status = switch result.terminationStatus {
                        case .exited(let code): code
                        case .signaled(let signal): 128 + signal
                        }
                    } catch {
                        started.withLock { $0.take() }?.resume(throwing: SetupError("cannot run \(executable): \(error)"))
                        status = -1
                    }
                    addLine.finish()
                    ended.withLock { $0 = true }
                    return status
                }
            }
        } catch {
            try? pipe.writeEnd.close()
            throw error
        }
        stdin = LockedValue(pipe.writeEnd.rawValue)
        self.lines = lines
        self.errorText = errorText
        self.ended = ended
        self.run = run!
    }

    deinit {
        closeStdin()
    }

    /// The first line the child writes to stdout (for a server announcing its port), or nil if
    /// it ends, or `timeout` seconds pass, first.
    public func firstLine(timeout: Double) async -> String? {
        let lines = self.lines
        return await Task.detached(executorPreference: ProcessExecutor.shared) {
            await withTaskGroup(of: String?.self) { group in
                group.addTask {
                    for await line in lines { return line }
                    return nil
                }
                group.addTask {
                    try? await Task.sleep(for: .seconds(timeout))
                    return nil
                }
                let first = await group.next() ?? nil
                group.cancelAll()
                return first
            }
        }.value
    }

    /// What the child wrote to stderr so far (to explain a failed start).
    public var stderrSoFar: String {
        String(decoding: errorText.value, as: UTF8.self)
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
}
