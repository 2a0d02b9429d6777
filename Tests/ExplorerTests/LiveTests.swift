import Foundation
import TestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// Live data against TestSupport/fake_swapi.py, for what transcripts cannot say: that live
/// output is exactly the embedded output, how long failures take, and what the fake server
/// itself promises (it must never outlive a test run). The unhappy paths' messages are in the
/// `live-*` transcripts.
@Suite("Live data from a fake SWAPI")
struct LiveTests {
    /// Runs explorer with live data from `server` (`--source live --timeout 2`).
    private func runLive(_ script: String, server: FakeSWAPI, sandbox: Sandbox, timeout: Double = 2) async throws -> ProcessOutput {
        try sandbox.write(FakeSWAPI.pluginsJSON(baseURL: server.baseURL), to: "Plugins.json")
        return try await Explorer.run(
            ["--source", "live", "--config", sandbox.file("Plugins.json").path, "--timeout", String(timeout)],
            script: script, in: sandbox)
    }

    @Test("live listing, paging, details and sorting print exactly what embedded data prints")
    func liveEqualsEmbedded() async throws {
        let script = "use starships\npage next\npage 4\npage prev\nopen 31\nback\nsort cost desc\nsort off\npage 1\n"
        let liveSandbox = try Sandbox("live-equals-embedded")
        let server = try await FakeSWAPI(sandbox: liveSandbox)
        async let live = runLive(script, server: server, sandbox: liveSandbox)
        async let embedded = Explorer.run([], script: script, in: try Sandbox("embedded-reference"))
        let (liveOutput, embeddedOutput) = try await (live, embedded)

        #expect(liveOutput.stderrText == "")
        #expect(liveOutput.status == 0)
        #expect(liveOutput.stdoutText.contains("Starships · page 4 of 4 · 36 in all"))
        if liveOutput.stdoutText != embeddedOutput.stdoutText {
            Issue.record(Comment(rawValue: "live stdout differs from embedded (- embedded, + live):\n"
                + TextDiff.lines(expected: embeddedOutput.stdoutText, actual: liveOutput.stdoutText)))
        }
        let requests = server.requests()
        #expect(requests.filter { $0.hasPrefix("/api/starships/") } == ["/api/starships/?page=1", "/api/starships/?page=2",
                                                                       "/api/starships/?page=4", "/api/starships/?page=3"],
                "each page is fetched once, with exactly ?page=N")
        #expect(requests.filter { $0.hasPrefix("/api/people/") }.sorted() == ["/api/people/10/", "/api/people/35/"],
                "a detail's pilots are named, each asked for once")
    }

    @Test("`page all` against a server whose page 3 answers 500: one error line, and nothing changes")
    func pageAllWithAFailingPageChangesNothing() async throws {
        let sandbox = try Sandbox("live-page-all-fails")
        let server = try await FakeSWAPI(["--fail", "starships:3=500"], sandbox: sandbox)
        async let live = runLive("use starships\npage all\npage next\n", server: server, sandbox: sandbox)
        async let embedded = Explorer.run([], script: "use starships\npage next\n", in: try Sandbox("page-all-reference"))
        let (liveOutput, embeddedOutput) = try await (live, embedded)

        #expect(liveOutput.stderrText
            == "error: line 2: page 3 of 4 failed: HTTP 500 from 127.0.0.1:\(server.port) for /api/starships/?page=3\n")
        #expect(liveOutput.status == 1)
        if liveOutput.stdoutText != embeddedOutput.stdoutText {
            Issue.record(Comment(rawValue: "not as if `page all` had never run (- `use starships`, `page next`; + with `page all` between):\n"
                + TextDiff.lines(expected: embeddedOutput.stdoutText, actual: liveOutput.stdoutText)))
        }
        #expect(server.requests().filter { $0.hasPrefix("/api/starships/") }
            == ["/api/starships/?page=1", "/api/starships/?page=2", "/api/starships/?page=3", "/api/starships/?page=2"],
            "one page after another, stopping at the failure; page 2 was not kept, so `page next` asks for it again")
    }

    @Test("a server that never answers fails the command after --timeout, not later, naming the endpoint")
    func hangingServerTimesOut() async throws {
        let sandbox = try Sandbox("live-hang")
        let server = try await FakeSWAPI(["--hang"], sandbox: sandbox)
        let output = try await runLive("use starships\nfeatures\n", server: server, sandbox: sandbox)

        #expect(output.stderrText == "error: line 1: starships did not load: timed out: no answer in 2 s from 127.0.0.1:\(server.port) for /api/starships/?page=1; no feature is in use\n")
        #expect(output.status == 1)
        #expect(output.stdoutText.contains("starships"), "the next line still runs")
        #expect(output.duration >= 1.8, "gave up after \(output.duration) s, before the 2 s timeout")
        #expect(output.duration < 10, "took \(output.duration) s for a 2 s timeout")
    }

    @Test("a 429 with Retry-After: 1 is retried once, a second later, and succeeds")
    func retryAfterIsHonoured() async throws {
        let sandbox = try Sandbox("live-429")
        let server = try await FakeSWAPI(["--retry-after", "1"], sandbox: sandbox)
        let output = try await runLive("use starships\n", server: server, sandbox: sandbox)

        #expect(output.stderrText == "")
        #expect(output.status == 0)
        #expect(output.stdoutText.hasPrefix("Starships · page 1 of 4 · 36 in all\n"))
        #expect(server.requests() == ["/api/starships/?page=1", "/api/starships/?page=1"])
        #expect(output.duration >= 0.95, "retried after \(output.duration) s, before Retry-After's 1 s")
        #expect(output.duration < 10, "took \(output.duration) s")
    }

    @Test("connection refused fails at once, saying the network is unavailable")
    func connectionRefused() async throws {
        let sandbox = try Sandbox("live-refused")
        let refusing = try RefusingPort()
        defer { withExtendedLifetime(refusing) {} }
        let port = refusing.port
        try sandbox.write(FakeSWAPI.pluginsJSON(baseURL: "http://127.0.0.1:\(port)/api"), to: "Plugins.json")
        let output = try await Explorer.run(
            ["--source", "live", "--config", sandbox.file("Plugins.json").path, "--timeout", "2"],
            script: "use starships\n", in: sandbox)

        #expect(output.stderrText == "error: line 1: starships did not load: network unavailable: 127.0.0.1:\(port) refused the connection for /api/starships/?page=1; no feature is in use\n")
        #expect(output.status == 1)
        #expect(output.duration < 10, "a refused connection took \(output.duration) s (it should not wait for the timeout)")
    }

    @Test("fake_swapi.py exits by itself after --max-seconds")
    func serverExitsAfterMaxSeconds() async throws {
        let sandbox = try Sandbox("fake-max-seconds")
        let process = try await RunningProcess(
            executable: await TestPaths.python(),
            arguments: [TestPaths.fakeSWAPI.path, "--data", TestPaths.swapiData.path, "--max-seconds", "0.5"],
            environment: sandbox.environment)  // stdin stays open: only the time limit can end it
        let port = await process.firstLine(timeout: 30)
        #expect(port.flatMap { Int($0) } != nil, "the first line is the port, not \(port ?? "nothing")")
        #expect(await Self.exits(process, within: 5), "still running 5 s after --max-seconds 0.5")
    }

    @Test("fake_swapi.py exits when its stdin closes (as when the test runner dies)")
    func serverExitsWhenStdinCloses() async throws {
        let sandbox = try Sandbox("fake-stdin-eof")
        let process = try await RunningProcess(
            executable: await TestPaths.python(),
            arguments: [TestPaths.fakeSWAPI.path, "--data", TestPaths.swapiData.path, "--max-seconds", "60"],
            environment: sandbox.environment)
        #expect(await process.firstLine(timeout: 30) != nil)
        process.closeStdin()
        #expect(await Self.exits(process, within: 5), "still running 5 s after its stdin closed")
    }

    /// Whether `process` ends by itself within `seconds` (it is killed otherwise).
    private static func exits(_ process: RunningProcess, within seconds: Double) async -> Bool {
        let killer = Task {
            try await Task.sleep(for: .seconds(seconds))
            process.send(signal: SIGKILL)
        }
        let status = await process.exitStatus()
        killer.cancel()
        return status == 0
    }

    @Test("fake_swapi.py serves items by id, search and 404s like SWAPI, for later features")
    func serverShapes() async throws {
        let sandbox = try Sandbox("fake-shapes")
        let server = try await FakeSWAPI(["--fail", "people:2=500"], sandbox: sandbox)
        func get(_ path: String) async throws -> (Int, [String: Any]) {
            let url = URL(string: "http://127.0.0.1:\(server.port)\(path)")!
            let (data, response) = try await URLSession.shared.data(from: url)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            return (status, (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:])
        }
        let (pageStatus, page) = try await get("/api/people/?page=1")
        #expect(pageStatus == 200)
        #expect(page["next"] as? String == "http://127.0.0.1:\(server.port)/api/people/?page=2")
        #expect(try await get("/api/people/?page=2").0 == 500)
        #expect(try await get("/api/starships/10/").1["name"] as? String == "Millennium Falcon")
        #expect(try await get("/api/starships/?search=wing").1["count"] as? Int == 5)
        #expect(try await get("/api/starships/?page=9").0 == 404)
        #expect(try await get("/api/planets/1/").1["name"] as? String == "Tatooine", "every SWAPI resource is served")
        #expect(try await get("/api/droids/").0 == 404, "a resource SWAPI does not have is a 404")
    }
}
