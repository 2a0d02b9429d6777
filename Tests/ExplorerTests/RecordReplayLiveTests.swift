import Foundation
import TestSupport
import Testing

/// A live session of all six features recorded against loopback servers (`--record`), then
/// replayed with every server stopped (`--replay`): the same screens byte for byte, on the
/// recording's clock; a request never recorded, a damaged line, `net` on top of a replay, a
/// second recorder of the same file, and no secret anywhere in the file.
@Suite("Record a live session, replay it offline")
struct RecordReplayLiveTests {
    /// Every feature, each visited as a person would: examples/workshop.txt, which a
    /// transcript replays from the recording committed beside it.
    static var script: String {
        get throws { try String(contentsOf: TestPaths.examples.appendingPathComponent("workshop.txt"), encoding: .utf8) }
    }

    /// The servers of a session, and a Plugins.json naming them all.
    struct Servers {
        let swapi, itunes, tmdb, facts, races: FakeSWAPI

        func stop() {
            for server in [swapi, itunes, tmdb, facts, races] { server.stop() }
        }

        var all: [FakeSWAPI] { [swapi, itunes, tmdb, facts, races] }
    }

    static func start(_ sandbox: Sandbox) async throws -> Servers {
        let swapi = try await FakeSWAPI(sandbox: sandbox)
        let itunes = try await FakeSWAPI(
            ["--prefix", "", "--route", "/search?term=jack%20johnson&media=music&entity=song&limit=50&country=US", "search-jack-johnson.json"],
            data: TestPaths.repository.appendingPathComponent("data/itunes"), sandbox: sandbox)
        let tmdb = try await FakeSWAPI(FakeTMDB.arguments(), sandbox: sandbox)
        let facts = try await FactsLiveTests.start(sandbox, hrefs: ["10.png", "11.png", "12.png", "13.png", "14.png", "15.png", "16.png"])
        let races = try await RacesLiveTests.start(sandbox, offsets: [600, 90, -30, 3600, 300, 1800])
        try sandbox.write("""
            { "source": "live", "features": [
              { "id": "starships", "enabled": true, "baseURL": "\(swapi.baseURL)" },
              { "id": "characters", "enabled": true, "baseURL": "\(swapi.baseURL)" },
              { "id": "itunes", "enabled": true, "baseURL": "\(itunes.baseURL)" },
              { "id": "moviedb", "enabled": true, "baseURL": "\(tmdb.baseURL)",
                "settings": { "imageBaseURL": "http://127.0.0.1:\(tmdb.port)/t/p/w500" } },
              { "id": "facts", "enabled": true, "baseURL": "http://127.0.0.1:\(facts.port)",
                "settings": { "path": "/s/facts.json", "imageTimeout": 1 } },
              { "id": "races", "enabled": true, "baseURL": "\(races.baseURL)" } ] }
            """, to: "Plugins.json")
        return Servers(swapi: swapi, itunes: itunes, tmdb: tmdb, facts: facts, races: races)
    }

    static func run(_ arguments: [String], script: String? = nil, data: String, in sandbox: Sandbox) async throws -> ProcessOutput {
        let script = try script ?? Self.script
        return try await Explorer.run(["--config", sandbox.file("Plugins.json").path, "--width", "120", "--data-dir", sandbox.file(data).path]
                               + arguments, script: script, environment: ["TMDB_API_KEY": FakeTMDB.key], in: sandbox)
    }

    /// Records the session; returns the live run's output and the recording's path.
    /// The live run's data directory is moved aside after it, so that a replay into the same
    /// path starts from nothing (screens name files in it).
    static func recorded(_ sandbox: Sandbox) async throws -> (live: ProcessOutput, file: URL, servers: Servers) {
        let servers = try await start(sandbox)
        let file = sandbox.file("demo.rec")
        let live = try await run(["--record", file.path, "--clock", RacesLiveTests.clock], data: "data-here", in: sandbox)
        servers.stop()
        try FileManager.default.moveItem(at: sandbox.file("data-here"), to: sandbox.file("data-live"))
        return (live, file, servers)
    }

