import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
private typealias Glibc = Darwin
#endif

/// A child process with its stdin, stdout and stderr on pipes, started with `posix_spawn`.
///
/// Not Foundation's `Process`: every pipe here is made close-on-exec (under one lock with the
/// spawn itself, as glibc's `pipe2` is not visible to Swift), so when tests start processes
/// in parallel no child inherits another's pipe ends (an inherited stdin write end would keep
/// explorer waiting for an end of file that never comes while, say, a fake server lives).
/// The child gets a process group of its own so a timeout can kill all of it.
public final class Subprocess: @unchecked Sendable {
    public struct LaunchError: Error, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }

    public let pid: pid_t
    /// Parent ends of the pipes; -1 once closed.
    private(set) var stdinFD: Int32
    public let stdoutFD: Int32
    public let stderrFD: Int32
    private var reaped: Int32?
    private let lock = NSLock()

    /// Starts `executable`; in `directory` when given (else in this process's working directory).
    public init(executable: String, arguments: [String], environment: [String: String], directory: String? = nil) throws {
        Self.ignoreSIGPIPE
        Self.spawnLock.lock()
        defer { Self.spawnLock.unlock() }
        let stdinPipe = try Self.pipe()
        let stdoutPipe = try Self.pipe()
        let stderrPipe = try Self.pipe()
        defer {
            close(stdinPipe.read)
            close(stdoutPipe.write)
            close(stderrPipe.write)
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdinPipe.read, 0)
        posix_spawn_file_actions_adddup2(&actions, stdoutPipe.write, 1)
        posix_spawn_file_actions_adddup2(&actions, stderrPipe.write, 2)
        if let directory {
            let result = directory.withCString { path in Self.addChdir.map { $0(&actions, path) } ?? ENOSYS }
            guard result == 0 else {
                close(stdinPipe.write)
                close(stdoutPipe.read)
                close(stderrPipe.read)
                throw LaunchError(description: "cannot start \(executable) in \(directory): \(String(cString: strerror(result)))")
            }
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGQUIT, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var noMask = sigset_t()
        sigemptyset(&noMask)
        posix_spawnattr_setsigmask(&attributes, &noMask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else {
            close(stdinPipe.write)
            close(stdoutPipe.read)
            close(stderrPipe.read)
            throw LaunchError(description: "cannot start \(executable): \(String(cString: strerror(result)))")
        }
        self.pid = pid
        stdinFD = stdinPipe.write
        stdoutFD = stdoutPipe.read
        stderrFD = stderrPipe.read
    }

    deinit {
        closeStdin()
        close(stdoutFD)
        close(stderrFD)
    }

    /// Runs `executable` to the end: writes `stdin` (then closes it), collects stdout and
    /// stderr, and kills the whole process group if it is not done within `timeout` seconds.
    /// The blocking work happens on a thread of its own, not on the concurrency pool; at most
    /// ``ProcessSlots`` such processes run at once.
    public static func run(
        executable: String,
        arguments: [String],
        environment: [String: String],
        stdin: [UInt8] = [],
        directory: String? = nil,
        timeout: Double
    ) async throws -> ProcessOutput {
        await ProcessSlots.shared.acquire()
        let process: Subprocess
        do {
            process = try Subprocess(executable: executable, arguments: arguments, environment: environment, directory: directory)
        } catch {
            await ProcessSlots.shared.release()
            throw error
        }
        let output = await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: process.communicate(stdin: stdin, timeout: timeout))
            }
            thread.start()
        }
        await ProcessSlots.shared.release()
        return output
    }

    /// Feeds stdin and drains stdout and stderr with poll(2) until both reach end of file or
    /// the deadline passes; then reaps the process.
    public func communicate(stdin input: [UInt8], timeout: Double) -> ProcessOutput {
        let start = Date()
        let deadline = start.addingTimeInterval(timeout)
        var stdout: [UInt8] = []
        var stderr: [UInt8] = []
        var written = 0
        var openOutputs: Set<Int32> = [stdoutFD, stderrFD]
        var timedOut = false
        if input.isEmpty { closeStdin() } else { _ = fcntl(stdinFD, F_SETFL, fcntl(stdinFD, F_GETFL) | O_NONBLOCK) }
        var buffer = [UInt8](repeating: 0, count: 65536)

        while !openOutputs.isEmpty {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 {
                timedOut = true
                kill(-pid, SIGKILL)
                kill(pid, SIGKILL)
                break
            }
            var fds = openOutputs.sorted().map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if stdinFD >= 0 { fds.append(pollfd(fd: stdinFD, events: Int16(POLLOUT), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), Int32(min(remaining, 1) * 1000) + 1)
            if ready < 0 && errno != EINTR { break }
            for entry in fds where entry.revents != 0 {
                if entry.fd == stdinFD {
                    let count = input[written...].withUnsafeBytes { write(stdinFD, $0.baseAddress!, $0.count) }
                    if count > 0 { written += count }
                    if (count < 0 && errno != EAGAIN && errno != EINTR) || written == input.count { closeStdin() }
                    continue
                }
                let count = read(entry.fd, &buffer, buffer.count)
                if count > 0 {
                    if entry.fd == stdoutFD { stdout += buffer[..<count] } else { stderr += buffer[..<count] }
                } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                    openOutputs.remove(entry.fd)
                }
            }
        }
        closeStdin()
        let status = waitForExit()
        return ProcessOutput(stdout: stdout, stderr: stderr, status: status, timedOut: timedOut,
                             duration: Date().timeIntervalSince(start))
    }

    /// Reads stdout up to and including the first newline (for a server announcing its port),
    /// or nil if the process ends or `timeout` seconds pass first.
    public func readFirstLine(timeout: Double) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while deadline.timeIntervalSinceNow > 0 {
            var entry = pollfd(fd: stdoutFD, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 100) >= 0 || errno == EINTR else { return nil }
            guard entry.revents != 0 else { continue }
            guard read(stdoutFD, &byte, 1) == 1 else { return nil }
            if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
        return nil
    }

    /// Everything on stderr so far, without waiting (for explaining a failed start).
    public func availableStderr() -> String {
        _ = fcntl(stderrFD, F_SETFL, fcntl(stderrFD, F_GETFL) | O_NONBLOCK)
        var collected: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(stderrFD, &buffer, buffer.count)
            guard count > 0 else { break }
            collected += buffer[..<count]
        }
        return String(decoding: collected, as: UTF8.self)
    }

    public func closeStdin() {
        lock.lock()
        defer { lock.unlock() }
        if stdinFD >= 0 {
            close(stdinFD)
            stdinFD = -1
        }
    }

    /// Sends `signal` to the process (and its group), if it has not been reaped yet.
    public func send(signal: Int32) {
        lock.lock()
        defer { lock.unlock() }
        guard reaped == nil else { return }
        kill(-pid, signal)
        kill(pid, signal)
    }

    /// Waits for the process to end; its exit status, or 128 + the signal that ended it.
    @discardableResult
    public func waitForExit() -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        if let reaped { return reaped }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        let result = signal == 0 ? (status >> 8) & 0xff : 128 + signal
        reaped = result
        return result
    }

    /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29 and later), which its header
    /// declares only under `_GNU_SOURCE`, out of Swift's sight: looked up by name.
    private static let addChdir: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32).self)
    }()

    private static func pipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        let result = Glibc.pipe(&fds)
        if result == 0 { fds.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) } }
        guard result == 0 else {
            throw LaunchError(description: "pipe: \(String(cString: strerror(errno)))")
        }
        return (fds[0], fds[1])
    }

    /// Held from creating the pipes until the child is spawned, so that no other spawn (from
    /// this type) happens while a new pipe is not yet close-on-exec.
    private static let spawnLock = NSLock()

    /// A child that exits before reading all its stdin must not kill the test runner.
    private static let ignoreSIGPIPE: Void = {
        signal(SIGPIPE, SIG_IGN)
    }()
}
