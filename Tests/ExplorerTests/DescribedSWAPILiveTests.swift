import Foundation
import TestSupport
import Testing

/// SWAPI completed by description: films, species and vehicles are Plugins.json entries, planets,
/// starships and characters Swift on the kit, and every link among the seven is followed the
/// same embedded, live (TestSupport/fake_swapi.py) and replayed from a recording of the live run.
@Suite("SWAPI's seven features linked, embedded, live and replayed")
struct DescribedSWAPILiveTests {
    /// Every kind of link among the seven: each `follow` from a detail to another feature's.
    private static let walk = """
        use films
        open 1
        follow characters 1
        back
        follow planets 1
        back
        follow starships 2
        back
        follow vehicles 1
        back
        follow species 1
        back
        use characters
        open 1
        follow films 1
        back
        follow homeworld
        back
        follow vehicles 1
        back
        follow starships 1
        back
        open 2
        follow species 1
        back
        use planets
        open 1
        follow residents 1
        back
        follow films 1
        back
        use starships
        open 5
        follow pilots 1
        back
        follow films 1
        back
        use vehicles
        open 5
        follow pilots 1
        back
        follow films 1
        back
        fav
        favs
        use species
        open 1
        follow homeworld
        back
        follow people 1
        back
        follow films 1
        back
        use films
        filter director=lucas

        """

    /// The repository's Plugins.json with every SWAPI feature at `baseURL`.
    private static func plugins(baseURL: String) throws -> String {
        let text = try String(contentsOf: TestPaths.repository.appendingPathComponent("Plugins.json"), encoding: .utf8)
        return text.replacingOccurrences(of: "https://swapi.dev/api", with: baseURL)
    }

    @Test("the walk prints the same screens embedded, live and replayed, and live asks the server for each record once")
    func sameEverywhere() async throws {
        let sandbox = try Sandbox("described-swapi")
        let server = try await FakeSWAPI(sandbox: sandbox)
        try sandbox.write(try Self.plugins(baseURL: server.baseURL), to: "Plugins.json")
        let config = sandbox.file("Plugins.json").path
        let recording = sandbox.file("walk.rec").path

        let embedded = try await Explorer.run(["--width", "80", "--data-dir", sandbox.file("embedded").path],
                                              script: Self.walk, in: sandbox)
        let live = try await Explorer.run(["--width", "80", "--config", config, "--source", "live", "--timeout", "5",
                                           "--record", recording, "--data-dir", sandbox.file("live").path],
                                          script: Self.walk, in: sandbox)
        let replayed = try await Explorer.run(["--width", "80", "--config", config, "--replay", recording,
                                               "--data-dir", sandbox.file("replayed").path],
                                              script: Self.walk, in: sandbox)

        #expect(embedded.status == 0, "\(embedded.stderrText)")
        #expect(embedded.stderrText == "")
        let titles = embedded.stdoutText.split(separator: "\n").filter { $0.hasPrefix("☆ ") || $0.hasPrefix("★ ") }
        #expect(titles.count == 47, "a detail for each open and follow and back: \(titles.count)")
        for line in ["☆ Luke Skywalker  (row 1)", "☆ Tatooine  (row 1)", "☆ Star Destroyer  (row 2)", "☆ Sand Crawler  (row 1)",
                     "☆ Human  (row 1)", "☆ Snowspeeder  (row 5)", "☆ X-wing  (row 7)", "☆ Droid  (row 2)", "☆ Chewbacca  (row 13)",
                     "☆ The Empire Strikes Back  (row 2)", "☆ Coruscant  (row 9)", "☆ Dormé  (row 65)", "★ Snowspeeder is now a favourite",
                     "Star Wars films · page 1 of 1 · 6 in all · filter director=lucas · 4 shown"] {
            #expect(embedded.stdoutText.contains(line), "embedded: \(line)")
        }
        #expect(live.status == 0, "\(live.stderrText)")
        #expect(live.stdoutText == embedded.stdoutText, "live prints what embedded prints")
        #expect(replayed.status == 0, "\(replayed.stderrText)")
        #expect(replayed.stdoutText == embedded.stdoutText, "the replay prints what the live run printed")

        let requests = server.requests()
        let pages = requests.filter { $0.contains("?page=") || $0.hasSuffix("s/") && $0.split(separator: "/").count == 2 }
        #expect(Set(pages).count == pages.count, "every page asked for once: \(pages.sorted())")
        #expect(requests.allSatisfy { $0.hasPrefix("/api/") }, "every request under the base URL")
        for asked in ["/api/films/", "/api/species/", "/api/vehicles/", "/api/planets/?page=1",
                      "/api/starships/?page=1", "/api/people/?page=9", "/api/planets/9/"] {
            #expect(requests.contains(asked), "asked for \(asked)")
        }
    }

    @Test("search asks the API live (SWAPI's `search`), and offline narrows the rows by name")
    func search() async throws {
        let sandbox = try Sandbox("described-swapi-search")
        let server = try await FakeSWAPI(sandbox: sandbox)
        try sandbox.write(try Self.plugins(baseURL: server.baseURL), to: "Plugins.json")
        let script = "use species\nsearch wook\nsearch clear\n"
        let embedded = try await Explorer.run(["--width", "80"], script: script, in: sandbox)
        let live = try await Explorer.run(["--width", "80", "--config", sandbox.file("Plugins.json").path, "--source", "live"],
                                          script: script, in: sandbox)
        #expect(embedded.stdoutText.contains("Species · page 1 of 4 · 37 in all · search wook · 1 shown\n#  ★  name    classification"))
        #expect(live.stdoutText.contains("Species · page 1 of 1 · 1 in all · search wook · 1 shown\n#  ★  name    classification"),
                "live, the rows and the count are the API's search's: \(live.stdoutText)")
        #expect(server.requests().contains("/api/species/?search=wook"))
        #expect(embedded.status == 0 && live.status == 0)
    }
}
