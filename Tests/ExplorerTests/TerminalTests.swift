import ExplorerCore
import ExplorerText
import Foundation
import TestSupport
import Testing

/// explorer at a real terminal (tmux, see ``TmuxSession``): what only a terminal shows —
/// typing, Ctrl-C, Ctrl-D, Tab, resizing, the pager, the transient loading line, bold text.
/// Everything is waited for by watching the screen, with generous deadlines.
@Suite("At a terminal", .serialized)
struct TerminalTests {
    static let prompt = "explorer›"

    /// Starts explorer in tmux with its data in the sandbox and the width it measures (no
    /// `--width`), unless `arguments` say otherwise.
    func start(_ arguments: [String] = [], environment: [String: String] = [:], term: String = "screen",
                       width: Int = 80, height: Int = 24, shell: String? = nil,
                       in sandbox: Sandbox) async throws -> TmuxSession {
        let command: [String]
        let all = ["--data-dir", sandbox.dataDirectory] + arguments
        if let shell {
            let quoted = ([TestPaths.explorer] + all).map { "'\($0)'" }.joined(separator: " ")
            command = ["/bin/sh", "-c", shell.replacingOccurrences(of: "EXPLORER", with: quoted)]
        } else {
            command = [TestPaths.explorer] + all
        }
        var variables = sandbox.environment
        variables["EXPLORER_HISTFILE"] = variables["EXPLORER_HISTFILE"] ?? sandbox.file("history").path
        variables.merge(environment) { _, new in new }
        return try await TmuxSession(command, environment: variables, term: term, width: width, height: height, in: sandbox)
    }

    @Test("with stdout redirected, typed lines run: the prompt goes to the terminal, screens to the file; Ctrl-C drops a line, Ctrl-D ends")
    func outputRedirected() async throws {
        let sandbox = try Sandbox("tty-redirected")
        let tmux = try await start(shell: "cd '\(sandbox.path)' && exec EXPLORER > out.txt", in: sandbox)
        defer { Task { await tmux.stop() } }

        try await tmux.waitFor(Self.prompt)
        try await tmux.enter("use starships")
        try await tmux.waitFor("starships›")
        try await tmux.type("use charac")
        // Ctrl-C only once the line is drawn: the terminal throws away the keys not read yet
        // when Ctrl-C comes (as it does for any program), so pressed at once it could take the
        // typed line with it before the line editor had it.
        try await tmux.waitFor("starships› use charac")
        try await tmux.press("C-c")
        // The line is dropped when Ctrl-C is handled, which may come after keys typed on: typed
        // before the fresh prompt, `features` would be dropped with it.
        try await tmux.waitFor("a fresh prompt after Ctrl-C") { $0.contains("use charac^C") && $0.hasSuffix("starships›") }
        try await tmux.enter("features")
        try await tmux.press("C-d")
        #expect(try await tmux.exitStatus() == 0)

        let written = try String(contentsOf: sandbox.file("out.txt"), encoding: .utf8)
        #expect(written.hasPrefix("Starships · page 1 of 4 · 36 in all\n"))
        #expect(written.contains("characters  Star Wars characters"))
        #expect(!written.contains("Characters · 82"), "Ctrl-C dropped `use charac…`")
        #expect(!written.contains("›"), "the prompt is not in the file")
    }

    @Test("piped into tee at a terminal, typed lines run and print through tee")
    func outputThroughTee() async throws {
        let sandbox = try Sandbox("tty-tee")
        // Ctrl-C would end tee too, as it does for any program piped into tee at a shell.
        let tmux = try await start(shell: "cd '\(sandbox.path)' && EXPLORER | tee out.txt", in: sandbox)
        defer { Task { await tmux.stop() } }

        try await tmux.waitFor(Self.prompt)
        try await tmux.enter("use starships")
        try await tmux.waitFor("Rebel transport")
        try await tmux.enter("nosuch")
        try await tmux.press("C-d")
        #expect(try await tmux.exitStatus() == 0)
        let written = try String(contentsOf: sandbox.file("out.txt"), encoding: .utf8)
        #expect(written.hasPrefix("Starships · page 1 of 4 · 36 in all\n"))
        #expect(!written.contains("error"), "errors go to the terminal, not through tee")
    }

