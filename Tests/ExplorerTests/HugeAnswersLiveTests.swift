import Foundation
import TestSupport
import Testing

/// Answers far bigger than anything explorer shows, under the 32 MB an answer may be, from a
/// loopback server: they are accepted, and what explorer keeps of them is capped and says so —
/// a facts document keeps its first 10,000 rows (`showing the first 10,000 of 200,000 rows`), a
/// text of a megabyte its first 4,096 characters and a note of the cut. (Memory is not measured
/// here: bench/run and the figures do that; these say what the caps show.)
@Suite("Huge answers, live")
struct HugeAnswersLiveTests {
    @Test("a facts document of 200,000 rows, the first titled with a megabyte: 10,000 rows kept, the title cut, both said")
    func hugeFactsDocument() async throws {
        let sandbox = try Sandbox("huge-facts")
        let site = sandbox.file("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        var rows = ["{\"title\":\"" + String(repeating: "T", count: 1 << 20) + "\",\"description\":\"The first.\"}"]
        rows += (2...200_000).map { "{\"title\":\"Fact \($0)\",\"description\":\"Row \($0).\",\"imageHref\":null}" }
        let document = Data(("{\"title\":\"Huge\",\"rows\":[" + rows.joined(separator: ",") + "]}").utf8)
        #expect(document.count > 8 << 20 && document.count < 32 << 20, "\(document.count) bytes: huge, but under the cap on answers")
        // Not .json: the server sends it as it is, without parsing 14 MB first.
        try document.write(to: site.appendingPathComponent("facts.txt"))
        let server = try await FakeSWAPI(["--data", site.path, "--prefix", "/s", "--route", "/s/facts.json", "facts.txt"], sandbox: sandbox)
        try sandbox.write("""
            { "source": "live", "features": [ { "id": "facts", "enabled": true, "baseURL": "http://127.0.0.1:\(server.port)",
              "settings": { "path": "/s/facts.json" } } ] }
            """, to: "Plugins.json")

        // Reading 14 MB takes a debug build a few seconds, more on a busy machine: a longer leash
        // than Explorer.run's.
        let arguments = ["--config", sandbox.file("Plugins.json").path, "--width", "100"]
        let output = try await ChildProcess.run(executable: TestPaths.explorer,
                                              arguments: Explorer.defaultArguments(for: arguments, sandbox: sandbox) + arguments,
                                              environment: sandbox.environment,
                                              stdin: Array("use facts\npage 500\nopen 1\nformat json\nback\n".utf8), timeout: 60)
        #expect(output.stderrText == "")
        #expect(output.status == 0)
        let text = output.stdoutText
        #expect(text.contains("Huge · 10000 facts · showing the first 10,000 of 200,000 rows · page 1 of 500\n"), "\(text.prefix(2000))")
        #expect(text.contains("Huge · 10000 facts · showing the first 10,000 of 200,000 rows · page 500 of 500\n"))
        #expect(text.contains("10000  ☆  Fact 10000"), "the last row kept is the 10,000th")
        #expect(!text.contains("Fact 10001"))
        #expect(text.contains("(cut: the first 4,096 of 1,048,576 characters)"), "the detail of row 1 says its title was cut")
        let json = try #require(try text.split(separator: "\n").last.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        #expect(json["cut_rows"] as? Int == 190_000)
        #expect(json["count"] as? Int == 10_000)
        #expect(server.requests() == ["/s/facts.json"])
    }

    @Test("a SWAPI page whose names are a megabyte each: each name cut to 4,096 characters, saying so")
    func megabyteNames() async throws {
        let sandbox = try Sandbox("huge-names")
        let data = sandbox.file("swapi")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        var page = try JSONSerialization.jsonObject(with: Data(contentsOf: TestPaths.swapiData.appendingPathComponent("starships-page-1.json"))) as! [String: Any]
        page["results"] = (page["results"] as! [[String: Any]]).map { ship in
            var ship = ship
            ship["name"] = (ship["name"] as! String) + String(repeating: "x", count: 1 << 20)
            return ship
        }
        page["next"] = NSNull()
        page["count"] = 10
        try JSONSerialization.data(withJSONObject: page).write(to: data.appendingPathComponent("starships-page-1.json"))
        let server = try await FakeSWAPI(data: data, sandbox: sandbox)
        try sandbox.write(FakeSWAPI.pluginsJSON(baseURL: server.baseURL), to: "Plugins.json")

        let output = try await Explorer.run(["--source", "live", "--config", sandbox.file("Plugins.json").path, "--width", "100"],
                                            script: "use starships\nopen 5\nformat csv\nback\n", in: sandbox)
        #expect(output.stderrText == "")
        #expect(output.status == 0)
        let text = output.stdoutText
        #expect(text.contains(" 5  ☆  Millennium Falconxxx…"))
        let falcon = "Millennium Falcon" + String(repeating: "x", count: 4_096 - 17) + "… (cut: the first 4,096 of 1,048,593 characters)"
        #expect(text.contains(falcon), "the name is kept cut, saying so")
        #expect(text.split(whereSeparator: \.isNewline).contains { $0.hasPrefix("5,") && $0.contains(falcon) }, "and so does CSV")
        #expect(text.utf8.count < 200_000, "\(text.utf8.count) bytes printed")
    }
}
