import Foundation
import Testing
import TestSupport

/// Local input that could take over the terminal (escapes in flags and paths), and standard
/// descriptors that cannot be used (stdout on a full disk or closed, stdin a directory or
/// closed): what transcripts cannot set up. Each needs a shell to arrange the descriptors.
@Suite("Hostile flags and unusable descriptors")
struct HostileInputTests {
    /// Whether `text` holds anything a terminal would act on (C0/C1 controls but the final
    /// newlines, DEL, bidirectional overrides).
    private static func isSafe(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            scalar == "\n" || !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                                 || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value))
        }
    }

    static let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[2J\nrm -rf\u{202E}"

    /// Runs `command` with `/bin/sh -c`, `$0` being explorer and `$1` the sandbox's data directory.
    private func shell(_ command: String, in sandbox: Sandbox) async throws -> ProcessOutput {
        try FileManager.default.createDirectory(atPath: sandbox.dataDirectory, withIntermediateDirectories: true)
        return try await ChildProcess.run(
            executable: "/bin/sh", arguments: ["-c", command, TestPaths.explorer, sandbox.dataDirectory],
            environment: sandbox.environment, timeout: Explorer.processTimeout)
    }

    // MARK: Escapes in flags and paths

    @Test("an unknown flag full of escapes is one harmless line, then the usage, status 64")
    func unknownFlagIsSanitized() async throws {
        let output = try await Explorer.run(["--frob" + Self.hostile], script: "features\n", in: try Sandbox("hostile-flag"))
        #expect(output.status == 64)
        #expect(Self.isSafe(output.stderrText), "\(output.stderrText.debugDescription)")
        let lines = output.stderrText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "Error: Unknown option '--frob]0;pwned[2J rm -rf'")
        #expect(lines.dropFirst().first?.hasPrefix("Usage: explorer ") == true)
        #expect(lines.count == 4, "the error, the usage, the hint and the final newline: \(lines)")
        #expect(output.stdoutText == "")
    }

    @Test("a bad flag value with escapes is sanitized; help is printed as ArgumentParser prints it")
    func badValueIsSanitizedHelpIsNot() async throws {
        let sandbox = try Sandbox("hostile-value")
        let output = try await Explorer.run(["--format", "json" + Self.hostile], script: "", in: sandbox)
        #expect(output.status == 64)
        #expect(Self.isSafe(output.stderrText), "\(output.stderrText.debugDescription)")
        #expect(output.stderrText.hasPrefix("Error: The value 'json]0;pwned[2J rm -rf' is invalid for '--format <text|json|csv>'"))

        let help = try await Explorer.run(["--help"], script: "", in: sandbox)
        #expect(help.status == 0)
        #expect(help.stdoutText.hasPrefix("OVERVIEW: Explore "))
        #expect(help.stdoutText.contains("\nUSAGE: explorer [--source embedded|live]"))
        #expect(help.stderrText == "")
    }

    @Test("a --config path with escapes and a newline is one harmless line, status 78")
    func configPathIsSanitized() async throws {
        let sandbox = try Sandbox("hostile-config-path")
        let path = sandbox.file("no such" + Self.hostile + ".json").path
        let output = try await Explorer.run(["--config", path], script: "features\n", in: sandbox)
        #expect(output.status == 78)
        #expect(Self.isSafe(output.stderrText), "\(output.stderrText.debugDescription)")
        #expect(output.stderrText == "error: \(sandbox.path)/no such]0;pwned[2J rm -rf.json: $: cannot read the file (No such file or directory)\n")
    }

    @Test("--data-dir with escapes that cannot be used: whatever is said about it is harmless")
    func dataDirectoryIsSanitized() async throws {
        let sandbox = try Sandbox("hostile-data-dir")
        try sandbox.write("not a directory", to: "file")
        let output = try await Explorer.run(["--data-dir", sandbox.file("file").path + "/x" + Self.hostile], script: "use starships\nfav 1\n",
                                            in: sandbox)
        #expect(Self.isSafe(output.stderrText), "\(output.stderrText.debugDescription)")
        #expect(Self.isSafe(output.stdoutText), "\(output.stdoutText.debugDescription)")
    }

    // MARK: Descriptors

    @Test("stdout on a full disk: error: cannot write output, status 1")
    func fullDisk() async throws {
        let output = try await shell(#"exec "$0" --data-dir "$1" -c features -c features > /dev/full"#, in: try Sandbox("dev-full"))
        #expect(output.stderrText == "error: cannot write output: No space left on device\n")
        #expect(output.status == 1)
    }

    @Test("stdout closed: error: cannot write output, status 1")
    func closedStdout() async throws {
        let output = try await shell(#"exec "$0" --data-dir "$1" -c features >&-"#, in: try Sandbox("stdout-closed"))
        #expect(output.stderrText == "error: cannot write output: Bad file descriptor\n")
        #expect(output.status == 1)
    }

    @Test("stdin a directory is an error, not an empty script")
    func stdinIsADirectory() async throws {
        let output = try await shell(#"exec "$0" --data-dir "$1" < "$1""#, in: try Sandbox("stdin-directory"))
        #expect(output.stderrText == "error: cannot read stdin: Is a directory\n")
        #expect(output.status == 1)
    }

    @Test("stdin closed is an error too, with a message")
    func closedStdin() async throws {
        let output = try await shell(#"exec "$0" --data-dir "$1" <&-"#, in: try Sandbox("stdin-closed"))
        #expect(output.stderrText == "error: cannot read stdin: Bad file descriptor\n")
        #expect(output.status == 1)
    }

    @Test("with stdin closed, -c commands still run")
    func closedStdinWithCommands() async throws {
        let output = try await shell(#"exec "$0" --data-dir "$1" -c "use starships" <&-"#, in: try Sandbox("stdin-closed-c"))
        #expect(output.stderrText == "")
        #expect(output.stdoutText.hasPrefix("Starships · page 1 of 4"))
        #expect(output.status == 0)
    }
}
