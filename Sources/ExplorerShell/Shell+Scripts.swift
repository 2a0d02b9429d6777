import ExplorerCore
import Foundation

extension Shell {
    /// Runs the script files given on the command line (`explorer FILE…`), in order, each as
    /// `run FILE` would; stops at `quit`, or with `--bail` at the first failure. A file that
    /// cannot be read is one error and the next still runs. `-` is stdin, by convention: its
    /// lines run as `explorer < FILE` runs them (errors `line N: …`), so a script can be piped
    /// in after `-c` commands or between files. Returns the exit status, counting every
    /// failure so far (those of `-c` run before included).
    public func run(scripts names: [String]) async -> Int32 {
        for name in names where !isStopped {
            if name == "-" {
                await runStandardInput()
                continue
            }
            do {
                try await runScript(name)
            } catch {
                report(error, at: nil)
                if options.bail { bailed = true }
            }
        }
        return exitStatus
    }

    /// The lines of stdin as a script file; stdin that cannot be read (a directory) is one
    /// failure, as a file that cannot be read is.
    private func runStandardInput() async {
        guard let lines = StreamLineSource(descriptor: STDIN_FILENO) else {
            report(CommandError("cannot read stdin: \(String(cString: strerror(errno)))"), at: nil)
            if options.bail { bailed = true }
            return
        }
        _ = await run(lines)
        if let failure = lines.readFailure {
            report(CommandError("cannot read stdin: \(failure)"), at: nil)
            if options.bail { bailed = true }
        }
    }

    /// `run FILE`: every line of the file, as if typed in a script (`;`, comments and quotes
    /// as usual), its errors reported as `error: FILE:LINE: …`. Stops at `quit` (which leaves
    /// explorer) and, with `--bail`, at the first failure; throws ``ScriptFailure`` when any of
    /// its commands failed (each already reported), or why the file cannot run at all.
    func runScript(_ name: String) async throws {
        let script = try ScriptFile(name)
        try scripts.enter(name, path: script.resolvedPath)
        defer { scripts.leave() }
        let failuresBefore = failureCount
        var failed = false
        while !isStopped, let input = script.lines.nextLine(prompt: "") {
            let succeeded: Bool
            switch input {
            case .interrupted:
                continue
            case .unusable(let reason, let number):
                report(CommandError(reason), at: .file(name, line: number))
                succeeded = false
            case .line(let text, let number):
                succeeded = await execute(text, at: .file(name, line: number), inScript: true)
            }
            // Ctrl-C cancelled the `run` (at a terminal): the rest of the file does not run.
            try Task.checkCancellation()
            if !succeeded {
                failed = true
                if options.bail { break }
            }
        }
        try endScript(name, failed: failed, failuresBefore: failuresBefore)
    }

    /// The end of a script file's lines (`run`, `step`): what failed inside the file holds back
    /// nothing after it, those lines were not written for its steps; throws ``ScriptFailure``
    /// when any of its commands failed (each reported already).
    func endScript(_ name: String, failed: Bool, failuresBefore: Int) throws {
        stepNotTaken = nil
        if failed {
            throw ScriptFailure(name: name, failures: failureCount - failuresBefore)
        }
    }
}
