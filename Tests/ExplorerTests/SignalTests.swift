import Foundation
import TestSupport
import Testing

/// A signal that ends explorer in a script ends the program it runs too: `kill` on explorer
/// alone (not on its process group) must not leave a player behind, an orphan.
@Suite("Signals")
struct SignalTests {
    @Test("SIGINT, SIGTERM or SIGHUP to explorer during `play` ends the player, and explorer by that signal",
          arguments: [SIGINT, SIGTERM, SIGHUP])
    func signalEndsThePlayer(_ signal: Int32) async throws {
        let sandbox = try Sandbox("signal-\(signal)")
        try sandbox.writeExecutable("""
            #!/bin/sh
            echo $$ > '\(sandbox.file("player.pid").path)'
            exec sleep 900
            """, to: "player")
        // The player outlives any stall of a loaded test process: only the signal ends it.
        var environment = sandbox.environment
        environment["EXPLORER_PLAYER"] = sandbox.file("player").path
        let explorer = try await RunningProcess(
            executable: TestPaths.explorer,
            arguments: ["--data-dir", sandbox.dataDirectory, "-c", "use itunes; search jack johnson; open 1; play; features"],
            environment: environment)
        defer { explorer.send(signal: SIGKILL) }

        let player: pid_t
        do {
            player = try await TerminalTests.waitForPID(in: sandbox.file("player.pid"), timeout: 60)
        } catch {
            Issue.record("the player never started; explorer said: \(explorer.stderrSoFar)")
            return
        }
        kill(explorer.pid, signal)
        let status = await explorer.exitStatus()

        #expect(status == 128 + signal, "ended by the signal, as a calling shell expects")
        #expect(try await TerminalTests.waitUntilGone(player), "the player \(player) still runs")
    }
}
