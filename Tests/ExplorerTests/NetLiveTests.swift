import Foundation
import TestSupport
import Testing

/// `net` and `--latency`/`--fail` on live data, against the loopback SWAPI and TMDB: an
/// injected failure never reaches the server, the next request does; an injected offline
/// network brings out MovieDB's cache as a real one would; the latency is waited.
@Suite("net on live data")
struct NetLiveTests {
    private func runLive(_ script: String, server: FakeSWAPI, arguments: [String] = [], sandbox: Sandbox) async throws -> ProcessOutput {
        try sandbox.write(FakeSWAPI.pluginsJSON(baseURL: server.baseURL), to: "Plugins.json")
        return try await Explorer.run(
            ["--source", "live", "--config", sandbox.file("Plugins.json").path, "--timeout", "5"] + arguments,
            script: script, in: sandbox)
    }

    @Test("an injected 500 fails the page it matches without asking the server; the next try reaches it")
    func injectedStatusNeverReachesTheServer() async throws {
        let sandbox = try Sandbox("net-live-500")
        let server = try await FakeSWAPI(sandbox: sandbox)
        let output = try await runLive("use starships\nnet fail 500 times 1 match page=2\npage next\npage next\n", server: server, sandbox: sandbox)
        #expect(output.stderrText == "error: line 3: HTTP 500 from 127.0.0.1:\(server.port) for /api/starships/?page=2\n")
        #expect(output.stdoutText.contains("Starships · page 2 of 4"))
        #expect(server.requests().filter { $0.hasPrefix("/api/starships/") } == ["/api/starships/?page=1", "/api/starships/?page=2"],
                "page 2 was asked for once, by the second try")
        #expect(output.status == 1)
    }

    @Test("--fail offline: MovieDB answers from its cache with its warning, as when the network is really gone")
    func injectedOfflineBringsOutTheCache() async throws {
        let sandbox = try Sandbox("net-live-offline")
        let server = try await MovieDBLiveTests.start(sandbox)
        let first = try await MovieDBLiveTests.run("use moviedb\n", in: sandbox)
        #expect(first.stderrText == "")
        let before = server.requests().count
        let offline = try await MovieDBLiveTests.run("use moviedb\nnet\n", arguments: ["--fail", "offline match /movie/"], in: sandbox)
        #expect(offline.stderrText.hasPrefix("warning: offline — cached"), "\(offline.stderrText)")
        #expect(offline.stdoutText.contains("Movies · Popular"))
        #expect(offline.stdoutText.contains("net: offline for requests matching \"/movie/\", until cleared"))
        #expect(server.requests().count == before, "nothing reached the server")
        #expect(offline.status == 0)
    }

    @Test("--latency delays each request by at least that much")
    func latencyIsWaited() async throws {
        let sandbox = try Sandbox("net-live-latency")
        let server = try await FakeSWAPI(sandbox: sandbox)
        let output = try await runLive("use starships\npage next\n", server: server, arguments: ["--latency", "400ms"], sandbox: sandbox)
        #expect(output.stderrText == "")
        #expect(output.stdoutText.contains("Starships · page 2 of 4"))
        #expect(output.duration >= 0.8, "two requests, 400 ms each: \(output.duration) s")
    }
}
