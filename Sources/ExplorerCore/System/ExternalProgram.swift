import Foundation
import Subprocess
#if canImport(System)
import System
#else
import SystemPackage
#endif

/// A program on the machine that explorer hands a file, a URL or text to (a media player,
/// `xdg-open`, a pager). It is found on `PATH` and run directly with its arguments — never
/// through a shell, so nothing in a file name or URL can be taken as a command — with a clean
/// signal state (nothing blocked or ignored, whatever explorer itself does with SIGINT), so that
/// Ctrl-C at the terminal reaches it, and so that cancelling the command stops it.
public struct ExternalProgram: Sendable, Equatable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    public var name: String { (path as NSString).lastPathComponent }

    /// Why a program named by the user (`EXPLORER_PLAYER`, `PAGER`) cannot be run.
    public enum LookupError: Error, Equatable, CustomStringConvertible {
        case notOnPath(String)
        case noSuchFile(String)
        case directory(String)
        case notExecutable(String)

        public var description: String {
            switch self {
            case .notOnPath(let name): "no program called '\(name)' on PATH"
            case .noSuchFile(let path): "\(path) does not exist"
            case .directory(let path): "\(path) is a directory, not a program"
            case .notExecutable(let path): "\(path) is not executable"
            }
        }
    }

    /// The program `name` names: a path (`/usr/bin/mpv`, `./player`) as it is, or the first
    /// executable of that name on `PATH`; or why there is none.
    public static func resolve(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(LookupError) -> ExternalProgram {
        if name.contains("/") {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: name, isDirectory: &isDirectory) else { throw .noSuchFile(name) }
            guard !isDirectory.boolValue else { throw .directory(name) }
            guard FileManager.default.isExecutableFile(atPath: name) else { throw .notExecutable(name) }
            return ExternalProgram(path: name)
        }
        for directory in (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate) {
                return ExternalProgram(path: candidate)
            }
        }
        throw .notOnPath(name)
    }

    /// The first executable named `name` on `PATH` (or `name` itself when it is a path); nil
    /// when there is none.
    public static func find(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> ExternalProgram? {
        guard !name.isEmpty else { return nil }
        return try? resolve(name, environment: environment)
    }

    /// What the program does with standard input and output.
    public enum Streams: Sendable {
        /// Nothing in, its output thrown away (a player, an opener).
        case quiet
        /// `text` on its standard input, its output on explorer's own (a pager at the terminal).
        case feed(String)
    }

    /// Runs the program with `arguments`, and `environment` set on top of explorer's own, until
    /// it exits and returns its exit status (128 + the signal's number when a signal ended it).
    /// Cancelling the calling task (Ctrl-C) sends it SIGTERM, then SIGKILL a second later if it
    /// is still there. While it runs, and while it is being started, ``RunningProgram/shared``
    /// knows it, so a signal that ends explorer ends it too.
    @discardableResult
    public func run(_ arguments: [String], streams: Streams = .quiet, environment: [String: String] = [:]) async throws -> Int32 {
        var options = PlatformOptions()
        options.teardownSequence = [.gracefulShutDown(allowedDurationToNextStep: .seconds(1))]
        let environment = Environment.inherit.updating(
            Dictionary(uniqueKeysWithValues: environment.map { (Environment.Key(stringLiteral: $0.key), Optional($0.value)) }))
        let status: TerminationStatus
        let record = RunningProgram.shared
        record.willStart()
        defer { RunningProgram.perform(record.ended()) }
        do {
            switch streams {
            case .quiet:
                status = try await Subprocess.run(.path(FilePath(path)), arguments: Arguments(arguments),
                                                  environment: environment, platformOptions: options, input: .none,
                                                  output: .discarded, error: .discarded) { execution in
                    RunningProgram.perform(record.started(execution.processIdentifier.value))
                }.terminationStatus
            case .feed(let text):
                status = try await Subprocess.run(.path(FilePath(path)), arguments: Arguments(arguments),
                                                  environment: environment, platformOptions: options, input: .string(text),
                                                  output: .currentStandardOutput, error: .currentStandardError) { execution in
                    RunningProgram.perform(record.started(execution.processIdentifier.value))
                }.terminationStatus
            }
        } catch let error as SubprocessError {
            if Task.isCancelled { throw CancellationError() }
            throw CommandError("cannot run \(path): \(error)")
        }
        switch status {
        case .exited(let code): return code
        case .signaled(let signal): return 128 + signal
        }
    }
}
