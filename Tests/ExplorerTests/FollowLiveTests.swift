import Foundation
import Testing
import TestSupport

/// `follow` against a fake SWAPI on loopback: a link followed live shows what embedded data
/// shows, a record not on a loaded page is asked for by id, and a server that fails leaves the
/// detail the user was on, its feature and the way back as they were.
@Suite("follow, live")
struct FollowLiveTests {
    private func runLive(_ script: String, server: FakeSWAPI, sandbox: Sandbox) async throws -> ProcessOutput {
        try sandbox.write("""
            {"source": "embedded", "features": [
              {"id": "starships", "enabled": true, "baseURL": "\(server.baseURL)"},
              {"id": "characters", "enabled": true, "baseURL": "\(server.baseURL)"}]}
            """, to: "Plugins.json")
        return try await Explorer.run(
            ["--source", "live", "--config", sandbox.file("Plugins.json").path, "--timeout", "5"],
            script: script, in: sandbox)
    }

    @Test("followed live, links print what embedded data prints; a starship on a page not loaded is asked for by id")
    func liveEqualsEmbedded() async throws {
        let script = "use characters\nopen 1\nfollow starships 2\nback\nuse starships\nopen 5\nfollow pilots 2\nfollow starships 1\nback\nback\n"
        let sandbox = try Sandbox("follow-live")
        let server = try await FakeSWAPI(sandbox: sandbox)
        async let live = runLive(script, server: server, sandbox: sandbox)
        async let embedded = Explorer.run([], script: script, in: try Sandbox("follow-embedded"))
        let (liveOutput, embeddedOutput) = try await (live, embedded)

        #expect(liveOutput.stderrText == "")
        #expect(liveOutput.status == 0)
        #expect(liveOutput.stdoutText.contains("☆ Imperial shuttle\n"))
        if liveOutput.stdoutText != embeddedOutput.stdoutText {
            Issue.record(Comment(rawValue: "live stdout differs from embedded (- embedded, + live):\n"
                + TextDiff.lines(expected: embeddedOutput.stdoutText, actual: liveOutput.stdoutText)))
        }
        let starships = server.requests().filter { $0.hasPrefix("/api/starships/") }
        #expect(starships.filter { $0.contains("?page=") } == ["/api/starships/?page=1"], "no page is loaded to find a ship: \(starships)")
        #expect(starships.filter { $0 == "/api/starships/22/" }.count == 2,
                "the shuttle is asked for by id: once for its name on Luke's detail, once to open it: \(starships)")
    }

    @Test("a record the server does not have fails in one line; the detail, its feature and the way back stay")
    func missingRecord() async throws {
        let sandbox = try Sandbox("follow-live-404")
        let server = try await FakeSWAPI(["--fail", "/api/starships/22/=404"], sandbox: sandbox)
        let output = try await runLive("use characters\nopen 1\nfollow starships 2\nfav\nfollow starships 1\nback\n", server: server, sandbox: sandbox)

        #expect(output.stderrText == "error: line 3: starships/22 is not in the starships data: the API answered 404\n",
                "its name could not be had either: the link is named by its reference")
        #expect(output.status == 1)
        let screens = output.stdoutText.components(separatedBy: "\n").filter { $0.hasPrefix("☆") || $0.hasPrefix("★") }
        #expect(screens == ["☆ Luke Skywalker  (row 1)", "★ Luke Skywalker is now a favourite", "☆ X-wing  (row 7)", "★ Luke Skywalker  (row 1)"],
                "fav marks Luke, still on show; the next follow works and `back` returns to him")
    }

    @Test("characters failing to load: follow fails in one line and the Falcon stays, starships in use")
    func targetFeatureFails() async throws {
        let sandbox = try Sandbox("follow-live-500")
        let server = try await FakeSWAPI(["--fail", "people:3=500"], sandbox: sandbox)
        let output = try await runLive("use starships\nopen 5\nfollow pilots 1\nfav\nfollow pilots 1\n", server: server, sandbox: sandbox)

        let errors = output.stderrText.split(separator: "\n")
        #expect(errors.count == 2, "\(output.stderrText)")
        #expect(errors.allSatisfy { $0.contains("500") && $0.contains("/api/people/?page=3") }, "\(output.stderrText)")
        #expect(output.status == 1)
        #expect(output.stdoutText.hasSuffix("★ Millennium Falcon is now a favourite\n"), "\(output.stdoutText)")
    }
}
