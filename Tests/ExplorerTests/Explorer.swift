import Foundation
import TestSupport

/// Runs the built `explorer` binary in a ``Sandbox``.
enum Explorer {
    /// How long one run may take before it is killed and the test fails: far above what any
    /// scenario needs (the slowest waits out a 2 s `--timeout`; 60 favourites take 12 s on two
    /// cores busy with two whole test runs), far below a hung test run.
    static let processTimeout: Double = 30

    /// The arguments every scenario gets unless it gives its own: a fresh data directory
    /// and a fixed width.
    static func defaultArguments(for arguments: [String], sandbox: Sandbox) -> [String] {
        func has(_ flag: String) -> Bool {
            arguments.contains { $0 == flag || $0.hasPrefix(flag + "=") }
        }
        var defaults: [String] = []
        if !has("--data-dir") { defaults += ["--data-dir", sandbox.dataDirectory] }
        if !has("--width") { defaults += ["--width", "100"] }
        return defaults
    }

    /// Runs explorer with `arguments` (after the defaults) and `stdin` piped in, in the
    /// sandbox's environment with `environment` set on top of it (a value replaces the
    /// sandbox's; an empty value is set empty, not removed), in `directory` when given (else
    /// in the test runner's working directory).
    static func run(_ arguments: [String], stdin: [UInt8] = [], environment: [String: String] = [:],
                    directory: String? = nil, in sandbox: Sandbox) async throws -> ProcessOutput {
        try await ChildProcess.run(
            executable: TestPaths.explorer,
            arguments: defaultArguments(for: arguments, sandbox: sandbox) + arguments,
            environment: sandbox.environment.merging(environment) { _, override in override },
            stdin: stdin,
            directory: directory,
            timeout: processTimeout)
    }

    static func run(_ arguments: [String], script: String, environment: [String: String] = [:],
                    in sandbox: Sandbox) async throws -> ProcessOutput {
        try await run(arguments, stdin: Array(script.utf8), environment: environment, in: sandbox)
    }
}
