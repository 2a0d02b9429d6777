import Foundation
import TestSupport
import Testing

/// Favourites live in the data directory's SQLite file: a second run with the same
/// `--data-dir` sees what the first marked, and another directory sees none of it.
@Suite("Favourites persist across runs")
struct FavouritesPersistenceTests {
    @Test("favourites marked in one run are listed, and starred, in the next")
    func favouritesSurviveARestart() async throws {
        let sandbox = try Sandbox("favourites-persist")

        let first = try await Explorer.run([], script: "use starships\nfav 5\npage 2\nopen 12\nfav\n", in: sandbox)
        #expect(first.status == 0)
        #expect(first.stderrText == "")
        #expect(first.stdoutText.contains("★ Millennium Falcon is now a favourite\n"))
        #expect(first.stdoutText.contains("★ Imperial shuttle is now a favourite\n"))

        let second = try await Explorer.run([], script: "favs all\nuse starships\nfavs\nfav 1\n", in: sandbox)
        #expect(second.stderrText == "")
        #expect(second.status == 0)
        let expectedAll = """
            ★  feature    title              id
            ★  starships  Millennium Falcon  starships/10
            ★  starships  Imperial shuttle   starships/22
            `use FEATURE` then `favs` to open one

            """
        #expect(second.stdoutText.hasPrefix(expectedAll), "favs all in the second run:\n\(second.stdoutText)")
        #expect(second.stdoutText.contains(" 5  ★  Millennium Falcon "), "the list stars row 5")
        #expect(second.stdoutText.contains("""
            starships › favourites · 2
            #  ★  title              id
            1  ★  Millennium Falcon  starships/10
            2  ★  Imperial shuttle   starships/22

            """))
        #expect(second.stdoutText.contains("☆ Millennium Falcon is no longer a favourite\n"), "fav 1 is the favourites' row 1")

        let third = try await Explorer.run([], script: "favs all\n", in: sandbox)
        #expect(third.stdoutText == """
            ★  feature    title             id
            ★  starships  Imperial shuttle  starships/22
            `use FEATURE` then `favs` to open one

            """, "the unmarking in the second run persisted too")
    }

    @Test("a favourite whose stored date cannot be read is listed, counted and starred, its `created` null, and named in a warning once a run")
    func aFavouriteWithAnUnreadableDateIsStillShown() async throws {
        let sandbox = try Sandbox("favourites-bad-date")
        let marked = try await Explorer.run(["--clock", "2024-03-15T05:00:00Z", "-c", "use starships; fav 5"], in: sandbox)
        #expect(marked.status == 0)
        let insert = try await ChildProcess.run(
            executable: TestPaths.sqlite3,
            arguments: [sandbox.dataDirectory + "/explorer.sqlite", "insert into favourite values ('starships', '3', 'Star Destroyer', '10000-01-01 00:00:59.000');"],
            environment: sandbox.environment, timeout: 30)
        #expect(insert.status == 0, "\(insert.stderrText)")

        let json = try await Explorer.run(["--format", "json", "-c", "favs all; favs all"], in: sandbox)
        let listed = #"{"feature":null,"screen":"favourites","all":true,"page":1,"pages":1,"count":2,"rows":["#
            + #"{"row":1,"feature":"starships","title":"Star Destroyer","id":"3","created":null},"#
            + #"{"row":2,"feature":"starships","title":"Millennium Falcon","id":"10","created":"2024-03-15T05:00:00Z"}]"#
        let screens = json.stdoutText.split(separator: "\n")
        #expect(screens.count == 2 && screens.allSatisfy { $0.hasPrefix(listed) }, "\(json.stdoutText)")
        let warning = #"1 favourite has a date that cannot be read, and is listed without one: starships/3 (its date \"10000-01-01 00:00:59.000\" cannot be read)"#
        #expect(screens.first?.hasSuffix(#","warnings":[""# + warning + #""]}"#) == true, "on the screen that met it")
        #expect(json.stderrText == #"{"warning":""# + warning + "\"}\n", "and on stderr, once")
        #expect(json.status == 0)

        let text = try await Explorer.run(["-c", "use starships; favs"], in: sandbox)
        #expect(text.stdoutText.contains(" 2  ★  Star Destroyer "), "the list stars it")
        #expect(text.stdoutText.contains("""
            starships › favourites · 2
            #  ★  title              id
            1  ★  Star Destroyer     starships/3
            2  ★  Millennium Falcon  starships/10

            """))
        #expect(text.stderrText == """
            warning: 1 favourite has a date that cannot be read, and is listed without one: \
            starships/3 (its date "10000-01-01 00:00:59.000" cannot be read)

            """)
        #expect(text.status == 0)
    }

    @Test("another data directory has its own (empty) favourites")
    func dataDirectoriesAreSeparate() async throws {
        let sandbox = try Sandbox("favourites-separate")
        _ = try await Explorer.run([], script: "use starships\nfav 1\n", in: sandbox)
        let elsewhere = try await Explorer.run(["--data-dir", sandbox.file("other").path], script: "favs all\n", in: sandbox)
        #expect(elsewhere.stdoutText == "no favourites yet (`fav N` on a list marks one)\n")
        #expect(elsewhere.status == 0)
    }

    @Test("without --data-dir favourites go to $XDG_DATA_HOME/explorer")
    func defaultDataDirectoryFollowsXDG() async throws {
        let sandbox = try Sandbox("favourites-xdg")
        // Explorer.run adds --data-dir only when absent, so pass one pointing at XDG's default
        // location explicitly … and run once without any, through Subprocess.
        let output = try await ChildProcess.run(
            executable: TestPaths.explorer, arguments: ["-c", "use starships; fav 3"],
            environment: sandbox.environment, timeout: Explorer.processTimeout)
        #expect(output.status == 0)
        #expect(FileManager.default.fileExists(atPath: sandbox.file("xdg/data/explorer/explorer.sqlite").path))
        let again = try await Explorer.run(["--data-dir", sandbox.file("xdg/data/explorer").path], script: "favs all\n", in: sandbox)
        #expect(again.stdoutText.contains("Sentinel-class landing craft"))
    }
}
