import Foundation
import TestSupport
import Testing

/// What a hostile or broken server sends cannot crash explorer or make one command work for
/// ever: counts near the largest integer, a billion people one to a page.
@Suite("A hostile server")
struct HostileServerTests {
    /// A folder of SWAPI pages: `resource-page-N.json` for each page given.
    static func site(_ sandbox: Sandbox, resource: String, count: String, pages: ClosedRange<Int>, perPage: Int) throws -> URL {
        let folder = sandbox.file("site")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for page in pages {
            let results = (1...perPage).map { index in
                #"{"name": "Person \#(page).\#(index)", "eye_color": "blue", "url": "https://swapi.dev/api/\#(resource)/\#((page - 1) * perPage + index)/"}"#
            }
            try Data(#"{"count": \#(count), "next": null, "previous": null, "results": [\#(results.joined(separator: ","))]}"#.utf8)
                .write(to: folder.appendingPathComponent("\(resource)-page-\(page).json"))
        }
        return folder
    }

    static func run(_ script: String, server: FakeSWAPI, feature: String, sandbox: Sandbox) async throws -> ProcessOutput {
        try sandbox.write("""
            { "source": "live", "features": [ { "id": "\(feature)", "enabled": true, "baseURL": "\(server.baseURL)" } ] }
            """, to: "Plugins.json")
        return try await Explorer.run(["--config", sandbox.file("Plugins.json").path, "--timeout", "5"], script: script, in: sandbox)
    }

    @Test("a count of 9223372036854775807 pages and numbers rows without a trap")
    func largestCount() async throws {
        let sandbox = try Sandbox("hostile-count")
        let server = try await FakeSWAPI(data: try Self.site(sandbox, resource: "starships", count: "9223372036854775807", pages: 1...1, perPage: 10),
                                   sandbox: sandbox)
        let output = try await Self.run("use starships\nopen 10\nback\npage 922337203685477581\npage next\nfeatures\n",
                                        server: server, feature: "starships", sandbox: sandbox)
        #expect(output.stdoutText.contains("Starships · page 1 of 922337203685477581 · 9,223,372,036,854,775,807 in all"),
                "\(output.stdoutText.prefix(300))")
        #expect(output.stdoutText.contains("(row 10)"))
        #expect(output.stderrText.contains("error: line 4: HTTP 404 from 127.0.0.1:\(server.port) for /api/starships/?page=922337203685477581"), "\(output.stderrText)")
        #expect(output.stdoutText.contains("characters") == false && output.stdoutText.contains("starships"), "the last line still ran")
        #expect(output.status == 1, "two failed pages, no crash (a trap would be 132 or a signal)")
    }

    @Test("a billion people one to a page: use characters stops after 100 pages and says so")
    func billionPeople() async throws {
        let sandbox = try Sandbox("hostile-billion")
        let server = try await FakeSWAPI(data: try Self.site(sandbox, resource: "people", count: "1000000000", pages: 1...120, perPage: 1),
                                   sandbox: sandbox)
        let output = try await Self.run("use characters\n", server: server, feature: "characters", sandbox: sandbox)
        #expect(output.stderrText == "warning: stopped after 100 pages (the server reports 1,000,000,000 characters)\n")
        #expect(output.stdoutText.contains("Characters · 100 in all"), "\(output.stdoutText.prefix(200))")
        #expect(server.requests().filter { $0.hasPrefix("/api/people/") }.count == 100)
        #expect(output.status == 0)
    }
}
