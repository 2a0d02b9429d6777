import Foundation
import Subprocess
#if canImport(System)
import System
#else
import SystemPackage
#endif

/// Runs a program to its end through swift-subprocess, as the tests run explorer, the fake
/// servers, tmux, jq, sqlite3 and the shells: stdin written (then closed), stdout and stderr
/// collected, the exit status. swift-subprocess makes every pipe close-on-exec and closes
/// every other descriptor in the child, so tests that start processes in parallel do not hand
/// one another's pipe ends on (an inherited stdin would keep explorer waiting for an end of
/// file); it gives the child default signal dispositions and an empty mask.
///
/// The child leads a process group of its own, so the time limit ends it and whatever it
/// started. At most ``ProcessSlots`` such runs happen at once.
public enum ChildProcess {
    /// Output beyond this is an error: the largest a test reads is a few megabytes.
    static let outputLimit = 256 << 20

    /// Runs `executable` with `arguments` and exactly `environment`, in `directory` when given;
    /// after `timeout` seconds its process group is killed and the output says `timedOut`.
    public static func run(
        executable: String,
        arguments: [String],
        environment: [String: String],
        stdin: [UInt8] = [],
        directory: String? = nil,
        timeout: Double
    ) async throws -> ProcessOutput {
        try await ProcessSlots.shared.holding {
            try await runNow(executable: executable, arguments: arguments, environment: environment, stdin: stdin,
                             directory: directory, timeout: timeout)
        }
    }

    /// ``run(executable:arguments:environment:stdin:directory:timeout:)`` without waiting for a
    /// slot: for what every test waits on (finding the Python interpreter), which must not queue
    /// behind the explorers those tests run.
    static func runNow(
        executable: String,
        arguments: [String],
        environment: [String: String],
        stdin: [UInt8] = [],
        directory: String? = nil,
        timeout: Double
    ) async throws -> ProcessOutput {
        // A task of its own, so that the caller goes on where it was, not on those threads.
        try await Task.detached(executorPreference: ProcessExecutor.shared) {
            ignoreSIGPIPE
            let started = Date()
            let timedOut = LockedValue(false)
            // The time limit counts from the child's start, not from its turn to be spawned.
            let limit = LockedValue<Task<Void, Never>?>(nil)
            defer { limit.value?.cancel() }

            let result: ExecutionResult<Void, BytesOutput, BytesOutput>
            do {
                result = try await Subprocess.run(
                    .path(FilePath(executable)), arguments: Arguments(arguments),
                    environment: Self.exactly(environment),
                    workingDirectory: directory.map { FilePath($0) }, platformOptions: options,
                    input: .inputWriter, output: .bytes(limit: outputLimit), error: .bytes(limit: outputLimit)
                ) { execution in
                    let pid = execution.processIdentifier.value
                    limit.withLock {
                        $0 = Task.detached {
                            try? await Task.sleep(for: .seconds(timeout))
                            guard !Task.isCancelled else { return }
                            timedOut.withLock { $0 = true }
                            kill(-pid, SIGKILL)
                        }
                    }
                    // A child may end without reading all of its stdin (explorer at `quit`): what it
                    // did not read is not an error of the run.
                    _ = try? await execution.standardInputWriter.write(stdin)
                    try? await execution.standardInputWriter.finish()
                }
            } catch let error as SubprocessError {
                throw SetupError("cannot run \(executable): \(error)")
            }
            limit.value?.cancel()
            if timedOut.value {
                // Said where the test log shows it: a killed run otherwise reads as a wrong answer.
                FileHandle.standardError.write(Data("ChildProcess: \(executable) killed after \(timeout) s\n".utf8))
            }
            return ProcessOutput(stdout: result.standardOutput, stderr: result.standardError, status: Self.status(result.terminationStatus),
                                 timedOut: timedOut.value, duration: Date().timeIntervalSince(started))
        }.value
    }

    /// `environment` and nothing else: the child inherits none of the test runner's variables.
    static func exactly(_ environment: [String: String]) -> Environment {
        .custom(Dictionary(uniqueKeysWithValues: environment.map { (Environment.Key(stringLiteral: $0.key), $0.value) }))
    }

    /// The exit status, or 128 + the signal that ended the child, as a shell reports it.
    static func status(_ termination: TerminationStatus) -> Int32 {
        switch termination {
        case .exited(let code): code
        case .signaled(let signal): 128 + signal
        }
    }

    /// A group of its own for the child, which a time limit or a test's signal ends whole.
    static var options: PlatformOptions {
        var options = PlatformOptions()
        options.processGroupID = 0
        return options
    }

    /// A child that ends before reading all its stdin must not kill the test runner.
    static let ignoreSIGPIPE: Void = {
        signal(SIGPIPE, SIG_IGN)
    }()
}