    @Test("Ctrl-C stops `play` at once, as the line it shows says: the player gets the signal, the prompt comes back, no error")
    func controlCStopsThePlayer() async throws {
        let sandbox = try Sandbox("tty-play")
        try sandbox.writeExecutable("""
            #!/bin/sh
            echo $$ > '\(sandbox.file("player.pid").path)'
            exec sleep 60
            """, to: "player")
        let tmux = try await start(environment: ["EXPLORER_PLAYER": sandbox.file("player").path], in: sandbox)
        defer { Task { await tmux.stop() } }

        try await tmux.enter("use itunes")
        try await tmux.enter("search jack johnson")
        try await tmux.enter("open 1")
        try await tmux.enter("play")
        let player = try await Self.waitForPID(in: sandbox.file("player.pid"))
        try await tmux.waitFor("playing “Flake” with player (Ctrl-C stops)")
        try await tmux.press("C-c")
        let after = try await tmux.waitFor("the prompt back after Ctrl-C", timeout: 10) { $0.hasSuffix("itunes › Flake›") }
        #expect(!after.contains("error"), "Ctrl-C is how a preview is stopped: \(after)")
        #expect(try await Self.waitUntilGone(player), "the player \(player) still runs")
        try await tmux.enter("quit")
        #expect(try await tmux.exitStatus() == 0)
    }

    @Test("a session typed at a terminal exits 0 after errors, as sqlite3 does")
    func typingExitsZeroAfterErrors() async throws {
        let sandbox = try Sandbox("tty-exit")
        let tmux = try await start(in: sandbox)
        defer { Task { await tmux.stop() } }

        try await tmux.enter("nosuch")
        try await tmux.waitFor("error: unknown command 'nosuch'")
        try await tmux.enter("quit")
        #expect(try await tmux.exitStatus() == 0)
    }

