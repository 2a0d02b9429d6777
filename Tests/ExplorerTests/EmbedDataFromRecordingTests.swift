import Foundation
import TestSupport
import Testing

/// `scripts/embed-data --from RECORDING`: the answers of a recorded live session become the
/// embedded data where a feature's manifest takes them (starships' and characters' pages,
/// iTunes searches, the races answer through scripts/make-races-data) and nowhere else, then
/// the Swift files are made again. Run on a copy of the repository's scripts and data.
@Suite("Embedded data from a recording")
struct EmbedDataFromRecordingTests {
    @Test func theRecordedSessionBecomesTheEmbeddedDataWhereItFits() async throws {
        let root = TemporaryDirectory("embed-from-recording")
        defer { root.remove() }
        let manager = FileManager.default
        for item in ["scripts/embed-data", "scripts/make-races-data", "data", "Plugins.json"] {
            let target = root.file(item)
            try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try manager.copyItem(at: TestPaths.repository.appendingPathComponent(item), to: target)
        }
        for folder in ["Sources/SWAPI", "Sources/Features/ITunes", "Sources/Features/MovieDB", "Sources/Features/Facts",
                       "Sources/Features/Races", "Sources/explorer"] {
            try manager.createDirectory(at: root.file(folder), withIntermediateDirectories: true)
        }
        let recording = TestPaths.examples.appendingPathComponent("workshop.rec")
        let python = await TestPaths.python()
        let output = try await ChildProcess.run(executable: python, arguments: [root.file("scripts/embed-data").path, "--from", recording.path],
                                                environment: ["PATH": "/usr/bin:/bin"], timeout: 120)
        #expect(output.status == 0, "\(output.stderrText)")
        let said = output.stdoutText.split(separator: "\n").map(String.init)
        #expect(said.filter { $0.contains("→ data/swapi/starships-page-") }.count == 2)
        #expect(said.filter { $0.contains("→ data/swapi/people-page-") }.count == 9)
        #expect(said.contains { $0.hasSuffix("→ data/itunes/search-jack-johnson.json") })
        #expect(said.contains { $0.hasSuffix("→ data/races/nextraces.json (through scripts/make-races-data)") })
        #expect(said.contains { $0.hasPrefix("left out, HTTP 404:") }, "the iTunes lookup and the MovieDB detail the servers lacked")
        #expect(said.contains { $0.hasPrefix("left out, moviedb: no data folder takes /movie/popular?page=1") },
                "MovieDB's embedded texts are our own: it takes no recording")
        #expect(said.contains { $0.hasPrefix("left out, not a JSON answer") }, "facts' images")
        #expect(said.last?.hasSuffix("file(s) rewritten") == true)

        // The files are the recorded answers, and the Swift made from them holds them.
        let lines = try String(contentsOf: recording, encoding: .utf8).split(separator: "\n")
        let pageOne = try #require(lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .first { $0["target"] as? String == "/starships/?page=1" })
        #expect(try String(contentsOf: root.file("data/swapi/starships-page-1.json"), encoding: .utf8) == (pageOne["body"] as? String ?? "") + "\n")
        let swift = try String(contentsOf: root.file("Sources/SWAPI/EmbeddedStarshipPages.swift"), encoding: .utf8)
        #expect(swift.contains("http://127.0.0.1:"), "the recorded pages' links, from the loopback server they were recorded from")
        let races = try String(contentsOf: root.file("data/races/nextraces.json"), encoding: .utf8)
        #expect(races.contains("Meeting 1") && !races.contains("race_comment"))
        #expect(!manager.fileExists(atPath: root.file("data/tmdb/movie-popular-page-1.json").path + ".new"))
        #expect(try Data(contentsOf: root.file("data/tmdb/movie-popular-page-1.json"))
                == Data(contentsOf: TestPaths.repository.appendingPathComponent("data/tmdb/movie-popular-page-1.json")))
    }

    @Test func whatIsNotARecordingIsRefused() async throws {
        let root = TemporaryDirectory("embed-not-a-recording")
        defer { root.remove() }
        try Data("{\"hello\": 1}\n".utf8).write(to: root.file("x.rec"))
        let python = await TestPaths.python()
        let output = try await ChildProcess.run(executable: python, arguments: [TestPaths.repository.appendingPathComponent("scripts/embed-data").path,
                                                                               "--from", root.file("x.rec").path, "--check"],
                                                environment: ["PATH": "/usr/bin:/bin"], timeout: 60)
        #expect(output.status == 2)
        #expect(output.stderrText == "usage: scripts/embed-data [--check | --from RECORDING]\n")
        let refused = try await ChildProcess.run(executable: python, arguments: ["-c", """
            import runpy, sys, pathlib
            module = runpy.run_path(sys.argv[1])
            sys.exit(module["take"](pathlib.Path(sys.argv[2])))
            """, TestPaths.repository.appendingPathComponent("scripts/embed-data").path, root.file("x.rec").path],
                                                 environment: ["PATH": "/usr/bin:/bin"], timeout: 60)
        #expect(refused.status == 1)
        #expect(refused.stderrText == "\(root.file("x.rec").path): not an explorer recording of version 1\n")
    }
}
