import Foundation
import TestSupport
import Testing

/// MovieDB live, against a loopback TMDB (``FakeTMDB``) that asks for an API key: the same
/// screens as the embedded data, the key's three sources and its errors, paging, search, the
/// offline cache once the server is gone, posters in the image cache, and the key never shown
/// or stored anywhere.
@Suite("MovieDB live, against a fake TMDB")
struct MovieDBLiveTests {
    /// A folder of answers: the embedded ones, a page 2 of popular movies, a search, a poster.
    static func answers(in sandbox: Sandbox) throws -> URL {
        let folder = sandbox.file("tmdb")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
        for file in try FileManager.default.contentsOfDirectory(atPath: TestPaths.tmdbData.path) where file.hasSuffix(".json") {
            try FileManager.default.copyItem(at: TestPaths.tmdbData.appendingPathComponent(file), to: folder.appendingPathComponent(file))
        }
        // Page 2: page 1's titles under new ids, so rows 21–40 are told apart.
        let page1 = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("movie-popular-page-1.json"))) as! [String: Any]
        var page2 = page1
        page2["page"] = 2
        page2["results"] = (page1["results"] as! [[String: Any]]).map { item -> [String: Any] in
            var item = item
            item["id"] = (item["id"] as! Int) + 10_000_000
            item["title"] = "\(item["title"] as! String) II"
            return item
        }
        try JSONSerialization.data(withJSONObject: page2).write(to: folder.appendingPathComponent("movie-popular-page-2.json"))
        try Data(#"{"page":1,"total_pages":1,"total_results":1,"results":[{"id":335983,"title":"Venom","release_date":"2018-09-28","genre_ids":[878,28],"vote_average":6.8,"vote_count":14000,"overview":"A reporter bonds with an alien symbiote."}]}"#.utf8)
            .write(to: folder.appendingPathComponent("search-movie-venom-page-1.json"))
        try Data(#"{"page":1,"total_pages":0,"total_results":0,"results":[]}"#.utf8)
            .write(to: folder.appendingPathComponent("search-movie-nosuch-page-1.json"))
        try Self.poster.write(to: folder.appendingPathComponent("images/7gKI9hpEMcZUQpNgKrkDzJpbnNS.jpg"))
        return folder
    }

    /// Row 2's poster: a 500×750 PNG's header, 1008 bytes in all.
    static let poster = TestImages.png(width: 500, height: 750) + Data(repeating: 7, count: 1008 - 233)

    /// Starts the fake TMDB for `sandbox` and writes a Plugins.json pointing at it.
    static func start(_ sandbox: Sandbox, extra: [String] = [], requireKey: Bool = true) async throws -> FakeSWAPI {
        let server = try await FakeSWAPI(FakeTMDB.arguments(data: try answers(in: sandbox), requireKey: requireKey) + extra, sandbox: sandbox)
        try sandbox.write(FakeTMDB.pluginsJSON(baseURL: server.baseURL, imageBaseURL: "http://127.0.0.1:\(server.port)/t/p/w500"),
                          to: "Plugins.json")
        return server
    }

    static func run(_ script: String, live: Bool = true, environment: [String: String] = ["TMDB_API_KEY": FakeTMDB.key],
                    arguments: [String] = [], in sandbox: Sandbox) async throws -> ProcessOutput {
        try await Explorer.run(
            ["--source", live ? "live" : "embedded", "--config", sandbox.file("Plugins.json").path, "--timeout", "5",
             "--clock", "2026-11-23T10:00:00Z"] + arguments,
            script: script, environment: environment.merging(["XDG_CONFIG_HOME": sandbox.file("config").path]) { $1 }, in: sandbox)
    }

    @Test("live pages and details print exactly what the embedded data prints")
    func liveEqualsEmbedded() async throws {
        let script = "use moviedb\nopen 2\nback\nmovies top\nmovies upcoming\ntv popular\ntv top\nopen 6\ntrailer 3\nfilter the\n"
        let sandbox = try Sandbox("moviedb-live-equals")
        let server = try await Self.start(sandbox)
        async let live = Self.run(script, environment: ["TMDB_API_KEY": FakeTMDB.key, "PATH": "/nonexistent"], in: sandbox)
        async let embedded = Explorer.run([], script: script, environment: ["PATH": "/nonexistent"], in: try Sandbox("moviedb-embedded-reference"))
        let (liveOutput, embeddedOutput) = try await (live, embedded)

        #expect(liveOutput.stderrText == "")
        #expect(liveOutput.status == 0)
        let liveText = liveOutput.stdoutText.replacingOccurrences(of: "http://127.0.0.1:\(server.port)/t/p/w500", with: "https://image.tmdb.org/t/p/w500")
        // The embedded data says it holds TMDB's first page only (`page 1 of 1 embedded (TMDB
        // has 500)`) where live says `page 1 of 500`: the rest is the same.
        let embeddedText = embeddedOutput.stdoutText.replacing(/page 1 of 1 embedded \(TMDB has ([0-9,]+)\)/) { "page 1 of \($0.1)" }
        if liveText != embeddedText {
            Issue.record(Comment(rawValue: "live differs from embedded (- embedded, + live):\n"
                + TextDiff.lines(expected: embeddedText, actual: liveText)))
        }
        #expect(server.requests() == [
            "/3/movie/popular?page=1&api_key=\(FakeTMDB.key)",
            "/3/movie/697843?append_to_response=videos&api_key=\(FakeTMDB.key)",
            "/3/movie/top_rated?page=1&api_key=\(FakeTMDB.key)",
            "/3/movie/upcoming?page=1&api_key=\(FakeTMDB.key)",
            "/3/tv/popular?page=1&api_key=\(FakeTMDB.key)",
            "/3/tv/top_rated?page=1&api_key=\(FakeTMDB.key)",
            "/3/tv/60625?append_to_response=videos&api_key=\(FakeTMDB.key)",
        ], "one request per page or detail, none for filter")
    }

    @Test("pages continue the row numbers; page 1 is not asked for twice; search pages TMDB's answer")
    func pagingAndSearch() async throws {
        let sandbox = try Sandbox("moviedb-live-paging")
        let server = try await Self.start(sandbox)
        let output = try await Self.run("use moviedb\npage 2\nopen 21\nback\npage 1\nsearch venom\nsearch nosuch\n", in: sandbox)

        #expect(output.stderrText == "", "\(output.stderrText)")
        #expect(output.stdoutText.contains("Movies · Popular · page 2 of 500 · 779,157 movies"))
        #expect(output.stdoutText.contains("21  ☆  Fast X II"))
        #expect(output.stdoutText.contains("☆ Fast X II  (row 21)"))
        #expect(output.stdoutText.contains("Search movies · \"venom\" · page 1 of 1 · 1 result"))
        #expect(output.stdoutText.contains(" 1  ☆  Venom") || output.stdoutText.contains("1  ☆  Venom"))
        #expect(output.stdoutText.contains("No results for \"nosuch\""))
        #expect(server.requests().filter { $0.hasPrefix("/3/movie/popular") }.count == 2)
        #expect(server.requests().contains("/3/search/movie?query=venom&page=1&include_adult=false&api_key=\(FakeTMDB.key)"))
    }

    @Test("the key from TMDB_API_KEY, TMDB_READ_TOKEN (as a bearer header) or the key file; none: one clear line and no request")
    func keySources() async throws {
        let sandbox = try Sandbox("moviedb-live-keys")
        let server = try await FakeSWAPI(FakeTMDB.arguments(data: try Self.answers(in: sandbox), requireKey: false)
                                   + ["--require", "header:Authorization=Bearer eyJ.token.x"], sandbox: sandbox)
        try sandbox.write(FakeTMDB.pluginsJSON(baseURL: server.baseURL, imageBaseURL: "http://127.0.0.1:\(server.port)/t/p/w500"),
                          to: "Plugins.json")

        let none = try await Self.run("use moviedb\n", environment: [:], in: sandbox)
        #expect(none.status == 1)
        #expect(none.stderrText.hasPrefix("error: line 1: moviedb did not load: TMDB needs an API key for live data: set TMDB_API_KEY (a v3 key) or TMDB_READ_TOKEN"))
        #expect(none.stderrText.contains(sandbox.file("config").path + "/explorer/tmdb-key (the apiKeyFile setting)"))
        #expect(server.requests().isEmpty, "no request without a key")

        let token = try await Self.run("use moviedb\n", environment: ["TMDB_READ_TOKEN": "eyJ.token.x"], in: sandbox)
        #expect(token.status == 0, "\(token.stderrText)")
        #expect(server.requests() == ["/3/movie/popular?page=1"], "the token goes in a header, nothing in the URL")

        try sandbox.write("eyJ.token.x\n", to: "config/explorer/tmdb-key")
        let file = try await Self.run("use moviedb\n", environment: [:], in: sandbox)
        #expect(file.status == 0, "\(file.stderrText)")
    }

    @Test("a key TMDB rejects: its own message, once")
    func rejectedKey() async throws {
        let sandbox = try Sandbox("moviedb-live-401")
        let server = try await Self.start(sandbox)
        let output = try await Self.run("use moviedb\n", environment: ["TMDB_API_KEY": "not-the-key"], in: sandbox)
        #expect(server.requests() == ["/3/movie/popular?page=1&api_key=not-the-key"])
        #expect(output.stderrText == "error: line 1: moviedb did not load: TMDB rejected the API key (status 7: Invalid API key: You must be granted a valid key.); no feature is in use\n")
        #expect(output.status == 1)
    }

    @Test("offline: with the server gone, pages and details fetched before, filter and search answer from the cache, saying so")
    func offlineFromTheCache() async throws {
        let sandbox = try Sandbox("moviedb-live-offline")
        let server = try await Self.start(sandbox)
        let online = try await Self.run("use moviedb\nopen 2\nback\nmovies top\nopen 1\n", in: sandbox)
        #expect(online.stderrText == "", "\(online.stderrText)")
        server.stop()

        // Two hours later, by the virtual clock.
        let offline = try await Self.run(
            "use moviedb\nfilter extraction\nopen 1\nfilter clear\npage 1\nmovies top\nopen 1\nback\nopen 2\nback\nsearch godfather\nrefresh\n",
            arguments: ["--clock", "2026-11-23T12:00:00Z"], in: sandbox)
        let out = offline.stdoutText
        #expect(out.hasPrefix("Movies · Popular · page 1 of 500 · 779,157 movies\n"))
        #expect(out.contains("Movies · Popular · filter \"extraction\" · 1 of 20 cached"))
        #expect(out.contains("☆ Extraction 2  (row 1)"))
        #expect(out.contains("runtime   2 h 3 min"), "the detail fetched before, from the cache")
        #expect(out.contains("Movies · Top rated · page 1 of 500 · 11,204 movies"))
        #expect(out.contains("☆ The Godfather  (row 1)"))
        #expect(out.contains("note: offline: this detail was never fetched, so this is what the list says"), "row 2 of top rated was never opened")
        #expect(out.contains("offline: 2 cached results for \"godfather\""))
        #expect(offline.stderrText.components(separatedBy: "warning: offline — cached 2 h ago\n").count > 4, "\(offline.stderrText)")
        #expect(offline.stderrText.hasSuffix("refused the connection for /3/search/movie?query=godfather&page=1&include_adult=false&api_key=•••\n"),
                "refresh asks TMDB, never the cache: \(offline.stderrText)")
        #expect(offline.status == 1)
    }

    @Test("a poster is downloaded once into the image cache and served from it afterwards, offline and embedded too")
    func posterCache() async throws {
        let sandbox = try Sandbox("moviedb-live-poster")
        let server = try await Self.start(sandbox)
        let environment = ["TMDB_API_KEY": FakeTMDB.key, "PATH": "/nonexistent"]
        let first = try await Self.run("use moviedb\nopen 2\nposter\nposter\n", environment: environment, arguments: ["--width", "300"], in: sandbox)
        #expect(first.stderrText == "", "\(first.stderrText)")
        let file = sandbox.dataDirectory + "/cache/images/"
        #expect(first.stdoutText.contains("poster of “Extraction 2” (1008 bytes, downloaded): \(file)"))
        #expect(first.stdoutText.contains("poster of “Extraction 2” (1008 bytes, from the image cache): \(file)"))
        #expect(server.requests().filter { $0.hasPrefix("/t/p/") } == ["/t/p/w500/7gKI9hpEMcZUQpNgKrkDzJpbnNS.jpg"],
                "the image request carries no key, and is made once")
        server.stop()

        let embedded = try await Self.run("use moviedb\nopen 2\nposter\n", live: false, environment: environment, in: sandbox)
        #expect(embedded.stdoutText.contains("poster of “Extraction 2” (1008 bytes, from the image cache)"), "\(embedded.stderrText)")
    }

    /// What a broken image server sends instead of a poster.
    enum NotAPoster: String, CaseIterable, Sendable {
        case html, truncatedPNG, escapes

        var body: Data {
            switch self {
            case .html: Data("<!DOCTYPE html><html><body>Not found</body></html>".utf8)
            case .truncatedPNG: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A])
            case .escapes: Data(repeating: 0x1B, count: 300)
            }
        }
    }

    @Test("poster opens only an image: what is not one is refused, never handed to xdg-open, and asked for again", arguments: NotAPoster.allCases)
    func posterThatIsNotAnImage(_ body: NotAPoster) async throws {
        let sandbox = try Sandbox("moviedb-live-poster-\(body.rawValue)")
        let server = try await Self.start(sandbox)
        let served = sandbox.file("tmdb/images/7gKI9hpEMcZUQpNgKrkDzJpbnNS.jpg")
        try body.body.write(to: served)
        let opened = sandbox.file("opened")
        try sandbox.writeExecutable("#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(opened.path)'\n", to: "bin/xdg-open")
        let environment = ["TMDB_API_KEY": FakeTMDB.key, "PATH": sandbox.file("bin").path + ":/usr/bin:/bin"]

        let refused = try await Self.run("use moviedb\nopen 2\nposter\nposter\n", environment: environment, in: sandbox)

        let url = "http://127.0.0.1:\(server.port)/t/p/w500/7gKI9hpEMcZUQpNgKrkDzJpbnNS.jpg"
        let error = "the poster of “Extraction 2” is not an image (\(body.body.count) bytes from \(url), no PNG, JPEG, GIF or WebP), so it was not opened"
        #expect(refused.stderrText == "error: line 3: \(error)\nerror: line 4: \(error)\n")
        #expect(refused.status == 1)
        #expect(!FileManager.default.fileExists(atPath: opened.path), "xdg-open never ran")
        #expect(server.requests().filter { $0.hasPrefix("/t/p/") }.count == 2, "what was kept is not a poster: asked for again")

        try Self.poster.write(to: served)
        let shown = try await Self.run("use moviedb\nopen 2\nposter\n", environment: environment, in: sandbox)
        #expect(shown.status == 0, "\(shown.stderrText)")
        let file = try String(contentsOf: opened, encoding: .utf8)
        #expect(file.hasPrefix(sandbox.dataDirectory + "/cache/images/") && file.hasSuffix(".jpg\n"), "a poster is opened: \(file)")
    }

    @Test("the key never shows: not in traces, errors, JSON, the database or any cached file")
    func keyNeverShows() async throws {
        let sandbox = try Sandbox("moviedb-live-leak")
        let server = try await Self.start(sandbox, extra: ["--fail", "/3/movie/upcoming?page=1=500"])
        let script = "trace on\nuse moviedb\nopen 2\nposter\nmovies upcoming\nsearch venom\nmovies top\npage 3\nformat json\nmovies popular\nopen 2\n"
        let output = try await Self.run(script, environment: ["TMDB_API_KEY": FakeTMDB.key, "PATH": "/nonexistent"], in: sandbox)
        #expect(server.requests().count > 4)
        #expect(output.stderrText.contains("api_key=•••"), "traces show that a key is sent")
        #expect(output.stderrText.contains("HTTP 500 from 127.0.0.1:\(server.port) for /3/movie/upcoming?page=1&api_key=•••"))
        #expect(!output.stdoutText.contains(FakeTMDB.key))
        #expect(!output.stderrText.contains(FakeTMDB.key))
        let data = URL(fileURLWithPath: sandbox.dataDirectory)
        let files = FileManager.default.enumerator(at: data, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        #expect(files.contains { $0.lastPathComponent == "explorer.sqlite" })
        for file in files {
            guard let bytes = try? Data(contentsOf: file) else { continue }
            #expect(bytes.range(of: Data(FakeTMDB.key.utf8)) == nil, "the key is in \(file.path)")
        }
    }
}
