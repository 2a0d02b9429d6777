import Foundation
import GRDB
import Testing
import TestSupport
@testable import ExplorerCore
@testable import ExplorerHTTP
@testable import ExplorerShell
@testable import ExplorerStore

/// Regression tests for bugs found by reading the doc comments against the code; each test
/// comment says what was wrong.
@Suite("Fixed bugs")
struct FixedBugTests {
    private func configError(_ json: String) -> ConfigError? {
        do {
            _ = try PluginsConfig.parse(Data(json.utf8), file: "Plugins.json", knownIDs: ["starships"])
            return nil
        } catch {
            return error
        }
    }

    /// `PluginsConfig.locate` walked Characters, and "\r\n" is one Character that is not equal
    /// to "\n", so a CRLF file never got past line 1.
    @Test func malformedJSONLocationInACRLFFile() {
        let error = configError("{\"source\":\"embedded\",\r\n\"features\":[}")
        #expect(error?.message == "malformed JSON (line 2, column 13)")
    }

    /// The parser reports a UTF-8 byte offset, but locate counted Characters up to it, so any
    /// non-ASCII text before the error pushed the location too far (here onto the next line).
    @Test func malformedJSONLocationAfterNonASCIIText() {
        let error = configError("{\"source\":\"周杰倫周杰倫\", x\n\"features\":[]}")
        #expect(error?.message == "malformed JSON (line 1, column 21)")
    }

    /// `LiveHTTPClient.retryDelay` converted `seconds * 1000` with `Int(_:)` before capping it,
    /// which trapped for a huge or infinite Retry-After from a server ("1e300", "inf",
    /// "99999999999999999999"). It is capped at maximumDelay.
    @Test func hugeRetryAfterIsCappedInsteadOfCrashing() async {
        await #expect(processExitsWith: .success) {
            let client = LiveHTTPClient(baseURL: URL(string: "https://swapi.dev/api")!)
            for value in ["1e300", "inf", "99999999999999999999"] {
                let delay = client.retryDelay(HTTPResponse(status: 429, headers: ["retry-after": value], body: Data()))
                if delay != .seconds(10) { exit(2) }
            }
        }
    }

    /// AppDatabase promises that several processes "wait for each other instead of failing".
    /// Two opening a new file at the same moment collide where the busy timeout does not help:
    /// GRDB's migrator reads which migrations are applied before it takes the write lock, so
    /// both can decide to run the first migration, and the second then fails with `table
    /// "favourite" already exists`. The loser must try again and find the work done.
    ///
    /// Made certain here rather than hoped for: another connection holds the write lock while
    /// AppDatabase reads (WAL lets it), and only once AppDatabase is seen waiting for that lock
    /// runs the first migration itself and lets go.
    @Test(.timeLimit(.minutes(1))) func openingWhileAnotherProcessRunsTheFirstMigrationWaitsAndSucceeds() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true  // the lock is held across accesses
        let other = try DatabaseQueue(path: directory.file("explorer.sqlite").path, configuration: configuration)
        try await other.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            try db.execute(sql: "BEGIN IMMEDIATE")
        }
        let events = LockedValue<[String]>([])
        let waiting = LockedValue(false)
        let store = FavouritesStore(database: AppDatabase(directory: directory.url, onBusy: { waiting.withLock { $0 = true } }))
        Thread {
            do {
                try store.toggle(feature: "starships", itemID: "10", title: "Millennium Falcon")
                events.withLock { $0.append("toggled") }
            } catch {
                events.withLock { $0.append("failed: \(error)") }
            }
        }.start()
        // Lets go only once the store has found the lock held and is waiting for it.
        while !waiting.value && events.value.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        events.withLock { $0.append("other commits") }
        try await other.writeWithoutTransaction { db in
            try db.execute(sql: """
                CREATE TABLE favourite (feature TEXT NOT NULL, itemID TEXT NOT NULL, title TEXT NOT NULL,
                                        createdAt DATETIME NOT NULL, PRIMARY KEY (feature, itemID))
                """)
            try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v1: favourites')")
            try db.execute(sql: "COMMIT")
        }
        while events.value.count < 2 { try await Task.sleep(for: .milliseconds(10)) }

        #expect(events.value == ["other commits", "toggled"], "waited for the other, then succeeded")
        #expect(try store.ids(in: "starships") == ["10"])
    }

    /// `hlep` should suggest `help`, but `String.nearest` used plain Levenshtein (a
    /// transposition costs 2) with a limit of a third of the letters (1 for 4 letters), so the
    /// common transposition typo got no suggestion. A transposition now counts as one edit.
    @Test @MainActor func transposedLettersSuggestTheCommand() async {
        #expect("hlep".nearest(in: ["help", "features", "use"]) == "help")
        let h = ShellHarness()
        defer { h.remove() }
        await h.run("hlep")
        #expect(h.output.errors == ["error: unknown command 'hlep' (did you mean 'help'?)"])
    }

    /// `Shell.switchSource` set the new source first, then told each built feature in turn;
    /// when one threw, the loop stopped, so features after it in registry order were never told
    /// to forget data loaded from the old source, while the source stayed switched. Now every
    /// built feature is told and the source goes back to what it was.
    @Test @MainActor func failedSourceSwitchLeavesNoFeatureWithStaleData() async {
        let h = ShellHarness()
        defer { h.remove() }
        await h.run("use films; use fake")
        h.feature("fake").sourceChangeError = CommandError("offline")

        #expect(await h.run("source live") == false)
        #expect(h.output.errors == ["error: cannot switch to live, still embedded: offline"])
        // The switch is undone; every built feature was told, so none keeps stale data.
        #expect(h.shell.source.current == .embedded)
        #expect(h.feature("films").sourceChanges == [false])
    }
}
