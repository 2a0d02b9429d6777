import Foundation

/// A program on the machine that explorer hands a file or URL to (a media player, `xdg-open`).
/// It is found on `PATH` and run directly with its arguments — never through a shell, so
/// nothing in a file name or URL can be taken as a command.
public struct ExternalProgram: Sendable, Equatable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    public var name: String { (path as NSString).lastPathComponent }

    /// The first executable named `name` on `PATH` (or `name` itself when it is a path).
    public static func find(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> ExternalProgram? {
        guard !name.isEmpty else { return nil }
        if name.contains("/") {
            return FileManager.default.isExecutableFile(atPath: name) ? ExternalProgram(path: name) : nil
        }
        for directory in (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return ExternalProgram(path: candidate) }
        }
        return nil
    }

    /// Runs the program with `arguments`, its output discarded, until it exits; cancelling the
    /// calling task (Ctrl-C) terminates it. Returns its exit status.
    @discardableResult
    public func run(_ arguments: [String]) async throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let box = ProcessBox(process)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int32, Error>) in
                process.terminationHandler = { finished in continuation.resume(returning: finished.terminationStatus) }
                do {
                    try process.run()
                } catch {
                    process.terminationHandler = nil
                    continuation.resume(throwing: CommandError("cannot run \(path): \(error.localizedDescription)"))
                }
            }
        } onCancel: {
            box.terminate()
        }
    }
}

/// Lets the cancellation handler reach the process from another thread.
private final class ProcessBox: @unchecked Sendable {
    private let process: Process
    init(_ process: Process) { self.process = process }
    func terminate() { if process.isRunning { process.terminate() } }
}
