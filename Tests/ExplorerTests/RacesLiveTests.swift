import Foundation
import TestSupport
import Testing

/// Races live, against a loopback server answering with races that start relative to now —
/// the virtual clock's, so a run that waited its turn on a loaded machine sees the same races:
/// the list and its countdowns, the header Neds asks for, a failing poll kept in the heading,
/// and the network unavailable told apart.
@Suite("Races live, against a fake server")
struct RacesLiveTests {
    /// The moment every run of these tests stands at (`--clock`).
    static let clock = "2026-11-24T09:00:00Z"

    /// A Neds answer whose races start `offsets` seconds after ``clock``, one per category in turn.
    static func answer(offsets: [Int]) throws -> Data {
        let now = ISO8601DateFormatter().date(from: clock)!.timeIntervalSince1970
        let categories = ["4a2788f8-e825-4d36-9894-efd4baf1cfae", "161d9be2-e909-4326-8c2c-35ed71fb460b", "9daef0d7-bf3c-4f50-921d-8e818c60fe61"]
        var summaries: [String: Any] = [:]
        var ids: [String] = []
        for (index, offset) in offsets.enumerated() {
            let id = "race-\(index + 1)"
            ids.append(id)
            summaries[id] = [
                "race_id": id, "race_name": "Race \(index + 1)", "race_number": index + 1, "meeting_name": "Meeting \(index + 1)",
                "category_id": categories[index % 3], "advertised_start": ["seconds": Int(now) + offset],
                "venue_name": "Venue \(index + 1)", "venue_state": "VIC", "venue_country": "AUS",
                "race_form": ["distance": 1200 + index * 100, "distance_type": ["short_name": "m"], "track_condition": ["name": "Good4"]],
            ]
        }
        return try JSONSerialization.data(withJSONObject: [
            "status": 200, "message": "Next races", "data": ["next_to_go_ids": ids, "race_summaries": summaries],
        ])
    }

    static func start(_ sandbox: Sandbox, offsets: [Int], extra: [String] = []) async throws -> FakeSWAPI {
        try FileManager.default.createDirectory(at: sandbox.file("site"), withIntermediateDirectories: true)
        try answer(offsets: offsets).write(to: sandbox.file("site/races.json"))
        let server = try await FakeSWAPI(["--data", sandbox.file("site").path, "--prefix", "/rest/v1",
                                    "--route", "/rest/v1/racing/?method=nextraces&count=10", "races.json",
                                    "--require", "header:Content-type=application/json"] + extra, sandbox: sandbox)
        try sandbox.write("""
            { "source": "live", "features": [ { "id": "races", "enabled": true, "baseURL": "\(server.baseURL)" } ] }
            """, to: "Plugins.json")
        return server
    }

    static func run(_ script: String, in sandbox: Sandbox) async throws -> ProcessOutput {
        try await Explorer.run(["--config", sandbox.file("Plugins.json").path, "--clock", clock], script: script, in: sandbox)
    }

    @Test("a day of virtual time on live data asks the live API at most once more, whatever moves the clock")
    func virtualTimeDoesNotHammerTheLiveAPI() async throws {
        let sandbox = try Sandbox("races-live-watch-day")
        let server = try await Self.start(sandbox, offsets: [600, 90, -30, 3600, 300, 1800])
        let output = try await Self.run("use races\nwatch 1d\n", in: sandbox)
        #expect(output.status == 0, "\(output.stderrText)")
        let asked = server.requests().filter { $0.hasPrefix("/rest/v1/racing/") }.count
        #expect(asked == 2, "`use races`, then one poll as the day of watching ends (288 polls were due): \(asked)")
        #expect(output.stdoutText.hasSuffix("updated just now\n") || output.stdoutText.contains("updated just now"), "the end state, fresh: \(output.stdoutText.suffix(300))")
    }

    @Test("the next five races, soonest first, counting down from now; the request carries Neds' header")
    func liveList() async throws {
        let sandbox = try Sandbox("races-live")
        let server = try await Self.start(sandbox, offsets: [600, 90, -30, 3600, -200, 300, 1800])
        let output = try await Self.run("use races\nopen 1\n", in: sandbox)
        #expect(output.stderrText == "", "\(output.stderrText)")
        let rows = output.stdoutText.split(separator: "\n").filter { $0.contains("Meeting ") && $0.first?.isNumber == true }.map(String.init)
        let meetings = rows.compactMap { row in row.firstRange(of: /Meeting (\d+)/).map { String(row[$0].dropFirst(8)) } }
        #expect(meetings == ["3", "2", "6", "1", "7"], "race 5 started 200 s ago and has left; the rest soonest first: \(rows)")
        #expect(rows.first?.contains(/\s-[34]\ds$/) == true, "started about 30 s ago: \(rows)")
        #expect(output.stdoutText.contains("Next to go · 5 of 6 races · updated just now"))
        #expect(output.stdoutText.contains("distance  1,400 m"))
        #expect(server.requests() == ["/rest/v1/racing/?method=nextraces&count=10"])
    }

    @Test("a server that keeps answering races that already started: `watch 1h` and `clock +1d` fetch once each")
    func staleServer() async throws {
        let sandbox = try Sandbox("races-live-stale")
        let server = try await Self.start(sandbox, offsets: [-900, -800, -700])
        // The answer's races started long before the clock stands.
        let output = try await Self.run("use races\nwatch 1h\nclock +1d\nraces\n", in: sandbox)
        #expect(output.stderrText == "")
        #expect(output.status == 0)
        // Loaded at 0; the hour watched polls once, as it ends (its 12 polls and early fetches
        // held back: the clock moved on in one go, as far as the API can tell); then the day: its
        // last poll only. Before: an early fetch at every re-sort, 72 an hour plus the polls, and
        // 288 polls a day; then 14 in the hour.
        #expect(server.requests().count == 1 + 1 + 1, "\(server.requests().count) requests")
        #expect(output.stdoutText.hasSuffix("Next to go · 0 of 0 races · updated just now\nno race is coming up\n"), "\(output.stdoutText)")
    }

    @Test("a failed update keeps the list and says so in the heading; with nothing loaded, the error is worded as in every feature")
    func failures() async throws {
        let sandbox = try Sandbox("races-live-failing")
        let server = try await Self.start(sandbox, offsets: [300, 400, 500, 600, 700],
                                    extra: ["--fail", "/rest/v1/racing/?method=nextraces&count=10=500,after=1"])
        let output = try await Self.run("use races\nrefresh\nraces\n", in: sandbox)
        #expect(output.stderrText == "error: line 2: HTTP 500 from 127.0.0.1:\(server.port) for /rest/v1/racing/?method=nextraces&count=10\n")
        #expect(output.stdoutText.contains("Next to go · 5 of 5 races · last good update just now; the latest update failed: HTTP 500"))
        server.stop()

        let empty = try Sandbox("races-live-offline")
        try empty.write(try String(contentsOf: sandbox.file("Plugins.json"), encoding: .utf8), to: "Plugins.json")
        let offline = try await Self.run("use races\n", in: empty)
        #expect(offline.stderrText
                == "error: line 1: races did not load: network unavailable: 127.0.0.1:\(server.port) refused the connection for /rest/v1/racing/?method=nextraces&count=10; no feature is in use\n")
        #expect(offline.status == 1)
    }
}
