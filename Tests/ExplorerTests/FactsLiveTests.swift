import Foundation
import TestSupport
import Testing

/// Facts live, against a loopback server serving the facts document and its images (PNG, JPEG,
/// GIF, a 404, a hanging one, one that is not an image): image states, the per-host limit,
/// the warm cache, prefetching, the network unavailable told apart from other failures, the
/// document's encodings, revalidation, the viewer and inline drawing.
@Suite("Facts live, against a fake server")
struct FactsLiveTests {
    /// The images a scenario serves, by file name under /img/.
    static let images: [String: Data] = [
        "1.jpg": TestImages.jpeg(width: 220, height: 165),
        "2.png": TestImages.png(width: 128, height: 128),
        "3.gif": TestImages.gif(width: 400, height: 300),
        "5.jpg": Data("<html>gone</html>".utf8),
    ]

    /// Writes the images, starts the server, then writes the facts document whose rows point
    /// at `hrefs` (in order, over the rows that have an image; nil keeps a row without one) and
    /// a Plugins.json.
    static func start(_ sandbox: Sandbox, hrefs: [String?], server extra: [String] = [], settings: String = "") async throws -> FakeSWAPI {
        let folder = sandbox.file("site")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("img"), withIntermediateDirectories: true)
        var routes = ["--data", folder.path, "--prefix", "/s", "--route", "/s/facts.json", "facts.json"]
        for (name, data) in images {
            try data.write(to: folder.appendingPathComponent("img/\(name)"))
            routes += ["--route", "/img/\(name)", "img/\(name)"]
        }
        for name in ["10", "11", "12", "13", "14", "15", "16", "17", "18", "19"] {
            try TestImages.png(width: 64, height: 64).write(to: folder.appendingPathComponent("img/\(name).png"))
            routes += ["--route", "/img/\(name).png", "img/\(name).png"]
        }
        let server = try await FakeSWAPI(routes + extra, sandbox: sandbox)
        try writeDocument(sandbox, hrefs: hrefs.map { $0.map { "http://127.0.0.1:\(server.port)/img/\($0)" } })
        try sandbox.write("""
            { "source": "live", "features": [ { "id": "facts", "enabled": true, "baseURL": "http://127.0.0.1:\(server.port)",
              "settings": { "path": "/s/facts.json", "imageTimeout": 1\(settings.isEmpty ? "" : ", " + settings) } } ] }
            """, to: "Plugins.json")
        return server
    }

    /// The embedded document with its image addresses replaced by `hrefs`.
    static func writeDocument(_ sandbox: Sandbox, hrefs: [String?]) throws {
        var document = try JSONSerialization.jsonObject(with: Data(contentsOf: TestPaths.repository.appendingPathComponent("data/facts/facts.json"))) as! [String: Any]
        var rows = document["rows"] as! [[String: Any]]
        var next = hrefs.makeIterator()
        for index in rows.indices where !(rows[index]["imageHref"] is NSNull) {
            rows[index]["imageHref"] = (next.next() ?? nil) ?? NSNull()
        }
        document["rows"] = rows
        try JSONSerialization.data(withJSONObject: document).write(to: sandbox.file("site/facts.json"))
    }

    static func run(_ script: String, arguments: [String] = [], environment: [String: String] = [:], in sandbox: Sandbox) async throws -> ProcessOutput {
        try await Explorer.run(["--config", sandbox.file("Plugins.json").path, "--width", "120", "--clock", "2026-11-23T10:00:00Z"] + arguments,
                               script: script, environment: environment, in: sandbox)
    }

    static func imageRequests(_ server: FakeSWAPI) -> [String] {
        server.requests().filter { $0.hasPrefix("/img/") }
    }

    @Test("each row's image state: loaded with its size and format, 404, not an image, timed out, no image; the list settles")
    func imageStates() async throws {
        let sandbox = try Sandbox("facts-live-states")
        let server = try await Self.start(sandbox, hrefs: ["1.jpg", "2.png", "3.gif", nil, "4.jpg", "5.jpg", nil, "6.jpg", "1.jpg"],
                                    server: ["--delay", "/img/1.jpg=300", "--hang", "/img/6.jpg"])
        let output = try await Self.run("use facts\n", in: sandbox)
        let lines = output.stdoutText.split(separator: "\n").map(String.init)
        func image(_ title: String) -> String? {
            lines.first { $0.contains("  \(title) ") }.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        #expect(output.status == 0, "\(output.stderrText)")
        #expect(image("Beavers")?.hasSuffix("220×165 JPEG 2 KB") == true, "\(output.stdoutText)")
        #expect(image("Flag")?.hasSuffix("128×128 PNG 233 bytes") == true)
        #expect(image("Transportation")?.hasSuffix("400×300 GIF 110 bytes") == true)
        #expect(image("Hockey Night in Canada")?.hasSuffix("no image") == true)
        #expect(image("Housing")?.hasSuffix("failed: HTTP 404") == true)
        #expect(image("Public Shame")?.hasSuffix("not an image") == true)
        #expect(image("Meese")?.hasSuffix("failed: timed out") == true, "the hanging image gives up after its own timeout")
        #expect(image("Kittens...")?.hasSuffix("220×165 JPEG 2 KB") == true)
        #expect(Self.imageRequests(server).sorted() == ["/img/1.jpg", "/img/2.png", "/img/3.gif", "/img/4.jpg", "/img/5.jpg", "/img/6.jpg"],
                "each address once, though two rows share one")
    }

    @Test("a host that hangs holds `use facts` no longer than --timeout: images still waiting their turn then are not asked for")
    func hangingHostIsBoundedByTheTimeout() async throws {
        let sandbox = try Sandbox("facts-live-hanging-host")
        let names = (10...19).map { "\($0).png" }
        // Each image may take 1 s (imageTimeout), the whole command 1 s (--timeout): the first six
        // hang to the end, the last four (waiting for a free place on the host) are never asked for.
        let server = try await Self.start(sandbox, hrefs: names, server: names.flatMap { ["--hang", "/img/\($0)"] })
        let output = try await Self.run("use facts\n", arguments: ["--timeout", "1"], in: sandbox)
        #expect(output.status == 0, "\(output.stderrText)")
        #expect(output.stdoutText.contains("failed: timed out"), "\(output.stdoutText)")
        #expect(Self.imageRequests(server).count == 6, "six at a time on the host, then the command's time was up: \(Self.imageRequests(server))")
    }

    @Test("at most maxConcurrentImagesPerHost images in flight on one host", arguments: [2, 6])
    func perHostLimit(limit: Int) async throws {
        let sandbox = try Sandbox("facts-live-limit-\(limit)")
        let names = (10...19).map { "\($0).png" }
        let inFlight = sandbox.file("in-flight")
        let server = try await Self.start(sandbox, hrefs: names, server: ["--delay-ms", "150", "--in-flight", inFlight.path],
                                    settings: "\"maxConcurrentImagesPerHost\": \(limit)")
        let output = try await Self.run("use facts\n", in: sandbox)
        #expect(output.status == 0, "\(output.stderrText)")
        #expect(Self.imageRequests(server).count == 10)
        let most = Int(try String(contentsOf: inFlight, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(most == limit, "the most requests in flight at once (the document's included, before the images)")
    }

    @Test("with a warm cache a second `use facts` asks for no image")
    func warmCache() async throws {
        let sandbox = try Sandbox("facts-live-warm")
        let server = try await Self.start(sandbox, hrefs: ["1.jpg", "2.png", "3.gif"])
        _ = try await Self.run("use facts\n", in: sandbox)
        let first = Self.imageRequests(server).count
        let second = try await Self.run("use facts\n", in: sandbox)
        #expect(second.stdoutText.contains("128×128 PNG 233 bytes"))
        #expect(first == 3)
        #expect(Self.imageRequests(server).count == 3, "no image asked for again")
    }

    @Test("the next page's images are prefetched while the first page is read")
    func prefetch() async throws {
        let sandbox = try Sandbox("facts-live-prefetch")
        let names = (10...19).map { "\($0).png" }
        let server = try await Self.start(sandbox, hrefs: names, settings: "\"pageSize\": 5")
        let output = try await Self.run("trace on\nuse facts\npage next\n", in: sandbox)
        #expect(output.stderrText.contains("trace: facts: prefetching 4 images of page 2"), "\(output.stderrText)")
        #expect(output.stdoutText.contains("About Canada · 13 facts · 1 empty row hidden · page 2 of 3"))
        let requests = Self.imageRequests(server)
        #expect(requests.count == Set(requests).count, "no image asked for twice: \(requests)")
    }

    @Test("network unavailable: the cached copy with how old it is, else how to go on; other failures one generic line")
    func failures() async throws {
        let sandbox = try Sandbox("facts-live-offline")
        let server = try await Self.start(sandbox, hrefs: ["1.jpg", "2.png"])
        _ = try await Self.run("use facts\n", in: sandbox)
        server.stop()

        let refused = "network unavailable: 127.0.0.1:\(server.port) refused the connection for /s/facts.json"
        let cached = try await Self.run("use facts\npage 1\nopen 2\nrefresh\n", arguments: ["--clock", "2026-11-23T12:00:00Z"], in: sandbox)
        #expect(cached.stdoutText.contains("128×128 PNG 233 bytes"), "images from the cache")
        #expect(cached.stderrText == """
            warning: network unavailable: showing the 13 facts cached 2 h ago
            error: line 4: \(refused)

            """, "the warning is on the screen of the fetch alone: `page 1` and `open 2` asked for nothing")

        let json = try await Self.run("format json\nuse facts\npage 1\nopen 2\n", arguments: ["--clock", "2026-11-23T12:00:00Z"], in: sandbox)
        let warnings = try json.stdoutText.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return object["warnings"] as? [String] ?? []
        }
        #expect(warnings == [["network unavailable: showing the 13 facts cached 2 h ago"], [], []],
                "in JSON too, only the screen of `use facts` lists it (`format` prints nothing)")

        let empty = try Sandbox("facts-live-offline-empty")
        try empty.write(try String(contentsOf: sandbox.file("Plugins.json"), encoding: .utf8), to: "Plugins.json")
        let nothing = try await Self.run("use facts\n", in: empty)
        #expect(nothing.stderrText == "error: line 1: facts did not load: \(refused); no feature is in use\n")
        #expect(nothing.status == 1)
    }

    @Test("HTTP 500, an HTML page, malformed and truncated JSON: worded as in every feature, naming the server",
          arguments: [("500", "HTTP 500 from 127.0.0.1:${PORT} for /s/facts.json"),
                      ("html", "unreadable answer from 127.0.0.1:${PORT} for /s/facts.json: an HTML page, not JSON"),
                      ("malformed", "unreadable answer from 127.0.0.1:${PORT} for /s/facts.json: not valid JSON (malformed, or cut short)"),
                      ("truncated", "unreadable answer from 127.0.0.1:${PORT} for /s/facts.json: not valid JSON (malformed, or cut short)")])
    func genericFailures(kind: String, message: String) async throws {
        let sandbox = try Sandbox("facts-live-\(kind)")
        let body: String
        switch kind {
        case "html": body = "<!DOCTYPE html><html><body>Dropbox error</body></html>"
        case "malformed": body = "{\"title\": \"About Canada\", \"rows\": [ {\"title\": }"
        default: body = String(EmbeddedBody.text.prefix(300))
        }
        try sandbox.write(body, to: "site/body.txt")
        let server = try await FakeSWAPI(["--data", sandbox.file("site").path, "--prefix", "/s", "--route", "/s/facts.json", "body.txt"]
                                   + (kind == "500" ? ["--fail", "/s/facts.json=500"] : []), sandbox: sandbox)
        try sandbox.write("""
            { "source": "live", "features": [ { "id": "facts", "enabled": true, "baseURL": "http://127.0.0.1:\(server.port)",
              "settings": { "path": "/s/facts.json" } } ] }
            """, to: "Plugins.json")
        let output = try await Self.run("use facts\n", in: sandbox)
        #expect(output.stderrText == "error: line 1: facts did not load: \(message.replacingOccurrences(of: "${PORT}", with: String(server.port))); no feature is in use\n")
        #expect(output.status == 1)
    }

    @Test("a document in ISO-8859-1, served as text/plain, reads as it should")
    func latin1() async throws {
        let sandbox = try Sandbox("facts-live-latin1")
        let text = #"{"title": "\#u{E0} propos du Canada", "rows": [{"title": "Caf\#u{E9}", "description": "cr\#u{E8}me br\#u{FB}l\#u{E9}e", "imageHref": null}, null]}"#
        try FileManager.default.createDirectory(at: sandbox.file("site"), withIntermediateDirectories: true)
        try text.data(using: .isoLatin1)!.write(to: sandbox.file("site/latin1.txt"))
        let server = try await FakeSWAPI(["--data", sandbox.file("site").path, "--prefix", "/s", "--route", "/s/facts.json", "latin1.txt"], sandbox: sandbox)
        try sandbox.write("""
            { "source": "live", "features": [ { "id": "facts", "enabled": true, "baseURL": "http://127.0.0.1:\(server.port)",
              "settings": { "path": "/s/facts.json" } } ] }
            """, to: "Plugins.json")
        let output = try await Self.run("use facts\n", in: sandbox)
        #expect(output.stderrText == "")
        #expect(output.stdoutText.hasPrefix("à propos du Canada · 1 fact\n"), "\(output.stdoutText)")
        #expect(output.stdoutText.contains("Café"))
        #expect(output.stdoutText.contains("crème brûlée"))
    }

    @Test("refresh revalidates the images: a changed one is fetched anew, an unchanged one answers 304")
    func refreshRevalidates() async throws {
        let sandbox = try Sandbox("facts-live-revalidate")
        let server = try await Self.start(sandbox, hrefs: ["1.jpg", "2.png"])
        _ = try await Self.run("use facts\n", in: sandbox)
        try TestImages.png(width: 256, height: 256).write(to: sandbox.file("site/img/2.png"))
        let output = try await Self.run("use facts\nrefresh\n", in: sandbox)
        #expect(output.stdoutText.contains("256×256 PNG 233 bytes"), "the changed image, after refresh")
        #expect(output.stdoutText.contains("220×165 JPEG 2 KB"), "the unchanged one, kept")
        #expect(Self.imageRequests(server).filter { $0 == "/img/1.jpg" }.count == 2, "asked again, with its ETag")
    }

    @Test("a directory or a FIFO where a cached image should be is damage: replaced by the image online, never opened",
          .timeLimit(.minutes(5)))
    func intrudersInTheImageCache() async throws {
        let sandbox = try Sandbox("facts-live-intruders")
        let server = try await Self.start(sandbox, hrefs: ["1.jpg", "2.png"])
        _ = try await Self.run("use facts\n", in: sandbox)
        let images = URL(fileURLWithPath: sandbox.dataDirectory).appendingPathComponent("cache/images")
        let files = try FileManager.default.contentsOfDirectory(atPath: images.path).filter { !$0.hasPrefix(".") }.sorted()
            .map { images.appendingPathComponent($0) }
        #expect(files.map(\.pathExtension).sorted() == ["jpg", "png"], "\(files)")
        func damage() throws {
            for file in files { try FileManager.default.removeItem(at: file) }
            try FileManager.default.createDirectory(at: files[0], withIntermediateDirectories: false)
            #expect(mkfifo(files[1].path, 0o644) == 0)
        }
        func regular(_ file: URL) -> Bool {
            var info = stat()
            return lstat(file.path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        }

        try damage()
        let online = try await Self.run("use facts\nopen 1\n", in: sandbox)
        #expect(online.stdoutText.contains("220×165 JPEG 2 KB") && online.stdoutText.contains("128×128 PNG 233 bytes"), "\(online.stdoutText)")
        #expect(!online.stdoutText.contains("unavailable offline"))
        #expect(files.allSatisfy(regular), "both are image files again")
        #expect(Self.imageRequests(server).count == 4, "each fetched again")

        try damage()
        server.stop()
        let offline = try await Self.run("use facts\n", in: sandbox)
        #expect(offline.stdoutText.components(separatedBy: "unavailable offline").count == 3, "nothing there to show: \(offline.stdoutText)")
        #expect(files.allSatisfy { !FileManager.default.fileExists(atPath: $0.path) }, "what was in the way is gone")
    }

    @Test("view opens the image with EXPLORER_VIEWER; --images inline draws it in the terminal's protocol")
    func viewAndInline() async throws {
        let sandbox = try Sandbox("facts-live-view")
        let server = try await Self.start(sandbox, hrefs: ["2.png"])
        try sandbox.writeExecutable("#!/bin/sh\necho \"$@\" > '\(sandbox.file("viewed").path)'\n", to: "viewer")
        let viewed = try await Self.run("use facts\nopen 1\nview\n", environment: ["EXPLORER_VIEWER": sandbox.file("viewer").path], in: sandbox)
        #expect(viewed.status == 0, "\(viewed.stderrText)")
        let file = try String(contentsOf: sandbox.file("viewed"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(file.hasPrefix(sandbox.dataDirectory + "/cache/images/") && file.hasSuffix(".png"))
        #expect(viewed.stdoutText.contains("opened \(file)"))

        let iterm = try await Self.run("use facts\nopen 1\n", arguments: ["--images", "inline"], environment: ["TERM_PROGRAM": "iTerm.app"], in: sandbox)
        #expect(iterm.stdoutText.contains("\u{1B}]1337;File=inline=1;size=233;preserveAspectRatio=1:"))
        let kitty = try await Self.run("use facts\nopen 1\n", arguments: ["--images", "inline"], environment: ["TERM": "xterm-kitty"], in: sandbox)
        #expect(kitty.stdoutText.contains("\u{1B}_Gf=100,a=T,m=0;"))
        let piped = try await Self.run("use facts\nopen 1\n", environment: ["TERM": "xterm-kitty"], in: sandbox)
        #expect(!piped.stdoutText.contains("\u{1B}"), "auto draws only at a terminal")
        #expect(Self.imageRequests(server) == ["/img/2.png"], "downloaded once, then from the cache")
    }
}

/// The embedded document's text, for a truncated copy.
enum EmbeddedBody {
    static let text = (try? String(contentsOf: TestPaths.repository.appendingPathComponent("data/facts/facts.json"), encoding: .utf8)) ?? ""
}
