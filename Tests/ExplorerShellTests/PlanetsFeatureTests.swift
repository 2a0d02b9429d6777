import ExplorerCore
@testable import ExplorerShell
import ExplorerText
import Foundation
import Testing

/// A feature defined in this test target (``PlanetsFeature``, in `Planets/`, built on the kit's
/// public API alone) registered beside nothing else and driven through the shell as a user
/// drives a built-in one: listed, used, opened, favourited, completed, in text, JSON and CSV.
/// Nothing outside its folder was edited to add it.
@MainActor
@Suite("A feature from outside the core")
struct PlanetsFeatureTests {
    static let pluginsJSON = """
        {"source": "embedded", "features": [{"id": "planets", "enabled": true, "baseURL": "https://planets.example/api"}]}
        """

    func harness(width: Int = 80, format: OutputFormat = .text) -> ShellHarness {
        ShellHarness(terminal: TerminalSettings(width: width), format: format, descriptors: [PlanetsFeature.descriptor],
                     pluginsJSON: Self.pluginsJSON)
    }

    /// What the shell printed, line by line.
    func lines(_ h: ShellHarness) -> [String] {
        h.output.out.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func itIsListedAndUsedLikeABuiltInFeature() async {
        let h = harness()
        defer { h.remove() }
        #expect(await h.run("features"))
        #expect(h.output.out.joined(separator: "\n").contains("planets"))
        h.output.clear()

        #expect(await h.run("use planets"))
        #expect(lines(h) == [
            "Planets · 4 in all",
            "#  ★  name      climate                 population",
            "1  ☆  Tatooine  arid                       200,000",
            "2  ☆  Alderaan  temperate            2,000,000,000",
            "3  ☆  Yavin IV  temperate, tropical          1,000",
            "4  ☆  Dagobah   murky                      unknown",
        ])
        #expect(h.output.errors == [])
    }

    @Test func openFavBackAndFavsComeFromTheKit() async {
        let h = harness()
        defer { h.remove() }
        #expect(await h.run("use planets"))
        h.output.clear()

        #expect(await h.run("open 2"))
        #expect(lines(h) == ["☆ Alderaan  (row 2)", "  climate     temperate", "  population  2,000,000,000"])
        #expect(h.shell.prompt.contains("Alderaan"))
        h.output.clear()

        #expect(await h.run("fav"))
        #expect(lines(h).contains { $0.contains("★") && $0.contains("Alderaan") })
        #expect(await h.run("back"))
        h.output.clear()
        #expect(await h.run("favs"))
        #expect(lines(h).contains { $0.contains("★") && $0.contains("Alderaan") })
        #expect(!lines(h).contains { $0.contains("Tatooine") })
        h.output.clear()

        #expect(await h.run("back"))
        #expect(await h.run("open 9") == false)
        #expect(h.output.errors == ["error: no row 9: there are 4 rows"])
    }

    @Test func tabCompletesItsCommandsAndRows() async {
        let h = harness()
        defer { h.remove() }
        #expect(await h.run("use planets"))
        #expect(h.shell.completions(for: "op") == ["open"])
        #expect(h.shell.completions(for: "open ") == ["1", "2", "3", "4"])
        #expect(h.shell.completions(for: "ref") == ["refresh"])
    }

    @Test func itsListIsJSONAndCSVThatOtherProgramsRead() async throws {
        let json = harness(format: .json)
        defer { json.remove() }
        #expect(await json.run("use planets"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.out.joined(separator: "\n").utf8)) as? [String: Any])
        let rows = try #require(object["rows"] as? [[String: Any]])
        #expect(rows.map { $0["name"] as? String } == ["Tatooine", "Alderaan", "Yavin IV", "Dagobah"])
        #expect(rows[3]["population"] is NSNull)

        let csv = harness(format: .csv)
        defer { csv.remove() }
        #expect(await csv.run("use planets"))
        #expect(csv.output.out.joined(separator: "\n").split(whereSeparator: { $0.isNewline }).first == "row,favourite,id,name,climate,population")
    }

    @Test func atFortyColumnsTheListStillFits() async {
        let h = harness(width: 40)
        defer { h.remove() }
        #expect(await h.run("use planets"))
        #expect(lines(h).count == 6)
        #expect(lines(h).allSatisfy { $0.count <= 40 })
        #expect(lines(h).contains { $0.contains("Yavin IV") })
    }
}
