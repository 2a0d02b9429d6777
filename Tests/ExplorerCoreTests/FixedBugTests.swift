import Foundation
import Testing
import TestSupport
@testable import ExplorerCore

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

    /// PluginsConfig.locate (PluginsConfig.swift:108–111) walks Characters, and "\r\n" is one
    /// Character that is not equal to "\n", so a CRLF file never gets past line 1.
    @Test func malformedJSONLocationInACRLFFile() {
        let error = configError("{\"source\":\"embedded\",\r\n\"features\":[}")
        #expect(error?.message == "malformed JSON (line 2, column 13)")
    }

    /// The parser reports a UTF-8 byte offset, but locate counts Characters up to it, so any
    /// non-ASCII text before the error pushes the location too far (here onto the next line).
    @Test func malformedJSONLocationAfterNonASCIIText() {
        let error = configError("{\"source\":\"周杰倫周杰倫\", x\n\"features\":[]}")
        #expect(error?.message == "malformed JSON (line 1, column 21)")
    }

    /// LiveHTTPClient.retryDelay (LiveHTTPClient.swift:58) converts `seconds * 1000` with
    /// `Int(_:)` before capping it, which traps for a huge or infinite Retry-After from a
    /// server ("1e300", "inf", "99999999999999999999"). It should be capped at maximumDelay.
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
    /// Two instances opening a fresh data directory at the same moment often fail with
    /// StoreError .busy: `PRAGMA journal_mode = WAL` (run by DatabasePool's init in
    /// AppDatabase.open, AppDatabase.swift:55) returns SQLITE_BUSY at once, without the busy
    /// timeout. (GRDB's migrator also reads the applied migrations outside its transaction,
    /// so two first opens can both try to create the table.)
    @Test func twoInstancesOpeningAFreshDirectoryAtOnceBothSucceed() async {
        let failures = LockedValue<[String]>([])
        for attempt in 0..<40 {
            let directory = TemporaryDirectory()
            defer { directory.remove() }
            let stores = ["a", "b"].map { (FavouritesStore(database: AppDatabase(directory: directory.url)), $0) }
            await runOnThreads(stores) { store, name in
                do {
                    try store.toggle(feature: "starships", itemID: name, title: name)
                } catch {
                    failures.withLock { $0.append("attempt \(attempt), \(name): \(error)") }
                }
            }
        }
        let failed = failures.value
        #expect(failed.count == 0, "\(failed.count) of 80 first opens failed, e.g.\n\(failed.prefix(3).joined(separator: "\n"))")
    }

    /// The brief expects `hlep` to suggest `help`, but String.nearest uses plain Levenshtein
    /// (a transposition costs 2) with a limit of a third of the letters (1 for 4 letters), so
    /// the common transposition typo gets no suggestion. Either the brief or nearest (e.g.
    /// Damerau–Levenshtein, or a limit of 2 for short words) must change.
    @Test @MainActor func transposedLettersSuggestTheCommand() async {
        #expect("hlep".nearest(in: ["help", "features", "use"]) == "help")
        let h = ShellHarness()
        defer { h.remove() }
        await h.run("hlep")
        #expect(h.output.errors == ["error: unknown command 'hlep' (did you mean 'help'?)"])
    }

    /// Shell.switchSource (Shell.swift:209–218) sets the new source first, then tells each built
    /// feature in turn; when one throws, the loop stops, so features after it in registry order
    /// are never told to forget data loaded from the old source, while the source stays
    /// switched. After a failed `source live`, either the source should still be embedded
    /// ("an error … changes nothing else") or every built feature should have been told.
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