    @Test("a replay with every server stopped prints what the live run printed, byte for byte")
    func replayEqualsLive() async throws {
        let sandbox = try Sandbox("record-replay")
        let (live, file, servers) = try await Self.recorded(sandbox)
        // What the fake servers do not have fails the same way live and replayed: iTunes' lookup, a 404.
        #expect(live.stderrText == "warning: not refreshed: HTTP 404 from 127.0.0.1:\(servers.itunes.port) for /lookup?id=906900983&country=US\n")
        #expect(live.status == 0)
        let asked = servers.all.map { $0.requests().count }
        #expect(asked.allSatisfy { $0 > 0 }, "every server was asked: \(asked)")

        // A fresh data directory: nothing comes from a cache.
        let replay = try await Self.run(["--replay", file.path], data: "data-here", in: sandbox)
        #expect(replay.stderrText == live.stderrText)
        // The live run's first screen says `source: live`, the replay's where its answers come from.
        let (liveSource, replaySource) = (live.stdoutText.prefix { $0 != "\n" }, replay.stdoutText.prefix { $0 != "\n" })
        #expect(liveSource == "source: live")
        #expect(replaySource == "source: replay \(file.path) (\(try Self.answerCount(file)) answers, recorded 2026-11-24 09:00 UTC)")
        #expect(replay.status == 0)
        let (liveScreens, replayScreens) = (live.stdoutText.drop { $0 != "\n" }, replay.stdoutText.drop { $0 != "\n" })
        if replayScreens != liveScreens {
            Issue.record(Comment(rawValue: "the replay differs from the live run (- live, + replay):\n"
                + TextDiff.lines(expected: String(liveScreens), actual: String(replayScreens))))
        }
        // UPDATE_EXAMPLES=1 keeps this recording as the example's, with the Plugins.json it was made with.
        if ProcessInfo.processInfo.environment["UPDATE_EXAMPLES"] == "1" {
            for (from, to) in [(file, "workshop.rec"), (sandbox.file("Plugins.json"), "workshop-plugins.json")] {
                let target = TestPaths.examples.appendingPathComponent(to)
                try? FileManager.default.removeItem(at: target)
                try FileManager.default.copyItem(at: from, to: target)
            }
        }
        #expect(servers.all.map { $0.requests().count } == asked, "the replay asked no server")

        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        let answers = lines.dropFirst().compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(answers.count == lines.count - 1)
        #expect(Set(answers.compactMap { $0["feature"] as? String }) == ["starships", "characters", "itunes", "moviedb", "facts", "races"])
        #expect(answers.contains { ($0["target"] as? String)?.hasSuffix(".png") == true && $0["body_base64"] != nil },
                "facts' images are in it, as base64")
        let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(header["format"] as? String == "explorer-recording")
        #expect(header["recorded_at"] as? String == "2026-11-24T09:00:00.000Z", "to the millisecond")
    }

    @Test("the key is in no byte of the recording, and a replay needs none")
    func noSecretIsRecorded() async throws {
        let sandbox = try Sandbox("record-secrets")
        let (_, file, _) = try await Self.recorded(sandbox)
        let bytes = try Data(contentsOf: file)
        #expect(bytes.range(of: Data(FakeTMDB.key.utf8)) == nil)
        let replay = try await Explorer.run(["--config", sandbox.file("Plugins.json").path, "--width", "120", "--replay", file.path,
                                             "--data-dir", sandbox.file("keyless").path],
                                            script: "use moviedb\ntv popular\n", environment: ["TMDB_API_KEY": ""], in: sandbox)
        #expect(replay.status == 0, "\(replay.stderrText)")
        #expect(replay.stdoutText.contains("TV · Popular · page 1"), "\(replay.stdoutText)")
    }

    @Test("a request never recorded is one error naming it; a damaged line is named and left out; `net` faults and latency work on top")
    func whatTheRecordingDoesNotHold() async throws {
        let sandbox = try Sandbox("record-missing")
        let (_, file, servers) = try await Self.recorded(sandbox)
        let swapi = "127.0.0.1:\(servers.swapi.port)"

        let missing = try await Self.run(["--replay", file.path], script: "use starships\npage 4\nsource\nclock\nsource embedded\nclock\n",
                                         data: "missing", in: sandbox)
        #expect(missing.status == 1)
        #expect(missing.stderrText == "error: line 2: not in \(file.path): GET /starships/?page=4 — record it with --record\n")
        #expect(missing.stdoutText.contains("source: replay \(file.path) (\(try Self.answerCount(file)) answers, recorded 2026-11-24 09:00 UTC)\n"
                                            + "clock: virtual, stands at 2026-11-24 09:00:00 +0000\n"), "\(missing.stdoutText)")
        #expect(missing.stdoutText.contains("source: embedded\n"))
        #expect(missing.stdoutText.split(separator: "\n").last?.hasPrefix("clock: live, ") == true,
                "leaving the replay frees the clock it made virtual: \(missing.stdoutText.suffix(200))")

        let faulted = try await Self.run(["--replay", file.path, "--fail", "500 times 1"], script: "use starships\nuse starships\n",
                                         data: "faulted", in: sandbox)
        #expect(faulted.stderrText == "error: line 1: starships did not load: HTTP 500 from \(swapi) for /api/starships/?page=1; no feature is in use\n",
                "\(faulted.stderrText)")
        #expect(faulted.stdoutText.hasPrefix("Starships · page 1 of 4 · 36 in all\n"), "the second try is answered from the recording")

        // Latency on top of a replay (on its virtual clock) changes no screen.
        let slowed = try await Self.run(["--replay", file.path, "--latency", "5s"], script: "use starships\npage 2\n", data: "slowed", in: sandbox)
        #expect(slowed.stderrText == "")
        #expect(slowed.stdoutText.contains("Starships · page 2 of 4 · 36 in all\n"))

        // The first answer's line cut short, as a crash while writing it would leave it.
        var lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[1] = String(lines[1].prefix(lines[1].count / 2))
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        let damaged = try await Self.run(["--replay", file.path], script: "use starships\n", data: "damaged", in: sandbox)
        #expect(damaged.stderrText == """
            warning: \(file.path): line 2 cannot be read (cut short, or edited?) and was left out
            error: line 1: starships did not load: not in \(file.path): GET /starships/?page=1 — record it with --record; no feature is in use

            """)
        #expect(damaged.status == 1)
    }

    @Test("an iTunes preview is recorded with its bytes and played from the recording")
    func previewsAreRecorded() async throws {
        let sandbox = try Sandbox("record-preview")
        let site = sandbox.file("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        var wave = Data("RIFF".utf8) + Data([36, 0, 0, 0]) + Data("WAVEfmt ".utf8)
        wave += Data((0..<200).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try wave.write(to: site.appendingPathComponent("flake.wav"))
        let server = try await FakeSWAPI(["--data", site.path, "--prefix", "",
                                          "--route", "/search?term=flake&media=music&entity=song&limit=50&country=US", "search.json",
                                          "--route", "/previews/flake.wav", "flake.wav"], sandbox: sandbox)
        try Data(#"""
            {"resultCount": 1, "results": [{"wrapperType": "track", "kind": "song", "trackId": 906900983, "artistName": "Jack Johnson",
             "collectionName": "On and On", "trackName": "Flake", "trackNumber": 1,
             "previewUrl": "http://127.0.0.1:\#(server.port)/previews/flake.wav"}]}
            """#.utf8).write(to: site.appendingPathComponent("search.json"))
        try sandbox.write("""
            { "source": "live", "features": [ { "id": "itunes", "enabled": true, "baseURL": "\(server.baseURL)" } ] }
            """, to: "Plugins.json")
        let received = sandbox.file("played.wav")
        try sandbox.writeExecutable("#!/bin/sh\ncp \"$1\" '\(received.path)'\n", to: "bin/player")
        let script = "use itunes\nsearch flake\nopen 1\nplay\n"
        let file = sandbox.file("preview.rec")
        let run = { (arguments: [String]) in
            try await Explorer.run(["--config", sandbox.file("Plugins.json").path, "--width", "300", "--data-dir", sandbox.file("data-here").path]
                                   + arguments, script: script, environment: ["EXPLORER_PLAYER": sandbox.file("bin/player").path], in: sandbox)
        }
        let live = try await run(["--record", file.path])
        #expect(live.status == 0, "\(live.stderrText)")
        #expect(try Data(contentsOf: received) == wave)
        server.stop()
        try FileManager.default.moveItem(at: sandbox.file("data-here"), to: sandbox.file("data-live"))
        try FileManager.default.removeItem(at: received)

        let replay = try await run(["--replay", file.path])
        #expect(replay.status == 0, "\(replay.stderrText)")
        #expect(replay.stdoutText == live.stdoutText)
        #expect(try Data(contentsOf: received) == wave, "the preview the player got is the recorded one, byte for byte")
        let recorded = try String(contentsOf: file, encoding: .utf8)
        #expect(recorded.contains(#""target":"http://127.0.0.1:\#(server.port)/previews/flake.wav""#))
        #expect(recorded.contains(#""body_base64":""#))
    }

    @Test("`raw` says which layer answered: the network, the response cache, the recording; the key as •••")
    func rawSaysWhoAnswered() async throws {
        let sandbox = try Sandbox("record-raw")
        let servers = try await Self.start(sandbox)
        let file = sandbox.file("raw.rec")
        let script = "use moviedb\nraw\n"
        let fields = { (output: ProcessOutput) in
            output.stdoutText.split(separator: "\n").filter { $0.hasPrefix("  request") || $0.hasPrefix("  answered by") }.map(String.init)
        }
        let tmdb = "127.0.0.1:\(servers.tmdb.port)"
        let live = try await Self.run(["--record", file.path], script: script, data: "raw-data", in: sandbox)
        #expect(fields(live) == ["  request       GET http://\(tmdb)/3/movie/popular?page=1&api_key=•••",
                                 "  answered by   the network (\(tmdb))"], "\(live.stdoutText)\n\(live.stderrText)")
        #expect(!live.stdoutText.contains(FakeTMDB.key))
        servers.stop()
        let cached = try await Self.run([], script: script, data: "raw-data", in: sandbox)
        #expect(fields(cached) == ["  request       GET http://\(tmdb)/3/movie/popular?page=1&api_key=•••",
                                   "  answered by   the response cache (the network unavailable)"], "\(cached.stdoutText)")
        let replayed = try await Self.run(["--replay", file.path], script: script, data: "raw-replay", in: sandbox)
        #expect(fields(replayed) == ["  request       GET http://\(tmdb)/3/movie/popular?page=1",
                                     "  answered by   the recording \(file.path), line 2"], "\(replayed.stdoutText)")
    }

    @Test("a second explorer recording to the same file is refused while the first records")
    func oneRecorderAtATime() async throws {
        let sandbox = try Sandbox("record-lock")
        let file = sandbox.file("demo.rec")
        let first = try await RunningProcess(executable: TestPaths.explorer,
                                             arguments: Explorer.defaultArguments(for: [], sandbox: sandbox) + ["--width", "300", "-c", "record \(file.path)", "-"],
                                             environment: sandbox.environment)
        #expect(await first.firstLine(timeout: 60) == "recording live answers to \(file.path) (the source is embedded: nothing is recorded until `source live`)")
        let second = try await Explorer.run(["--source", "live", "--record", file.path, "-c", "features"], in: sandbox)
        #expect(second.status == 1)
        #expect(second.stderrText == "error: cannot record to \(file.path): another explorer is recording to it\n")
        #expect(second.stdoutText == "")
        first.closeStdin()
        #expect(await first.exitStatus() == 0)
        let third = try await Explorer.run(["--source", "live", "--record", file.path, "-c", "record"], in: sandbox)
        #expect(third.stdoutText == "recording live answers to \(file.path) (0 answers so far)\n", "\(third.stderrText)")
    }

    /// A recording of one races answer, received `late` after recording started (`received_at`
    /// to the millisecond), its races starting 90 and 600 s after the start.
    static func racesRecording(receivedAfter late: String, in sandbox: Sandbox) throws -> URL {
        let body = try #require(String(data: try RacesLiveTests.answer(offsets: [90, 600]), encoding: .utf8))
        let header: [String: Any] = [
            "explorer": "0.1.0", "format": "explorer-recording", "version": 1, "recorded_at": "2026-11-24T09:00:00.000Z",
            "features": [["id": "races", "baseURL": "https://api.neds.com.au/rest/v1"]],
        ]
        let answer: [String: Any] = [
            "feature": "races", "method": "GET", "target": "/racing/?count=10&method=nextraces", "status": 200,
            "headers": ["content-type": "application/json"], "received_at": "2026-11-24T09:00:\(late)Z", "body": body,
        ]
        let lines = try [header, answer].map { String(decoding: try JSONSerialization.data(withJSONObject: $0, options: .sortedKeys), as: UTF8.self) }
        let file = sandbox.file("races.rec")
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test("a replay's clock follows the times its answers came, to the millisecond: countdowns show what the live run showed")
    func replayClockFollowsTheAnswers() async throws {
        let sandbox = try Sandbox("record-clock-follows")
        // The live run's answer came 7.4 s after it started: it counted down from then (90 − 7.4 s).
        let file = try Self.racesRecording(receivedAfter: "07.400", in: sandbox)
        let output = try await Explorer.run(["--replay", file.path, "--width", "80"], script: "use races\nclock\n", in: sandbox)
        #expect(output.stderrText == "")
        let first = output.stdoutText.split(separator: "\n").first { $0.hasPrefix("1 ") }.map(String.init) ?? ""
        #expect(first.hasSuffix("1m 22s"), "counted from 09:00:07.400, not from the recording's start (1m 30s): \(output.stdoutText)")
        #expect(output.stdoutText.contains("clock: virtual, stands at 2026-11-24 09:00:07 +0000"), "\(output.stdoutText)")

        // A clock the user set is theirs: no answer moves it.
        let set = try await Explorer.run(["--replay", file.path, "--clock", "2026-11-24T08:59:00Z", "--width", "80"],
                                         script: "use races\nclock\n", in: sandbox)
        #expect(set.stdoutText.contains("clock: virtual, stands at 2026-11-24 08:59:00 +0000"), "\(set.stdoutText)")
        let moved = try await Explorer.run(["--replay", file.path, "--width", "80"], script: "clock 2026-11-24T08:59:00Z\nuse races\nclock\n", in: sandbox)
        let lastClock = moved.stdoutText.split(separator: "\n").last { $0.hasPrefix("clock:") }
        #expect(lastClock == "clock: virtual, stands at 2026-11-24 08:59:00 +0000", "the last `clock`, before its timers: \(moved.stdoutText)")
    }

    @Test("a recording keeps times to the millisecond; `--record` without live data is refused, and no file is made")
    func recordingTimes() async throws {
        let sandbox = try Sandbox("record-times")
        let refused = try await Explorer.run(["--record", sandbox.file("demo.rec").path, "-c", "use starships"], in: sandbox)
        #expect(refused.status == 64)
        #expect(refused.stderrText == "error: --record needs live data: add --source live (the source is embedded: nothing would be recorded)\n")
        #expect(refused.stdoutText == "")
        #expect(!FileManager.default.fileExists(atPath: sandbox.file("demo.rec").path))

        let server = try await FakeSWAPI(sandbox: sandbox)
        try sandbox.write(FakeSWAPI.pluginsJSON(baseURL: server.baseURL), to: "Plugins.json")
        let live = try await Explorer.run(["--source", "live", "--config", sandbox.file("Plugins.json").path, "--record", sandbox.file("demo.rec").path,
                                           "-c", "use starships"], in: sandbox)
        #expect(live.status == 0, "\(live.stderrText)")
        let lines = try String(contentsOf: sandbox.file("demo.rec"), encoding: .utf8).split(separator: "\n")
        let times = try lines.map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require((object["recorded_at"] ?? object["received_at"]) as? String)
        }
        #expect(times.count == 2)
        #expect(times.allSatisfy { $0.contains(/T\d\d:\d\d:\d\d\.\d{3}Z$/) }, "\(times)")
    }

    @Test("a replay under another Plugins.json names the base URL it was recorded with and how to replay it")
    func replayUnderAnotherConfiguration() async throws {
        let sandbox = try Sandbox("record-other-config")
        // examples/workshop.rec was recorded from loopback servers with workshop-plugins.json;
        // facts' document is at another path there.
        let recording = TestPaths.examples.appendingPathComponent("workshop.rec").path
        let output = try await Explorer.run(["--replay", recording], script: "use facts\n", in: sandbox)
        #expect(output.status == 1)
        #expect(output.stderrText == """
            error: line 1: facts did not load: not in \(recording): GET /s/2iodh4vg0eortkl/facts.json — it was recorded with facts at \
            http://127.0.0.1:45725, this run's Plugins.json has https://dl.dropboxusercontent.com: replay it with the one it was \
            recorded with (--config FILE); no feature is in use

            """)
        let asRecorded = try await Explorer.run(["--replay", recording, "--config", TestPaths.examples.appendingPathComponent("workshop-plugins.json").path],
                                                script: "use facts\n", in: sandbox)
        #expect(asRecorded.status == 0, "\(asRecorded.stderrText)")
    }

    @Test("replayed answers stay with the replay: a recording edited by hand never shows as TMDB's offline copy, nor in the offline index")
    func replayLeavesTheCachesAlone() async throws {
        let sandbox = try Sandbox("replay-caches")
        let server = try await MovieDBLiveTests.start(sandbox)
        let file = sandbox.file("demo.rec")
        let live = try await MovieDBLiveTests.run("use moviedb\n", arguments: ["--record", file.path], in: sandbox)
        #expect(live.status == 0 && live.stdoutText.contains("Fast X"), "\(live.stderrText)")
        // A recording edited by hand: its titles are not TMDB's.
        let edited = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "Fast X", with: "Planted Title")
        try edited.write(to: file, atomically: true, encoding: .utf8)
        let replayed = try await MovieDBLiveTests.run("use moviedb\n", arguments: ["--replay", file.path], in: sandbox)
        #expect(replayed.stdoutText.contains("Planted Title"), "the replay shows the recording: \(replayed.stdoutText) \(replayed.stderrText)")

        server.stop()
        let offline = try await MovieDBLiveTests.run("use moviedb\nfilter planted\nfilter fast\n", in: sandbox)
        #expect(offline.stdoutText.contains("Fast X") && !offline.stdoutText.contains("Planted Title"),
                "the offline copy is what the live server sent: \(offline.stdoutText)")
        #expect(offline.stderrText.contains("no title matches") || offline.stdoutText.contains("0 of"), "\(offline.stdoutText) \(offline.stderrText)")
    }

    @Test("a replay takes little more memory than its file: at most 1.5 times it, beyond what explorer takes anyway")
    func replayMemory() async throws {
        let sandbox = try Sandbox("replay-memory")
        // 600 answers of 100 KB each, and the first page of starships: 60 MB.
        let maker = """
            import json, sys
            page = open(sys.argv[2]).read()
            with open(sys.argv[1], "w") as f:
                f.write(json.dumps({"explorer": "0.1.0", "features": [{"baseURL": "https://swapi.dev/api", "id": "starships"}],
                                    "format": "explorer-recording", "recorded_at": "2026-11-24T09:00:00.000Z", "version": 1}) + "\\n")
                def answer(target, body):
                    return json.dumps({"feature": "starships", "method": "GET", "target": target, "status": 200,
                                       "headers": {"content-type": "application/json"}, "received_at": "2026-11-24T09:00:00.000Z", "body": body}) + "\\n"
                for i in range(600):
                    f.write(answer(f"/starships/{i}/", json.dumps({"name": "x" * 100000})))
                f.write(answer("/starships/?page=1", page))
            """
        let file = sandbox.file("big.rec")
        let made = try await ChildProcess.run(executable: await TestPaths.python(),
                                              arguments: ["-c", maker, file.path, TestPaths.swapiData.appendingPathComponent("starships-page-1.json").path],
                                              environment: [:], timeout: 60)
        #expect(made.status == 0, "\(made.stderrText)")
        // Each run's peak, as the kernel counts it for a child (wait4's rusage).
        let measure = """
            import os, subprocess, sys
            for arguments in (["-c", "quit"], ["--replay", sys.argv[3], "-c", "use starships"]):
                process = subprocess.Popen([sys.argv[1], "--data-dir", sys.argv[2]] + arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                _, status, usage = os.wait4(process.pid, 0)
                print(status, usage.ru_maxrss * 1024)
            """
        let measured = try await ChildProcess.run(executable: await TestPaths.python(), arguments: ["-c", measure, TestPaths.explorer, sandbox.dataDirectory, file.path],
                                                  environment: sandbox.environment, timeout: 120)
        let runs = measured.stdoutText.split(separator: "\n").map { $0.split(separator: " ").compactMap { Int($0) } }
        try #require(runs.count == 2 && runs.allSatisfy { $0.count == 2 && $0[0] == 0 }, "\(measured.stdoutText) \(measured.stderrText)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
        let beyond = runs[1][1] - runs[0][1]
        #expect(Double(beyond) <= 1.5 * Double(size), "\(beyond >> 20) MB beyond explorer's own for a \(size >> 20) MB recording")
    }

    static func answerCount(_ file: URL) throws -> Int {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").count - 1
    }
}
