import Foundation
import TestSupport
import Testing

/// Live characters and iTunes against TestSupport/fake_swapi.py, for what the `characters-*` and
/// `itunes-*` transcripts cannot say: with the default settings the characters' pages 2–9 are
/// fetched in parallel, so the order of their requests (and of their trace lines) varies from
/// run to run; what must hold is that page 1 comes first, every page is asked for exactly
/// once, and the whole load takes two round trips, not nine. Also what a fake player receives,
/// and that live iTunes prints exactly what the offline catalogue prints.
@Suite("Live characters and iTunes from a fake server")
struct CharactersAndITunesLiveTests {
    /// The old swapi.co people: 87 over 9 pages (Fixtures/README.md).
    private static let swapiCo2020 = TestPaths.fixtures.appendingPathComponent("swapi-co-2020")
    private static let allPeoplePages = (1...9).map { "/api/people/?page=\($0)" }

    /// A Plugins.json with just `feature` (default settings) at `baseURL`.
    private static func pluginsJSON(_ feature: String, baseURL: String) -> String {
        """
        { "source": "embedded",
          "features": [ { "id": "\(feature)", "enabled": true, "baseURL": "\(baseURL)" } ] }

        """
    }

    /// Runs explorer with live data from `server` for `feature` (`--source live --timeout 2`).
    private func runLive(_ feature: String, _ script: String, server: FakeSWAPI, sandbox: Sandbox) async throws -> ProcessOutput {
        try sandbox.write(Self.pluginsJSON(feature, baseURL: server.baseURL), to: "Plugins.json")
        return try await Explorer.run(
            ["--source", "live", "--config", sandbox.file("Plugins.json").path, "--timeout", "2"],
            script: script, in: sandbox)
    }

    /// The page numbers of `trace: GET /people/?page=N → …` lines, in the order printed.
    private static func tracedPages(_ stderr: String) -> [Int] {
        stderr.split(separator: "\n").compactMap { line -> Int? in
            let prefix = "trace: GET /people/?page="
            guard line.hasPrefix(prefix) else { return nil }
            return Int(line.dropFirst(prefix.count).prefix { $0.isNumber })
        }
    }

    @Test("87 live characters: page 1 first, then the other 8 pages at once, each requested exactly once")
    func parallelPagesLoadOnceEach() async throws {
        let sandbox = try Sandbox("characters-parallel")
        // Every answer waits 400 ms, so pages asked for together are in the server together.
        let inFlight = sandbox.file("in-flight").path
        let server = try await FakeSWAPI(["--delay-ms", "400", "--in-flight", inFlight], data: Self.swapiCo2020, sandbox: sandbox)
        let output = try await runLive("characters", "trace on\nuse characters\n", server: server, sandbox: sandbox)

        #expect(output.stderrText.split(separator: "\n").allSatisfy { $0.hasPrefix("trace: ") }, "only trace lines on stderr")
        #expect(output.status == 0)
        #expect(output.stdoutText.hasPrefix("trace: on\nCharacters · 87 in all\n"))
        #expect(output.stdoutText.contains("\n87  ☆  Padmé Amidala "), "the last row, from page 9")

        let requests = server.requests()
        #expect(requests.first == "/api/people/?page=1", "page 1 first (it tells the count): \(requests)")
        #expect(requests.sorted() == Self.allPeoplePages, "each page exactly once: \(requests)")

        let traced = Self.tracedPages(output.stderrText)
        #expect(traced.first == 1, "the trace shows page 1 first: \(traced)")
        #expect(traced.sorted() == Array(1...9), "one trace line per page: \(traced)")
        #expect(output.stderrText.contains("trace: GET /people/?page=9 → 200"))
        let lastGET = output.stderrText.range(of: "trace: GET", options: .backwards)
        let loaded = output.stderrText.range(of: "trace: CharactersViewModel.state ← list, 87 of 87 items")
        #expect(lastGET != nil && loaded != nil && lastGET!.lowerBound < loaded!.lowerBound,
                "the list is published once, after the last page")

