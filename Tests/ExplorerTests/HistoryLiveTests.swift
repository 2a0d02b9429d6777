import Foundation
import Testing
import TestSupport

/// `jump` against a fake SWAPI on loopback: showing the screens of earlier commands — a list,
/// a detail whose pilots were named by requests, a feature followed into — asks the server for
/// nothing; the server hears exactly what it hears from the same session without them.
@Suite("history, live")
struct HistoryLiveTests {
    private func runLive(_ script: String, server: FakeSWAPI, sandbox: Sandbox) async throws -> ProcessOutput {
        try sandbox.write("""
            {"source": "embedded", "features": [
              {"id": "starships", "enabled": true, "baseURL": "\(server.baseURL)"},
              {"id": "characters", "enabled": true, "baseURL": "\(server.baseURL)"}]}
            """, to: "Plugins.json")
        return try await Explorer.run(
            ["--source", "live", "--config", sandbox.file("Plugins.json").path, "--timeout", "5", "--clock", "2024-03-15T08:00:00Z"],
            script: script, in: sandbox)
    }

    @Test("jumping to earlier commands makes no request: the server hears what it hears without the jumps")
    func jumpingMakesNoRequest() async throws {
        let session = ["use starships", "page next", "open 15", "fav", "follow pilots 1", "back", "back"]
        let looking = ["history", "jump 3", "jump 5", "jump 1", "diff 2 5", "diff 5", "jump", "history"]
        let withJumps = try Sandbox("history-live-jumps"), without = try Sandbox("history-live-plain")
        let (server, plainServer) = try await (FakeSWAPI(sandbox: withJumps), FakeSWAPI(sandbox: without))
        async let jumped = runLive((session + looking + ["page prev"]).joined(separator: "\n") + "\n", server: server, sandbox: withJumps)
        async let plain = runLive((session + ["page prev"]).joined(separator: "\n") + "\n", server: plainServer, sandbox: without)
        let (jumpedOutput, plainOutput) = try await (jumped, plain)

        #expect(jumpedOutput.stderrText == "")
        #expect(jumpedOutput.status == 0)
        #expect(plainOutput.status == 0)
        #expect(jumpedOutput.stdoutText.contains("at 3 of 8: open 15 — replayed from memory; no request made"))
        #expect(jumpedOutput.stdoutText.contains("at 5 of 9: follow pilots 1"))
        #expect(jumpedOutput.stdoutText.contains("☆ Arvel Crynyd  (row 28)\n"), "the detail followed into, shown again")
        #expect(jumpedOutput.stdoutText.contains("back at now (13)"))
        #expect(!server.requests().isEmpty)
        // Pages fetched in parallel come in any order: the same requests, counted.
        #expect(server.requests().sorted() == plainServer.requests().sorted(),
                "the jumps asked for nothing: \(server.requests()) against \(plainServer.requests())")
    }
}