    @Test("the banner is wrapped to a 40-column terminal, at spaces")
    func bannerFitsTheTerminal() async throws {
        let sandbox = try Sandbox("tty-banner")
        let tmux = try await start(width: 40, in: sandbox)
        defer { Task { await tmux.stop() } }

        let screen = try await tmux.waitFor(Self.prompt)
        #expect(screen.hasPrefix("explorer 0.1.0 · embedded data · `help`\nlists commands, `features` what to\nexplore, Ctrl-D quits\n"),
                "\(screen)")
    }

    @Test("a history file of one character in the working directory (EXPLORER_HISTFILE=h) is kept, not a crash")
    func oneCharacterHistoryFile() async throws {
        let sandbox = try Sandbox("tty-histfile-h")
        let tmux = try await start(environment: ["EXPLORER_HISTFILE": "h"], in: sandbox)
        defer { Task { await tmux.stop() } }

        try await tmux.waitFor(Self.prompt)
        try await tmux.enter("features")
        try await tmux.waitFor("the features") { $0.contains("starships") && $0.hasSuffix(Self.prompt) }
        try await tmux.enter("quit")
        #expect(try await tmux.exitStatus() == 0)
        let history = try String(contentsOf: tmux.workingDirectory.appendingPathComponent("h"), encoding: .utf8)
        #expect(history.contains("features"), "\(history)")
    }

    @Test("a replay's banner names the recording, not live data")
    func replayBanner() async throws {
        let sandbox = try Sandbox("tty-replay-banner")
        let recording = TestPaths.examples.appendingPathComponent("workshop.rec").path
        let tmux = try await start(["--replay", recording], width: 200, in: sandbox)
        defer { Task { await tmux.stop() } }

        let screen = try await tmux.waitFor(Self.prompt)
        let answers = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n").count - 1
        #expect(screen.hasPrefix("explorer 0.1.0 · replay \(recording) (\(answers) answers, recorded 2026-11-24 09:00 UTC) · `help`"), "\(screen)")
        #expect(!screen.contains("live data"), "\(screen)")
    }

    @Test("a PAGER that cannot run is said once, where a screen would have been paged; the screen is printed whole")
    func pagerThatCannotRun() async throws {
        let sandbox = try Sandbox("tty-pager-missing")
        let tmux = try await start(environment: ["PAGER": "nosuch-pager"], width: 100, height: 20, in: sandbox)
        defer { Task { await tmux.stop() } }

        try await tmux.waitFor(Self.prompt)
        try await tmux.enter("use starships")
        let short = try await tmux.waitFor("starships›")
        #expect(!short.contains("warning"), "a screen that fits says nothing: \(short)")
        try await tmux.enter("use characters")
        try await tmux.waitFor("characters›")
        try await tmux.enter("use starships")
        try await tmux.enter("use characters")
        let screen = try await tmux.waitFor("the list again") { $0.contains("Tion Medon") && $0.hasSuffix("characters›") }
        let all = try await tmux.scrollback()
        #expect(all.components(separatedBy: "warning: cannot run PAGER's nosuch-pager: it is not found; long screens are printed whole").count == 2,
                "once: \(all)")
        try await tmux.enter("quit")
        #expect(try await tmux.exitStatus() == 0)
        #expect(screen.contains("82  ☆  Tion Medon"), "printed whole")
    }

    @Test("an error line longer than the terminal is wrapped at spaces, its later lines indented")
    func errorLinesWrapAtWords() async throws {
        let sandbox = try Sandbox("tty-error-wrap")
        let tmux = try await start(width: 40, in: sandbox)
        defer { Task { await tmux.stop() } }

        try await tmux.waitFor(Self.prompt)
        try await tmux.enter("use starships")
        try await tmux.waitFor("starships›")
        try await tmux.enter("follow pilots 1")
        let screen = try await tmux.waitFor("the error") { $0.contains("error:") && $0.hasSuffix("starships›") }
        let lines = screen.components(separatedBy: "starships› follow pilots 1\n").last?.split(separator: "\n").dropLast().map(String.init) ?? []
        #expect(lines == ["error: starships shows no detail: `open", "  N` first, then `follow pilots N` or", "  `follow films N`"],
                "\(screen)")
    }

    @Test("after the terminal is resized, the next screen is laid out for the new width")
    func resizeIsFollowed() async throws {
        let sandbox = try Sandbox("tty-resize")
        let tmux = try await start(width: 160, height: 40, in: sandbox)
        defer { Task { await tmux.stop() } }

        try await tmux.enter("use starships")
        let wide = try await tmux.waitFor("starships›")
        #expect(wide.split(separator: "\n").contains { DisplayWidth.of(String($0)) > 100 }, "\(wide)")

        try await tmux.resize(width: 40, height: 40)
        try await tmux.enter("page 2")
        let screen = try await tmux.waitFor("page 2 at 40 columns") { $0.hasSuffix("starships›") && $0.contains("page 2 of 4") }
        let after = screen.components(separatedBy: "starships› page 2").last ?? ""
        #expect(after.contains("11  ☆  Slave 1"))
        for line in after.split(separator: "\n") {
            #expect(DisplayWidth.of(String(line)) <= 40, "\(line)")
        }
    }

    @Test("a screen taller than the terminal goes through less -FRX; q returns to the prompt")
    func longScreensArePaged() async throws {
        let sandbox = try Sandbox("tty-pager")
        let tmux = try await start(height: 20, in: sandbox)
        defer { Task { await tmux.stop() } }

        try await tmux.enter("use characters")
        let paged = try await tmux.waitFor("less's prompt") { $0.hasSuffix("\n:") }
        #expect(paged.contains("Luke Skywalker"))
        #expect(!paged.contains("Tion Medon"), "the 82nd row waits for the next page")
        try await tmux.press("q")
        try await tmux.waitFor("the prompt after q") { $0.hasSuffix("characters›") }

        try await tmux.enter("pager off")
        try await tmux.enter("filter clear")
        let unpaged = try await tmux.waitFor("the whole list") { $0.contains("Tion Medon") && $0.hasSuffix("characters›") }
        #expect(!unpaged.hasSuffix("\n:"))
    }

    @Test("the top-level help fits an 80×24 terminal with the prompt under it: it is not paged")
    func topLevelHelpIsNotPaged() async throws {
        let sandbox = try Sandbox("tty-help-fits")
        let tmux = try await start(in: sandbox)
        defer { Task { await tmux.stop() } }

        try await tmux.waitFor(Self.prompt)
        try await tmux.enter("help")
        let screen = try await tmux.waitFor("the help and the prompt under it") {
            $0.contains("Features: starships") && $0.hasSuffix(Self.prompt)
        }
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let help = lines.drop { !$0.hasPrefix("Commands (`help <command>` explains one)") }
        #expect(help.count >= 17 && help.count <= 24, "the help from its first line to the prompt:\n\(screen)")
        #expect(help.allSatisfy { DisplayWidth.of(String($0)) <= 80 })
        try await tmux.enter("quit")
        #expect(try await tmux.exitStatus() == 0)
    }

    @Test("keys typed at the pager never write a file or run a program (less runs with LESSSECURE=1)")
    func keysTypedAtThePagerWriteNothing() async throws {
        let sandbox = try Sandbox("tty-pager-keys")
        // The real less, as $PAGER is unset: `less -FRX`.
        let tmux = try await start(in: sandbox)
        defer { Task { await tmux.stop() } }

        try await tmux.waitFor(Self.prompt)
        try await tmux.enter("use characters")
        try await tmux.waitFor("less's prompt") { $0.hasSuffix("\n:") }
        // What a user types for the prompt while the 86 lines are paged, all at once: each
        // of these would write a file or run a program in the working directory in less as it
        // comes (`s` asks for a log file, which `e starships` names; `!` and `|` run a shell;
        // `-o` is a log file again).
        try await tmux.press("s", "e starships", "Enter", "sort name", "Enter",
                             "!touch ran-a-shell", "Enter", "|$touch piped-to-a-shell", "Enter")
        try await tmux.type("-owrote-a-log")
        try await tmux.press("Enter")
        try await Self.quitThePager(tmux, prompt: "characters›")

        try await tmux.enter("open 1")
        try await tmux.waitFor("the detail") { $0.contains("Luke Skywalker") && $0.hasSuffix("characters › Luke Skywalker›") }
        try await tmux.enter("quit")
        #expect(try await tmux.exitStatus() == 0)
        #expect(try tmux.filesWritten() == [], "written where explorer was started")
    }

    @Test("what is typed while a screen loads is dropped when the pager starts: it was meant for the prompt")
    func keysTypedAheadOfThePagerAreDropped() async throws {
        let sandbox = try Sandbox("tty-pager-typed-ahead")
        let tmux = try await start(in: sandbox)
        defer { Task { await tmux.stop() } }

        try await tmux.waitFor(Self.prompt)
        try await tmux.enter("net latency 1s")
        try await tmux.waitFor("the prompt after net") { $0.contains("latency 1") && $0.hasSuffix(Self.prompt) }
        // Both lines at once: the second arrives while the first is loading.
        try await tmux.press("use characters", "Enter", "sort name", "Enter")
        let paged = try await tmux.waitFor("less's prompt") { $0.hasSuffix("\n:") }
        // Given to less, `sort name⏎` would have paged on (its space) and written a log file
        // `ort name`: the first page shows, unsorted, waiting for a key.
        #expect(paged.contains(" 1  ☆  Luke Skywalker"), "\(paged)")
        try await Self.quitThePager(tmux, prompt: "characters›")
        // …and the line dropped is said, not lost in silence.
        let after = try await tmux.screen()
        #expect(after.contains("warning: 1 line typed ahead was dropped as the pager started: `sort name`\ncharacters›"),
                "\(after)")

        try await tmux.enter("net clear")
        try await tmux.enter("open 1")
        try await tmux.waitFor("the detail") { $0.hasSuffix("characters › Luke Skywalker›") }
        try await tmux.enter("quit")
        #expect(try await tmux.exitStatus() == 0)
        #expect(try tmux.filesWritten() == [], "written where explorer was started")
    }

    @Test("$PAGER is used as given, with its arguments; --no-pager turns paging off", arguments: [false, true])
    func pagerFromTheEnvironment(noPager: Bool) async throws {
        let sandbox = try Sandbox("tty-pager-env")
        let tmux = try await start(noPager ? ["--no-pager"] : [], environment: ["PAGER": "sed s/^/paged:/"],
                                   height: 20, in: sandbox)
        defer { Task { await tmux.stop() } }

        try await tmux.enter("use characters")
        let screen = try await tmux.waitFor("the list") { $0.contains("Tion Medon") && $0.hasSuffix("characters›") }
        #expect(screen.contains("paged:82  ☆  Tion Medon") == !noPager, "\(screen)")
    }

    @Test("a slow live request shows `loading starships…` until the screen replaces it")
    func loadingLine() async throws {
        let sandbox = try Sandbox("tty-loading")
        let server = try await FakeSWAPI(["--delay-ms", "1500"], sandbox: sandbox)
        try sandbox.write(FakeSWAPI.pluginsJSON(baseURL: server.baseURL), to: "Plugins.json")
        let tmux = try await start(["--source", "live", "--config", sandbox.file("Plugins.json").path], in: sandbox)
        defer { Task { await tmux.stop() } }

        try await tmux.enter("use starships")
        try await tmux.waitFor("loading starships…")
        let screen = try await tmux.waitFor("the list") { $0.hasSuffix("starships›") }
        #expect(screen.contains("Starships · page 1 of 4"))
        #expect(!screen.contains("loading"), "the loading line is cleared:\n\(screen)")
    }

    @Test("Ctrl-C interrupts an injected delay as it would a slow server; the list before stays")
    func ctrlCInterruptsAnInjectedDelay() async throws {
        let sandbox = try Sandbox("tty-net-latency")
        let tmux = try await start(in: sandbox)
        defer { Task { await tmux.stop() } }

        try await tmux.enter("use starships")
        try await tmux.waitFor("starships›")
        try await tmux.enter("net latency 50s")
        try await tmux.enter("page next")
        try await tmux.waitFor("loading starships…")
        try await tmux.press("C-c")
        try await tmux.waitFor("the prompt back") { $0.contains("error: interrupted") && $0.hasSuffix("starships›") }
        try await tmux.enter("net clear")
        try await tmux.enter("page 1")
        let screen = try await tmux.waitFor("page 1 again") { $0.contains("Rebel transport") && $0.hasSuffix("starships›") }
        #expect(screen.contains("Starships · page 1 of 4"), "\(screen)")
        #expect(!screen.contains("page 2 of 4"), "the interrupted page never showed:\n\(screen)")
    }

    @Test("Tab after `open` lists the row numbers in order")
    func rowNumbersCompleteInOrder() async throws {
        let sandbox = try Sandbox("tty-complete")
        let tmux = try await start(in: sandbox)
        defer { Task { await tmux.stop() } }

        try await tmux.enter("use starships")
        try await tmux.waitFor("starships›")
        try await tmux.type("open ")
        try await tmux.press("Tab")
        try await tmux.press("Tab")
        // The list above already holds a row 10 and the prompt `starships› open`: wait for the
        // line of candidates itself.
        let isListing = { (line: Substring) in line.contains("01") && line.contains("10") && !line.contains("☆") }
        let screen = try await tmux.waitFor("the candidates") {
            $0.split(separator: "\n").contains(where: isListing) && $0.hasSuffix("starships› open")
        }
        let listing = screen.split(separator: "\n").first(where: isListing)
        let numbers = listing.map { $0.split(separator: " ").compactMap { Int($0) } } ?? []
        #expect(numbers == Array(1...10), "\(screen)")
    }

    @Test("Tab after `follow` offers the detail's links, then their numbers; Enter follows one")
    func followCompletesLinksAndNumbers() async throws {
        let sandbox = try Sandbox("tty-follow")
        let tmux = try await start(in: sandbox)
        defer { Task { await tmux.stop() } }

        try await tmux.enter("use starships")
        try await tmux.waitFor("starships›")
        try await tmux.enter("open 5")
        try await tmux.waitFor("Millennium Falcon›")
        try await tmux.type("follow ")
        try await tmux.press("Tab")
        try await tmux.press("Tab")
        let isLinkListing = { (line: Substring) in line.split(separator: " ") == ["films", "pilots"] }
        try await tmux.waitFor("the link kinds") {
            $0.split(separator: "\n").contains(where: isLinkListing) && $0.hasSuffix("Millennium Falcon› follow")
        }
        try await tmux.type("p")
        try await tmux.press("Tab")
        try await tmux.waitFor("the link kind completed") { $0.hasSuffix("Millennium Falcon› follow pilots") }
        try await tmux.press("Tab")
        try await tmux.press("Tab")
        let isListing = { (line: Substring) in line.split(separator: " ") == ["1", "2", "3", "4"] }
        try await tmux.waitFor("the pilots' numbers") {
            $0.split(separator: "\n").contains(where: isListing) && $0.hasSuffix("Millennium Falcon› follow pilots")
        }
        try await tmux.type("2")
        try await tmux.press("Enter")
        let screen = try await tmux.waitFor("characters › Han Solo›")
        #expect(screen.contains("☆ Han Solo  (row 14)"), "\(screen)")
        try await tmux.enter("back")
        try await tmux.waitFor("back on the Falcon") { $0.hasSuffix("starships › Millennium Falcon›") }
    }

    @Test("bold headings at a terminal, none with TERM=dumb or NO_COLOR",
          arguments: [("screen", [String: String]()), ("dumb", [:]), ("screen", ["NO_COLOR": "1"])])
    func boldOnlyWhereTheTerminalHasIt(term: String, environment: [String: String]) async throws {
        let sandbox = try Sandbox("tty-\(term)")
        let tmux = try await start(environment: environment, term: term, in: sandbox)
        defer { Task { await tmux.stop() } }

        try await tmux.enter("use starships")
        let screen = try await tmux.waitFor("the list", escapes: true) { $0.contains("Rebel transport") }
        let bold = screen.contains("\u{1B}[1m")
        #expect(bold == (term == "screen" && environment.isEmpty), "\(screen)")
    }

    @Test("trace lines in their layer's colour at a terminal (requests cyan, emissions magenta, renders green); plain with NO_COLOR",
          arguments: [[String: String](), ["NO_COLOR": "1"]])
    func traceLinesAreColouredByLayer(environment: [String: String]) async throws {
        let sandbox = try Sandbox("tty-trace-\(environment.isEmpty ? "colour" : "no-color")")
        let tmux = try await start(environment: environment, in: sandbox)
        defer { Task { await tmux.stop() } }

        try await tmux.waitFor(Self.prompt)
        try await tmux.enter("trace on")
        try await tmux.enter("use starships")
        let screen = try await tmux.waitFor("the trace and the list", escapes: true) {
            $0.contains("StarshipsView rendered") && $0.contains("Rebel transport")
        }
        let lines = screen.split(separator: "\n").map(String.init)
        let request = try #require(lines.first { $0.contains("trace: GET /starships/?page=1 → 200") })
        let emission = try #require(lines.first { $0.contains("trace: StarshipsViewModel.state ← list") })
        let render = try #require(lines.first { $0.contains("trace: StarshipsView rendered") })
        if environment.isEmpty {
            #expect(request.hasPrefix("\u{1B}[36mtrace: GET"), "\(screen)")
            #expect(emission.hasPrefix("\u{1B}[35mtrace: StarshipsViewModel.state"), "\(screen)")
            #expect(render.hasPrefix("\u{1B}[32mtrace: StarshipsView"), "\(screen)")
        } else {
            for line in [request, emission, render] {
                #expect(line.hasPrefix("trace: ") && !line.contains("\u{1B}["), "\(line)")
            }
        }
        try await tmux.enter("quit")
        #expect(try await tmux.exitStatus() == 0)
    }

    @Test("history keeps no repeated lines and no lines typed with a leading space")
    func historySkipsRepeatsAndSpaceLedLines() async throws {
        let sandbox = try Sandbox("tty-history")
        let tmux = try await start(in: sandbox)
        defer { Task { await tmux.stop() } }

        for line in ["features", "features", " help", "use starships", "use starships", "features"] {
            try await tmux.enter(line)
        }
        // A Ctrl-D typed ahead while a command runs is lost, as in bash, python and sqlite3:
        // wait for the prompt after the last features list.
        try await tmux.waitFor("the last features list") { screen in
            let last = screen.components(separatedBy: "starships› features\n")
            return last.count > 1 && last.last?.contains("the next races to start") == true && screen.hasSuffix("starships›")
        }
        try await tmux.press("C-d")
        #expect(try await tmux.exitStatus() == 0)

        let saved = try String(contentsOf: sandbox.file("history"), encoding: .utf8)
            .split(separator: "\n").map { $0.replacingOccurrences(of: "\\040", with: " ") }
            .filter { $0 != "_HiStOrY_V2_" }
        #expect(saved == ["features", "use starships", "features"])
    }

    @Test("watch redraws the races in place every second, countdowns ticking, until a key")
    func watchRedrawsInPlace() async throws {
        let sandbox = try Sandbox("tty-watch")
        let tmux = try await start(width: 100, height: 30, in: sandbox)
        defer { Task { await tmux.stop() } }

        try await tmux.enter("use races")
        let listed = try await tmux.waitFor("the races") { $0.contains("Next to go") && $0.hasSuffix("races›") }
        func firstCountdown(_ screen: String) -> String? {
            screen.split(separator: "\n").last { $0.hasPrefix("1  ☆") }.map { String($0.split(separator: " ").suffix(2).joined(separator: " ")) }
        }
        let before = firstCountdown(listed)
        try await tmux.enter("watch")
        let ticking = try await tmux.waitFor("the countdown to move on") { screen in
            screen.components(separatedBy: "Next to go").count == 3 && firstCountdown(screen) != before && !screen.hasSuffix("races›")
        }
        #expect(ticking.components(separatedBy: "Next to go").count == 3, "the list of `use races`, and one drawn over itself: \(ticking)")
        try await tmux.press("q")
        let after = try await tmux.waitFor("the prompt after a key") { $0.hasSuffix("races›") }
        #expect(after.components(separatedBy: "Next to go").count == 3)
        try await tmux.enter("quit")
        #expect(try await tmux.exitStatus() == 0)
    }

    // MARK: Helpers

    /// Presses q until less has quit and explorer's `prompt` is back. Keys typed at less may
    /// have left it showing a message that waits for a key, or its help screen: each takes a
    /// q of its own. After each q, waits for the screen less or explorer shows next.
    static func quitThePager(_ tmux: TmuxSession, prompt: String) async throws {
        for _ in 1...4 {
            let before = try await tmux.screen()
            try await tmux.press("q")
            let after = try await tmux.waitFor("less or the prompt after q") { screen in
                guard screen != before, let last = screen.split(separator: "\n").last else { return false }
                return screen.hasSuffix(prompt) || last == ":" || last.contains("(press RETURN)") || last.contains("HELP --")
                    || last.contains("(END)")
            }
            if after.hasSuffix(prompt) { return }
        }
        throw TmuxSession.Failure(description: "less did not quit after four q's:\n\(try await tmux.screen())")
    }

    /// The process id a fake player wrote, once it has.
    static func waitForPID(in file: URL, timeout: Double = 15) async throws -> pid_t {
        // The file is read once more after the deadline: a test process too busy to wake the
        // loop in time must not take a player that started for one that never did.
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let text = try? String(contentsOf: file, encoding: .utf8),
               let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return pid
            }
            guard Date() < deadline else { break }
            try await Task.sleep(for: .milliseconds(40))
        }
        throw TmuxSession.Failure(description: "the player never started")
    }

    /// Whether process `pid` has ended (gone, or a zombie) within a few seconds.
    static func waitUntilGone(_ pid: pid_t) async throws -> Bool {
        // Looked at once more after the deadline, as in ``waitForPID(in:timeout:)``.
        let deadline = Date().addingTimeInterval(5)
        while true {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
            if stat.split(separator: ")").last?.split(separator: " ").first == "Z" { return true }
            guard Date() < deadline else { return false }
            try await Task.sleep(for: .milliseconds(40))
        }
    }
}
