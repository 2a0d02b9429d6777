import CustomDump
import ExplorerCore
@testable import ExplorerShell
import ExplorerText
import ExplorerTrace
import Foundation
import Testing

/// `history`, `jump` and `diff` through the shell, on a feature built on the kit (planets, in
/// this target): every command is kept as it ends; jumping shows a past screen and changes
/// nothing — no view model, no favourite, no stored file, no request.
@MainActor
@Suite("History, jump and diff in the shell")
struct HistoryShellTests {
    static let pluginsJSON = """
        {"source": "embedded", "features": [{"id": "planets", "enabled": true, "baseURL": "https://planets.example/api"}]}
        """

    func harness(format: OutputFormat = .text) -> ShellHarness {
        ShellHarness(terminal: TerminalSettings(width: 80), format: format, descriptors: [PlanetsFeature.descriptor],
                     pluginsJSON: Self.pluginsJSON)
    }

    func lines(_ h: ShellHarness) -> [String] {
        h.output.out.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Every file under `directory` and its bytes.
    func files(in directory: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            files[url.path] = try Data(contentsOf: url)
        }
        return files
    }

    @Test func jumpingShowsThePastAndChangesNothingStoredMakesNoRequestAndLeavesTheViewModelAsItIs() async throws {
        let h = harness()
        defer { h.remove() }
        for line in ["use planets", "open 2", "fav", "back"] { #expect(await h.run(line)) }
        let feature = try #require(h.registry.feature("planets") as? PlanetsFeature)
        let stateBefore = String(customDumping: feature.viewModel.state.value)
        let filesBefore = try files(in: h.directory.url)
        let favouritesBefore = try h.shell.favourites.list()
        #expect(favouritesBefore.map(\.title) == ["Alderaan"])
        h.output.clear()

        h.shell.tracer.beginRecording()
        for line in ["jump 2", "history", "diff 1 3", "jump 1", "jump 3"] { #expect(await h.run(line)) }
        let events = h.shell.tracer.endRecording()

        #expect(events.filter { $0.kind == .request } == [], "no request is made")
        #expect(events.filter { $0.kind == .state } == [], "no view model emits")
        #expect(String(customDumping: feature.viewModel.state.value) == stateBefore, "the view model is as it was")
        #expect(try h.shell.favourites.list() == favouritesBefore)
        #expect(try files(in: h.directory.url) == filesBefore, "no stored file changes")
        #expect(lines(h).contains("☆ Alderaan  (row 2)"), "after `open 2` Alderaan was not a favourite yet")
        #expect(lines(h).contains("★ Alderaan  (row 2)"), "after `fav` it was")
        #expect(h.output.errors == [])

        // The same recording sees a request when a command makes one: the check above can fail.
        h.shell.tracer.beginRecording()
        #expect(await h.run("refresh"))
        #expect(h.shell.tracer.endRecording().contains { $0.kind == .request })
    }

    @Test func thePromptSaysWhereTheSessionJumpedToUntilAnotherCommandReturnsToNow() async {
        let h = harness()
        defer { h.remove() }
        for line in ["use planets", "open 2", "back"] { #expect(await h.run(line)) }
        #expect(h.shell.prompt == "planets› ")
        #expect(await h.run("jump 2"))
        #expect(h.shell.prompt == "[at 2] planets› ", "the prompt is still where the session is, marked with where it looks")
        #expect(await h.run("history"))
        #expect(await h.run("diff 2"))
        #expect(h.shell.prompt == "[at 2] planets› ", "`history` and `diff` look without returning")
        h.output.clear()

        #expect(await h.run("open 3"))
        #expect(lines(h).first == "☆ Yavin IV  (row 3)", "the command runs on the session as it is now")
        #expect(lines(h).last == "back at now (6)", "and then says so")
        #expect(h.shell.prompt == "planets › Yavin IV› ")

        #expect(await h.run("jump 1"))
        h.output.clear()
        #expect(await h.run("jump"))
        #expect(lines(h).first == "back at now (8)")
        #expect(lines(h).dropFirst().first == "☆ Yavin IV  (row 3)", "`jump` alone shows the screen of now")
        #expect(h.shell.prompt == "planets › Yavin IV› ")
    }

    @Test func historyListsEveryCommandTypedFailedOrNotWithWhatItChanged() async {
        let h = harness()
        defer { h.remove() }
        await h.run("use planets; open 9; open 2; fav; format")
        h.output.clear()
        #expect(await h.run("history"))
        #expect(lines(h) == [
            "History · 5 commands",
            "#  command      what it changed",
            "1  use planets  planets: first used",
            "2  open 9       error: no row 9: there are 4 rows (changed nothing)",
            "3  open 2       planets: screen .list → .detail(number: 2); detail nil → #2 Ald…",
            "4  fav          planets: rows #2 Alderaan: isFavourite false → true; detail #2 …",
            "5  format       changed nothing",
            "`jump N`: the screen and state right after N · `diff N M`: what changed",
        ])
    }

    @Test func errorsAreOneLineAndChangeNothing() async {
        let h = harness()
        defer { h.remove() }
        #expect(await h.run("jump 1") == false)
        #expect(await h.run("use planets"))
        #expect(await h.run("jump 9") == false)
        #expect(await h.run("jump 4") == false)
        #expect(await h.run("jump two") == false)
        #expect(await h.run("diff") == false)
        #expect(await h.run("diff 1 x") == false)
        #expect(h.output.errors == [
            "error: command 1 is this one: no command has run yet",
            "error: no command 9: the history holds 1–2",
            "error: command 4 is this one: the history holds 1–3",
            "error: usage: jump [N]   (N is a command's number in `history`)",
            "error: usage: diff N [M] [full]   (N and M are commands' numbers in `history`)",
            "error: usage: diff N [M] [full]   (N and M are commands' numbers in `history`)",
        ])
        #expect(h.shell.prompt == "planets› ", "a failed jump jumps nowhere")
    }

    @Test func aCommandThatFailsWhileJumpedLeavesTheJumpOnShow() async {
        let h = harness()
        defer { h.remove() }
        await h.run("use planets; open 2; back")
        #expect(await h.run("jump 2"))
        let prompt = h.shell.prompt
        h.output.clear()
        #expect(await h.run("open 99") == false)
        #expect(h.output.errors.count == 1 && h.output.errors[0].hasPrefix("error: no row 99"))
        #expect(h.output.out == [], "no `back at now`: a failed command changes nothing")
        #expect(h.shell.prompt == prompt && prompt.hasPrefix("[at 2]"))
        #expect(await h.run("open 1"))
        #expect(h.output.out.last == "back at now (5)", "said once the command succeeded, after its screen")
        #expect(h.shell.prompt == "planets › Tatooine› ")
    }

    @Test func tabOffersTheNumbersKept() async {
        let h = harness()
        defer { h.remove() }
        await h.run("use planets; open 2; back")
        #expect(h.shell.completions(for: "jump ") == ["1", "2", "3"])
        #expect(h.shell.completions(for: "diff 1 ") == ["1", "2", "3", "full"])
        #expect(h.shell.completions(for: "diff 1 3 ") == ["full"])
        #expect(h.shell.completions(for: "his") == ["history"])
    }
}
