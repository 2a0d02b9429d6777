import Foundation
import TestSupport
import Testing

/// Only an answer that decoded is ever cached: after a good answer was kept, a server that
/// answers a success with a body that is no answer (empty, a 204 with a body, NULs, `[[[[…`,
/// `{"results":{`, half of the real one) fails `refresh` in one line, and a later run with the
/// network down still shows the copy kept before — for each feature that keeps answers.
@Suite("A bad answer never replaces the cached one")
struct BadAnswerCacheLiveTests {
    static let kinds = ["empty", "no-content", "nuls", "nested", "open", "half"]

    /// Two hours after the run against the server, by the virtual clock.
    static let later = ["--clock", "2026-11-23T12:00:00Z"]

    @Test("facts: the document", arguments: kinds)
    func facts(kind: String) async throws {
        let sandbox = try Sandbox("bad-answer-facts-\(kind)")
        let server = try await FactsLiveTests.start(sandbox, hrefs: [], server: ["--bad", "*=\(kind),after=1"])
        let live = try await FactsLiveTests.run("use facts\nrefresh\n", in: sandbox)
        #expect(live.stdoutText.hasPrefix("About Canada · 13 facts"), "the first answer is good: \(live.stdoutText)")
        #expect(live.stderrText.hasPrefix("error: line 2: unreadable answer from 127.0.0.1:\(server.port) for /s/facts.json: "),
                "\(live.stderrText)")
        #expect(live.stderrText.split(separator: "\n").count == 1, "one line: \(live.stderrText)")
        #expect(live.status == 1)
        #expect(server.requests() == ["/s/facts.json", "/s/facts.json"])
        server.stop()

        let offline = try await FactsLiveTests.run("use facts\n", arguments: Self.later, in: sandbox)
        #expect(offline.stdoutText.hasPrefix("About Canada · 13 facts"), "\(offline.stdoutText)")
        #expect(offline.stderrText == "warning: network unavailable: showing the 13 facts cached 2 h ago\n")
        #expect(offline.status == 0)
    }

    /// A page that is JSON but not whole TMDB titles: ids past what an integer holds, titles
    /// whose bytes are not UTF-8. It fails, and the copy kept before (and its offline index) stays.
    @Test("moviedb: a page whose titles do not all read fails, and the cached copy stays", arguments: ["huge-ids", "not-utf8"])
    func movieDBTitlesThatDoNotRead(kind: String) async throws {
        let sandbox = try Sandbox("bad-titles-moviedb-\(kind)")
        let folder = try MovieDBLiveTests.answers(in: sandbox)
        let good = try Data(contentsOf: folder.appendingPathComponent("movie-popular-page-1.json"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("movie-popular-page-1.json"))
        // Sent as it is, read again at each request (not a JSON route, which the server parses).
        let page = folder.appendingPathComponent("popular.bin")
        try good.write(to: page)
        let server = try await FakeSWAPI(FakeTMDB.arguments(data: folder) + ["--route", "/3/movie/popular?page=1", "popular.bin"], sandbox: sandbox)
        try sandbox.write(FakeTMDB.pluginsJSON(baseURL: server.baseURL, imageBaseURL: "http://127.0.0.1:\(server.port)/t/p/w500"), to: "Plugins.json")
        let first = try await MovieDBLiveTests.run("use moviedb\n", in: sandbox)
        #expect(first.status == 0 && first.stdoutText.contains("Fast X"), "\(first.stderrText)")

        var text = String(decoding: good, as: UTF8.self)
        switch kind {
        case "huge-ids":
            text = text.replacingOccurrences(of: #""id":\s*(\d+)"#, with: #""id": 1844674407370955161$1"#, options: .regularExpression)
            try Data(text.utf8).write(to: page)
        default:
            var bytes = [UInt8](good)
            for range in text.ranges(of: "\"title\": \"").reversed() {
                let at = text.utf8.distance(from: text.utf8.startIndex, to: range.upperBound)
                bytes.insert(contentsOf: [0xFF, 0xFE], at: at)
            }
            try Data(bytes).write(to: page)
        }
        let bad = try await MovieDBLiveTests.run("use moviedb\n", in: sandbox)
        #expect(bad.status == 1)
        #expect(bad.stderrText.hasPrefix("error: line 1: moviedb did not load: unreadable answer from 127.0.0.1:\(server.port) for /3/movie/popular?page=1&api_key=•••"),
                "\(bad.stderrText)")
        server.stop()

        let offline = try await MovieDBLiveTests.run("use moviedb\nfilter fast\n", arguments: Self.later, in: sandbox)
        #expect(offline.stdoutText.hasPrefix("Movies · Popular · page 1 of 500 · 779,157 movies\n"), "\(offline.stdoutText)")
        #expect(offline.stdoutText.contains("Fast X") && !offline.stdoutText.contains("untitled"), "\(offline.stdoutText)")
        #expect(offline.stdoutText.contains("filter \"fast\" · 1 of 20 cached"), "the offline index kept its 20 titles: \(offline.stdoutText)")
    }

    @Test("moviedb: a page and a detail", arguments: kinds)
    func movieDB(kind: String) async throws {
        let sandbox = try Sandbox("bad-answer-moviedb-\(kind)")
        // The page and the detail answer well once, then badly.
        let server = try await MovieDBLiveTests.start(sandbox, extra: ["--bad", "*=\(kind),after=2"])
        let live = try await MovieDBLiveTests.run("use moviedb\nopen 2\nrefresh\nback\nrefresh\n", in: sandbox)
        // What the body is instead differs by kind (`an empty body, not JSON`, `not valid JSON …`).
        let errors = live.stderrText.split(separator: "\n")
        #expect(errors.count == 2, "\(live.stderrText)")
        #expect(errors.first?.hasPrefix("error: line 3: unreadable answer from 127.0.0.1:\(server.port) for /3/movie/697843?append_to_response=videos&api_key=•••: ") == true,
                "\(live.stderrText)")
        #expect(errors.last?.hasPrefix("error: line 5: unreadable answer from 127.0.0.1:\(server.port) for /3/movie/popular?page=1&api_key=•••: ") == true,
                "\(live.stderrText)")
        #expect(live.status == 1)
        server.stop()

        let offline = try await MovieDBLiveTests.run("use moviedb\nopen 2\n", arguments: Self.later, in: sandbox)
        #expect(offline.stdoutText.hasPrefix("Movies · Popular · page 1 of 500 · 779,157 movies\n"), "\(offline.stdoutText)")
        #expect(offline.stdoutText.contains("runtime "), "the detail kept before: \(offline.stdoutText)")
        #expect(offline.stderrText == "warning: offline — cached 2 h ago\nwarning: offline — cached 2 h ago\n")
        #expect(offline.status == 0)
    }
}
