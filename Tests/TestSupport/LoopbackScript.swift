import Foundation

/// A Python script of Tests/TestSupport serving on a loopback port for one test (fake_swapi.py,
/// fake_shapes.py): started, the port it announces on its first line read, and stopped when the
/// test is done (``stop()``, or at the latest when this object goes away; the scripts also exit
/// by themselves if the test runner dies). Once stopped, its port refuses connections until this
/// object goes away (``RefusingPort``): no other test's server is given it meanwhile. The port
/// is free only between the server's exit and the bind that holds it — microseconds, against
/// the seconds a test may wait for its turn to run explorer, which is when a freed port used to
/// be taken.
public final class LoopbackScript: Sendable {
    public let port: Int
    private let process: RunningProcess
    /// The port, held refusing after ``stop()``.
    private let stoppedPort = LockedValue<RefusingPort?>(nil)

    /// Starts `script` with `arguments` and waits until it announces its port; `name` says
    /// which server did not start (`fake_shapes.py --shape github`).
    public init(_ script: URL, _ arguments: [String], name: String, sandbox: Sandbox) async throws {
        // -S: the scripts need only the standard library; skipping site-packages saves a fifth of their start.
        let all = ["-S", script.path] + arguments
        let python = await TestPaths.python()
        let (process, announced) = try await ProcessSlots.serverStarts.holding {
            let process = try await RunningProcess(executable: python, arguments: all, environment: sandbox.environment)
            return (process, await process.firstLine(timeout: 60))
        }
        guard let line = announced, let port = Int(line.trimmingCharacters(in: .whitespaces)) else {
            let running = process.isRunning ? "still running, \(process.kernelState)" : "ended"
            process.send(signal: SIGKILL)
            await process.exitStatus()
            throw SetupError("\(name) did not start (spawned after \(process.startDelay) s, no port within 60 s, "
                             + "\(running)): \(process.stderrSoFar)")
        }
        self.process = process
        self.port = port
    }

    deinit {
        end()
    }

    /// Ends the server; its port then refuses connections (as a server that went away does)
    /// for as long as this object lives.
    public func stop() {
        end()
        stoppedPort.withLock { held in
            if held == nil { held = try? RefusingPort(holding: port) }
        }
    }

    private func end() {
        process.closeStdin()  // the script exits at end of stdin …
        process.send(signal: SIGTERM)  // … and on SIGTERM, whichever comes first
        process.waitForExit()
    }
}