        // Two round trips: page 1, then the 8 others together (at most 8 in flight by default),
        // counted by the server, not timed. Every answer waits 400 ms, far longer than it takes
        // to send 8 requests, so all 8 are in the server at once.
        let most = Int(try String(contentsOfFile: inFlight, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(most == 8, "the server saw at most \(most) requests at once")
    }

    @Test("a failing page among the parallel ones fails the whole load, naming it, and shows nothing")
    func failingParallelPageShowsNothing() async throws {
        let sandbox = try Sandbox("characters-parallel-fail")
        let server = try await FakeSWAPI(["--fail", "people:4=500"], data: Self.swapiCo2020, sandbox: sandbox)
        let output = try await runLive("characters", "use characters\n", server: server, sandbox: sandbox)

        #expect(output.stderrText == "error: line 1: characters did not load: page 4 of 9 failed: HTTP 500 from 127.0.0.1:\(server.port) for /api/people/?page=4; no feature is in use\n")
        #expect(output.stdoutText == "", "nothing half-loaded is shown")
        #expect(output.status == 1)
        let requests = server.requests()
        #expect(requests.first == "/api/people/?page=1")
        #expect(requests.filter { $0 == "/api/people/?page=4" }.count == 1, "page 4 is not retried: \(requests)")
        #expect(Set(requests).count == requests.count, "no page is asked for twice: \(requests)")
    }

    @Test("play hands the cached preview to $EXPLORER_PLAYER as its only argument")
    func playerGetsThePreviewFile() async throws {
        let sandbox = try Sandbox("itunes-player-arguments")
        let received = sandbox.file("player-arguments.txt")
        try sandbox.writeExecutable("#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(received.path)'\n", to: "bin/player")
        let output = try await Explorer.run(
            ["--width", "300"], script: "use itunes\nsearch jack johnson\nopen 1\nplay\n",
            environment: ["EXPLORER_PLAYER": sandbox.file("bin/player").path], in: sandbox)

        #expect(output.stderrText == "")
        #expect(output.status == 0)
        let preview = sandbox.file("data/cache/itunes/previews/906900983.wav")
        #expect(output.stdoutText.hasSuffix("played the preview of “Flake” with player (\(preview.path); the embedded data has no audio, so a tone stood in: `source live` plays the real preview)\n"))
        #expect((try? String(contentsOf: received, encoding: .utf8)) == preview.path + "\n")
        let header = (try? Data(contentsOf: preview)).map { Array($0.prefix(12)) } ?? []
        #expect(header.count == 12 && Array(header[0..<4]) == Array("RIFF".utf8) && Array(header[8..<12]) == Array("WAVE".utf8),
                "the cached preview is a WAV file")
    }

    @Test("live iTunes search and paging print exactly what the offline catalogue prints")
    func liveITunesEqualsEmbedded() async throws {
        let script = "use itunes\nsearch jack johnson\npage 2\npage 3\npage 4\npage 5\n"
        let liveSandbox = try Sandbox("itunes-live-equals-embedded")
        let server = try await FakeSWAPI(
            ["--prefix", "", "--route", "/search?term=jack%20johnson&media=music&entity=song&limit=50&country=US",
             "search-jack-johnson.json"],
            data: TestPaths.repository.appendingPathComponent("data/itunes"), sandbox: liveSandbox)
        async let live = runLive("itunes", script, server: server, sandbox: liveSandbox)
        async let embedded = Explorer.run([], script: script, in: try Sandbox("itunes-embedded-reference"))
        let (liveOutput, embeddedOutput) = try await (live, embedded)

        #expect(liveOutput.stderrText == "")
        #expect(liveOutput.status == 0)
        #expect(liveOutput.stdoutText.contains("iTunes · \"jack johnson\" · page 5 of 5 · 50 results\n"))
        if liveOutput.stdoutText != embeddedOutput.stdoutText {
            Issue.record(Comment(rawValue: "live stdout differs from embedded (- embedded, + live):\n"
                + TextDiff.lines(expected: embeddedOutput.stdoutText, actual: liveOutput.stdoutText)))
        }
        #expect(server.requests() == ["/search?term=jack%20johnson&media=music&entity=song&limit=50&country=US"],
                "one search; paging needs no request")
    }
}
