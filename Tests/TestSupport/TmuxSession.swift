import Foundation

/// A program running in a real terminal: a detached tmux session of its own (its own server,
/// on a socket inside the sandbox), sized `width` × `height`, that a test types into and
/// reads the screen of, as a user at a terminal would.
///
/// The program runs with exactly `environment` (plus `TERM`), not tmux's, under a shell that
/// notes its exit status, in ``workingDirectory``: an empty directory of the sandbox, so that
/// nothing a test types (into a pager, say) can write a file into the repository or wherever
/// the tests were started, and a test can check that nothing was written. Waiting is by
/// polling the screen for what the test expects, with a generous deadline: never a fixed sleep.
public final class TmuxSession: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }

    public let sandbox: Sandbox
    /// The directory the program starts in: `work` in the sandbox, empty at the start.
    public let workingDirectory: URL
    private let socket: String
    private let tmuxEnvironment: [String: String]
    private let statusFile: URL
    private var stopped = false

    /// Starts `command`, an executable and its arguments (`["/bin/sh", "-c", "… > out.txt"]`
    /// for a redirection).
    public init(_ command: [String], environment: [String: String], term: String = "screen",
                width: Int = 80, height: Int = 24, in sandbox: Sandbox) async throws {
        self.sandbox = sandbox
        workingDirectory = sandbox.file("work")
        try FileManager.default.createDirectory(at: workingDirectory, withIntermediateDirectories: true)
        socket = sandbox.file("tmux.sock").path
        let configuration = sandbox.file("tmux.conf")
        try sandbox.write("""
            set -g remain-on-exit on
            set -g status off
            set -g history-limit 10000
            set -g escape-time 0
            """, to: configuration.lastPathComponent)
        tmuxEnvironment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": sandbox.path,
            "TMUX_TMPDIR": sandbox.path,
        ]
        var programEnvironment = environment
        programEnvironment["TERM"] = term
        let assignments = programEnvironment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        // The exit status goes to a file: tmux 3.3 loses the pane's status when the program's
        // exit and the terminal's end of file come together. The shell in between survives
        // Ctrl-C (its trap) and hands the program a default SIGINT, as a login shell would.
        statusFile = sandbox.file("tmux-exit-status")
        let wrapper = "trap : INT; \"$@\"; echo $? > '\(statusFile.path)'"
        try await tmux(["-f", configuration.path, "new-session", "-d", "-s", "test", "-c", workingDirectory.path,
                        "-x", String(width), "-y", String(height), "--", "/usr/bin/env", "-i"]
                       + assignments + ["/bin/sh", "-c", wrapper, "sh"] + command)
    }

    deinit {
        if !stopped {
            // Best effort: tests call `stop()`; a failed test may not reach it.
            let (socket, environment) = (socket, tmuxEnvironment)
            Task.detached {
                _ = try? await ChildProcess.run(executable: TestPaths.tmux, arguments: ["-S", socket, "kill-server"],
                                                environment: environment, timeout: 5)
            }
        }
    }

    /// The names in ``workingDirectory`` now, sorted: what the program (or a program it ran)
    /// wrote where it was started.
    public func filesWritten() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: workingDirectory.path).sorted()
    }

    /// Ends the session and its server, and the program if it still runs.
    public func stop() async {
        stopped = true
        _ = try? await tmux(["kill-server"])
    }

    /// Types `text` literally (no key names; a leading `-` too).
    public func type(_ text: String) async throws {
        try await tmux(["send-keys", "-t", "test", "-l", "--", text])
    }

    /// Types `line` and Enter.
    public func enter(_ line: String) async throws {
        try await type(line)
        try await press("Enter")
    }

    /// Presses keys by tmux name: `Enter`, `Tab`, `C-c`, `C-d`, `q`; a string that names no
    /// key is typed as it is (`press("use characters", "Enter", "sort name", "Enter")` types
    /// both lines at once, as a user typing ahead does).
    public func press(_ keys: String...) async throws {
        try await press(keys)
    }

    /// Presses `keys`, named as for the variadic `press`.
    public func press(_ keys: [String]) async throws {
        try await tmux(["send-keys", "-t", "test"] + keys)
    }

    /// The screen now, trailing blank lines dropped; with `escapes`, SGR escapes (bold,
    /// colour) kept.
    public func screen(escapes: Bool = false) async throws -> String {
        var arguments = ["capture-pane", "-p", "-t", "test"]
        if escapes { arguments.append("-e") }
        let text = try await tmux(arguments)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while let last = lines.last, last.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// Everything the pane has shown, its history scrolled off the top included.
    public func scrollback() async throws -> String {
        try await tmux(["capture-pane", "-p", "-S", "-", "-t", "test"])
    }

    /// Waits until `condition` holds for the screen, and returns that screen; fails with the
    /// last screen seen when it does not within `timeout` seconds.
    @discardableResult
    public func waitFor(_ what: String, timeout: Double = 15, escapes: Bool = false,
                        _ condition: (String) -> Bool) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        repeat {
            last = try await screen(escapes: escapes)
            if condition(last) { return last }
            try await Task.sleep(for: .milliseconds(40))
        } while Date() < deadline
        throw Failure(description: "waited \(timeout) s for \(what); the screen:\n\(last)")
    }

    /// Waits until the screen shows `text`.
    @discardableResult
    public func waitFor(_ text: String, timeout: Double = 15) async throws -> String {
        try await waitFor("“\(text)”", timeout: timeout) { $0.contains(text) }
    }

    /// Waits for the program to end and returns its exit status.
    public func exitStatus(timeout: Double = 15) async throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if let text = try? String(contentsOf: statusFile, encoding: .utf8), text.hasSuffix("\n"),
               let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return status
            }
            try await Task.sleep(for: .milliseconds(40))
        } while Date() < deadline
        throw Failure(description: "the program did not exit within \(timeout) s; the screen:\n\(try await screen())")
    }

    /// Resizes the window, as a user dragging the terminal's corner would (the program gets
    /// SIGWINCH).
    public func resize(width: Int, height: Int) async throws {
        try await tmux(["resize-window", "-t", "test", "-x", String(width), "-y", String(height)])
    }

    @discardableResult
    private func tmux(_ arguments: [String]) async throws -> String {
        let output = try await ChildProcess.run(executable: TestPaths.tmux, arguments: ["-S", socket] + arguments,
                                              environment: tmuxEnvironment, timeout: 10)
        guard output.status == 0, !output.timedOut else {
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed (\(output.status)): \(output.stderrText)")
        }
        return output.stdoutText
    }
}
