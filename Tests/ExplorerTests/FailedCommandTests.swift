import Foundation
import TestSupport
import Testing

/// A failed command changes nothing and a script never acts where it did not mean to: after a
/// failed `use` or `open` (live, against loopback servers) the lines written for where it would
/// have led are not run; `once` replaces no file unless a screen does, read back by sqlite3.
@Suite("A failed command changes nothing")
struct FailedCommandTests {
    @Test("after a failed `use characters`, `fav 1` and `open 1` are not run in starships: nothing marked, nothing opened")
    func failedUseHoldsBackItsCommands() async throws {
        let sandbox = try Sandbox("failed-use-live")
        let server = try await FakeSWAPI(["--fail", "people=500"], sandbox: sandbox)
        try sandbox.write("""
            { "source": "live", "features": [
              { "id": "starships", "enabled": true, "baseURL": "\(server.baseURL)" },
              { "id": "characters", "enabled": true, "baseURL": "\(server.baseURL)" } ] }
            """, to: "Plugins.json")
        let arguments = ["--config", sandbox.file("Plugins.json").path, "--timeout", "5"]
        let output = try await Explorer.run(arguments, script: "use starships\nuse characters\nfav 1\nopen 1\nfeatures\n", in: sandbox)
        #expect(output.status == 1)
        #expect(output.stderrText == """
            error: line 2: characters did not load: page 1 failed: HTTP 500 from 127.0.0.1:\(server.port) for /api/people/?page=1; still in starships
            error: line 3: fav 1 not run: `use characters` failed (line 2); still in starships, not characters
            error: line 4: open 1 not run: `use characters` failed (line 2); still in starships, not characters

            """)
        #expect(!output.stdoutText.contains("CR90 corvette is now a favourite") && !output.stdoutText.contains("(row 1)"), "\(output.stdoutText)")
        #expect(output.stdoutText.contains("characters  "), "`features`, a command for no feature, ran")
        let favourites = try await Explorer.run(arguments + ["--format", "json", "-c", "favs all"], in: sandbox)
        #expect(favourites.stdoutText.contains(#""count":0"#), "no starship was marked: \(favourites.stdoutText)")
    }

    @Test("`back` after a failed `open` is not run: the list stays, and the next command acts on it")
    func backAfterAFailedOpen() async throws {
        let sandbox = try Sandbox("failed-open-live")
        let server = try await MovieDBLiveTests.start(sandbox)
        let output = try await MovieDBLiveTests.run("use moviedb\nnet fail 500 times 1\nopen 5\nback\npage 2\n", in: sandbox)
        #expect(server.requests().contains { $0.hasPrefix("/3/movie/popular?page=2") }, "page 2 was asked for")
        #expect(output.status == 1)
        let stderr = output.stderrText.split(separator: "\n").map(String.init)
        #expect(stderr.count == 2, "\(output.stderrText)")
        #expect(stderr.first?.hasPrefix("error: line 3: HTTP 500 from ") == true, "\(output.stderrText)")
        #expect(stderr.last == "error: line 4: back not run: `open 5` failed (line 3); no step to go back from")
        #expect(output.stdoutText.contains("Movies · Popular · page 2 of 500"), "`page 2` ran in moviedb: \(output.stdoutText)")
    }

    @Test("a command that goes somewhere after a failed `open` (`favs`) takes the `back` after it")
    func levelChangedMeanwhile() async throws {
        let sandbox = try Sandbox("failed-open-favs")
        let output = try await Explorer.run([], script: "use starships\nopen 99\nfavs\nback\npage 2\n", in: sandbox)
        #expect(output.stderrText == "error: line 2: no row 99: there are 36 rows\n")
        #expect(output.stdoutText.contains("Starships · page 2 of 4"))
    }

    @Test("`once` keeps a file's other names (hard links), its owner, and a link to a file not there yet")
    func onceKeepsLinksAndOwner() async throws {
        let sandbox = try Sandbox("once-links")
        try sandbox.write("old\n", to: "a.csv")
        #expect(link(sandbox.file("a.csv").path, sandbox.file("b.csv").path) == 0)
        #expect(symlink("target.csv", sandbox.file("dangling.csv").path) == 0)
        try sandbox.write("old\n", to: "owned.csv")
        let root = getuid() == 0
        if root { #expect(chown(sandbox.file("owned.csv").path, 65534, 65534) == 0) }
        let output = try await Explorer.run(["--format", "csv", "-c", "once a.csv; features; once dangling.csv; features; once owned.csv; features"],
                                            directory: sandbox.path, in: sandbox)
        #expect(output.status == 0 && output.stderrText == "")
        #expect(try String(contentsOf: sandbox.file("b.csv"), encoding: .utf8).hasPrefix("active,id,"), "the other name sees the new text")
        var status = stat()
        #expect(lstat(sandbox.file("dangling.csv").path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK, "still a link")
        #expect(try String(contentsOf: sandbox.file("target.csv"), encoding: .utf8).hasPrefix("active,id,"))
        #expect(stat(sandbox.file("owned.csv").path, &status) == 0)
        if root { #expect(status.st_uid == 65534, "its owner kept") }
        #expect(try String(contentsOf: sandbox.file("owned.csv"), encoding: .utf8).hasPrefix("active,id,"))
    }

    @Test("`once FILE` in CSV: a screen with no table replaces nothing and says so; the next table replaces the file whole, read by sqlite3")
    func onceWaitsForATable() async throws {
        let sandbox = try Sandbox("failed-once-csv")
        try sandbox.write("precious,data\n", to: "d.csv")
        let kept = try await Explorer.run(["--format", "csv", "-c", "use starships; once d.csv; open 1"], directory: sandbox.path, in: sandbox)
        #expect(kept.status == 0)
        #expect(kept.stderrText == """
            warning: once d.csv: this screen has no table to write as CSV; the file waits for the next screen
            warning: once d.csv: no screen came to write; the file is as it was

            """)
        #expect(try String(contentsOf: sandbox.file("d.csv"), encoding: .utf8) == "precious,data\n")

        let dropped = try await Explorer.run(["--format", "csv", "-c", "use starships; once d.csv; fav 1; open 99; page 2"],
                                             directory: sandbox.path, in: sandbox)
        #expect(dropped.status == 1)
        #expect(dropped.stderrText.hasSuffix("error: -c:4: no row 99: there are 36 rows (once d.csv dropped: the file is as it was)\n"),
                "\(dropped.stderrText)")
        #expect(try String(contentsOf: sandbox.file("d.csv"), encoding: .utf8) == "precious,data\n")

        let written = try await Explorer.run(["--format", "csv", "-c", "use starships; once d.csv; open 1; back; page 2"],
                                             directory: sandbox.path, in: sandbox)
        #expect(written.status == 0)
        let sqlite = try await ChildProcess.run(executable: TestPaths.sqlite3,
                                               arguments: [":memory:", ".import --csv d.csv ships", "select count(*), min(name) from ships;"],
                                               environment: sandbox.environment, directory: sandbox.path, timeout: 30)
        #expect(sqlite.stderrText == "")
        #expect(sqlite.stdoutText == "10|CR90 corvette\n", "`back` wrote the first page's table, whole; `page 2` went to stdout")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.path).filter { $0.hasPrefix(".explorer-once") }
        #expect(leftovers.isEmpty, "nothing left beside it: \(leftovers)")
    }

    @Test("iTunes before a search is an empty list like any other: its header in CSV (sqlite3 imports no row), `rows: []` in JSON")
    func iTunesBeforeASearch() async throws {
        let sandbox = try Sandbox("itunes-empty-csv")
        let csv = try await Explorer.run(["--format", "csv", "-c", "use itunes; once empty.csv; use itunes"], directory: sandbox.path, in: sandbox)
        #expect(csv.status == 0 && csv.stderrText == "")
        #expect(csv.stdoutText.hasPrefix("row,favourite,id,title,artist,"))
        let sqlite = try await ChildProcess.run(executable: TestPaths.sqlite3,
                                               arguments: [":memory:", ".import --csv empty.csv tracks", "select count(*) from tracks;",
                                                           "select count(*) from pragma_table_info('tracks');"],
                                               environment: sandbox.environment, directory: sandbox.path, timeout: 30)
        #expect(sqlite.stdoutText == "0\n22\n", "a table of 22 columns and no row: \(sqlite.stdoutText) \(sqlite.stderrText)")
        let json = try await Explorer.run(["--format", "json", "-c", "use itunes"], in: sandbox)
        #expect(json.stdoutText.contains(#""rows":[]"#))
    }
}
