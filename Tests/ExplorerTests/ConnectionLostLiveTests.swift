import Foundation
import Testing
import TestSupport

/// A server that starts answering and then stops (a body shorter than its Content-Length, a
/// reset mid-body) is reported as such, naming the host that was contacted: for a preview on
/// another server, that server and not the API's.
@Suite("Answers cut off mid-body")
struct ConnectionLostLiveTests {
    private func runLive(_ feature: String, _ script: String, baseURL: String, sandbox: Sandbox,
                         environment: [String: String] = [:]) async throws -> ProcessOutput {
        try sandbox.write("""
            { "source": "embedded",
              "features": [ { "id": "\(feature)", "enabled": true, "baseURL": "\(baseURL)" } ] }

            """, to: "Plugins.json")
        return try await Explorer.run(
            ["--source", "live", "--config", sandbox.file("Plugins.json").path, "--timeout", "2"],
            script: script, environment: environment, in: sandbox)
    }

    /// `--truncate`: a body shorter than its Content-Length; `--reset`: the connection reset
    /// mid-body. Either way the server closed the connection mid-answer.
    @Test("a connection closed mid-answer names the server and the endpoint", arguments: ["--truncate", "--reset"])
    func closedMidAnswer(_ misbehaviour: String) async throws {
        let sandbox = try Sandbox("live-closed\(misbehaviour)")
        let server = try await FakeSWAPI([misbehaviour], sandbox: sandbox)
        let output = try await runLive("starships", "use starships\n", baseURL: server.baseURL, sandbox: sandbox)
        #expect(output.stderrText
            == "error: line 1: starships did not load: 127.0.0.1:\(server.port) closed the connection before answering /api/starships/?page=1 in full; no feature is in use\n")
        #expect(output.status == 1)
    }

    @Test("a preview cut off on its own server names that server, not the API's")
    func previewNamesItsOwnHost() async throws {
        let sandbox = try Sandbox("live-preview-cut-off")
        let previews = try await FakeSWAPI(["--truncate"], sandbox: sandbox)
        let preview = "http://127.0.0.1:\(previews.port)/previews/1.m4a"
        let data = sandbox.file("itunes-data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let answer = """
            {"resultCount": 1, "results": [{"wrapperType": "track", "kind": "song", "trackId": 1, "trackName": "Cut Off",
             "artistName": "Someone", "collectionName": "Somewhere", "previewUrl": "\(preview)",
             "trackViewUrl": "https://music.apple.com/us/album/1"}]}
            """
        try answer.write(to: data.appendingPathComponent("search.json"), atomically: true, encoding: .utf8)
        let api = try await FakeSWAPI(["--data", data.path, "--prefix", "",
                                 "--route", "/search?term=cut&media=music&entity=song&limit=50&country=US", "search.json",
                                 "--route", "/lookup?id=1&country=US", "search.json"], sandbox: sandbox)
        try sandbox.writeExecutable("#!/bin/sh\nexit 0\n", to: "bin/player")
        let output = try await runLive("itunes", "use itunes\nsearch cut\nopen 1\nplay\n", baseURL: api.baseURL, sandbox: sandbox,
                                       environment: ["EXPLORER_PLAYER": sandbox.file("bin/player").path])
        #expect(output.stderrText
            == "error: line 4: 127.0.0.1:\(previews.port) closed the connection before answering /previews/1.m4a in full\n")
        #expect(output.status == 1)
    }

    @Test("a preview whose server refuses names that server, not the API's")
    func refusedPreviewNamesItsOwnHost() async throws {
        let sandbox = try Sandbox("live-preview-refused")
        let refusing = try RefusingPort()
        defer { withExtendedLifetime(refusing) {} }
        let port = refusing.port
        let preview = "http://127.0.0.1:\(port)/previews/1.m4a"
        let data = sandbox.file("itunes-data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try """
            {"resultCount": 1, "results": [{"wrapperType": "track", "kind": "song", "trackId": 1, "trackName": "Refused",
             "previewUrl": "\(preview)"}]}
            """.write(to: data.appendingPathComponent("search.json"), atomically: true, encoding: .utf8)
        let api = try await FakeSWAPI(["--data", data.path, "--prefix", "",
                                 "--route", "/search?term=refused&media=music&entity=song&limit=50&country=US", "search.json",
                                 "--route", "/lookup?id=1&country=US", "search.json"], sandbox: sandbox)
        let output = try await runLive("itunes", "use itunes\nsearch refused\nopen 1\nplay\n", baseURL: api.baseURL, sandbox: sandbox,
                                       environment: ["EXPLORER_PLAYER": "/bin/true"])
        #expect(output.stderrText.hasPrefix("error: line 4: network unavailable: "))
        #expect(output.stderrText.contains("127.0.0.1:\(port)"))
        #expect(!output.stderrText.contains("127.0.0.1:\(api.port)"))
        #expect(output.status == 1)
    }
}
