@testable import ExplorerCore
@testable import ExplorerShell
import ExplorerText
import Foundation
import Reactive
import TestSupport
import Testing

@MainActor
@Suite("Shell")
struct ShellTests {
    // MARK: Unknown commands

    @Test func unknownCommandSuggestsTheNearest() async {
        let h = ShellHarness()
        defer { h.remove() }

        #expect(await h.run("helo") == false)
        #expect(h.output.errors == ["error: unknown command 'helo' (did you mean 'help'?)"])
        #expect(h.output.out == [])
        #expect(h.shell.failureCount == 1)
    }

    @Test func unknownCommandSuggestsCommandsAndFeatureIDsByPrefix() async {
        let h = ShellHarness()
        defer { h.remove() }

        await h.run("fak")
        await h.run("sou")
        await h.run("fi")
        #expect(h.output.errors == [
            "error: unknown command 'fak' (did you mean 'fake'?)",
            "error: unknown command 'sou' (did you mean 'source'?)",
            "error: unknown command 'fi' (did you mean 'films'?)",
        ])
    }

    @Test func unknownCommandWithNothingNear() async {
        let h = ShellHarness()
        defer { h.remove() }

        await h.run("xyzzy")
        await h.run("use fake")
        await h.run("xyzzy")
        #expect(h.output.errors == [
            "error: unknown command 'xyzzy' (type `help` for the list)",
            "error: unknown command 'xyzzy' (type `help` for the list)",
        ])
    }

    @Test func featureCommandsExistOnlyWhileTheFeatureIsInUse() async {
        let h = ShellHarness()
        defer { h.remove() }

        await h.run("ping")
        await h.run("use fake")
        await h.run("ping")
        await h.run("pin")
        #expect(h.output.errors == [
            "error: 'ping' needs a feature in use: `use fake` first (it works in fake, films, broken)",
            "error: unknown command 'pin' (did you mean 'ping'?)",
        ])
        #expect(h.output.out == ["fake screen", "pong"])
    }

    @Test func unknownCommandNameIsSanitizedAndShortened() async {
        let h = ShellHarness()
        defer { h.remove() }

        await h.run("\u{1B}[2Jx")
        await h.run(String(repeating: "q", count: 50))
        #expect(h.output.errors == [
            "error: unknown command '[2Jx' (type `help` for the list)",
            "error: unknown command '\(String(repeating: "q", count: 39))…' (type `help` for the list)",
        ])
    }

    // MARK: Errors, line numbers and the exit status

    @Test func errorNamesTheLineWhenANumberIsGiven() async {
        let h = ShellHarness()
        defer { h.remove() }

        #expect(await h.run("helo", number: 3) == false)
        #expect(await h.run("use fake; fail", number: 12) == false)
        #expect(h.output.errors == [
            "error: line 3: unknown command 'helo' (did you mean 'help'?)",
            "error: line 12: it failed",
        ])
    }

    @Test func failureCountAddsUpFailedCommands() async {
        let h = ShellHarness()
        defer { h.remove() }

        #expect(h.shell.failureCount == 0)
        #expect(await h.run("features") == true)
        await h.run("nope")
        await h.run("use fake")
        await h.run("fail")
        await h.run("ping")
        await h.run("fail; fail") // both run, as on two lines
        #expect(h.shell.failureCount == 4)
    }

    @Test func runReturnsZeroWhenEveryCommandSucceeds() async {
        let h = ShellHarness()
        defer { h.remove() }

        let source = ScriptLineSource(["features", "use fake", "ping", "back"])
        #expect(await h.shell.run(source) == Shell.ExitStatus.success)
        #expect(Shell.ExitStatus.success == 0)
        #expect(source.linesRead == 4)
        #expect(h.shell.failureCount == 0)
        #expect(h.output.errors == [])
    }

    @Test func runReturnsOneAfterAFailureAndKeepsGoing() async {
        let h = ShellHarness()
        defer { h.remove() }

        let source = ScriptLineSource(["use fake", "", "# a comment", "nope", "ping"])
        #expect(await h.shell.run(source) == Shell.ExitStatus.commandFailed)
        #expect(Shell.ExitStatus.commandFailed == 1)
        #expect(source.linesRead == 5)
        #expect(h.output.errors == ["error: line 4: unknown command 'nope' (type `help` for the list)"])
        #expect(h.output.out == ["fake screen", "pong"])
        #expect(h.shell.failureCount == 1)
    }

    @Test func argumentCommandsAreCountedAcrossLines() async {
        let h = ShellHarness()
        defer { h.remove() }

        let status = await h.shell.run(ArgumentLineSource(["use fake; ping", "nope", "ping 'again", "nope"]))
        #expect(status == 1)
        #expect(h.output.errors.count == 3)
        #expect(h.output.errors.first == "error: -c:3: unknown command 'nope' (type `help` for the list)")
        #expect(h.output.errors.dropFirst().first?.hasPrefix("error: -c:4: ") == true, "a line that cannot be split is one command: \(h.output.errors)")
        #expect(h.output.errors.last == "error: -c:5: unknown command 'nope' (type `help` for the list)")
        #expect(h.output.out == ["fake screen", "pong"])
    }

    @Test func unusableLinesAreFailuresAndInterruptedOnesAreSkipped() async {
        let h = ShellHarness()
        defer { h.remove() }

        let source = ScriptLineSource(inputs: [
            .unusable(reason: "not valid UTF-8", number: 1),
            .interrupted,
            .line("use fake", number: 2),
            .unusable(reason: LineInput.tooLong, number: 3),
        ])
        #expect(await h.shell.run(source) == 1)
        #expect(h.output.errors == [
            "error: line 1: not valid UTF-8",
            "error: line 3: line too long (over 4,096 bytes)",
        ])
        #expect(h.shell.activeID == "fake")
        #expect(h.shell.failureCount == 2)
    }

    // MARK: --bail

    @Test func bailStopsAtTheFirstFailure() async {
        let h = ShellHarness(options: Shell.Options(bail: true))
        defer { h.remove() }

        let source = ScriptLineSource(["features", "nope", "use fake"])
        #expect(await h.shell.run(source) == 1)
        #expect(source.linesRead == 2)
        #expect(h.shell.activeID == nil)
        #expect(h.output.errors == ["error: line 2: unknown command 'nope' (type `help` for the list)"])
    }

    @Test func bailStopsAtAnUnusableLine() async {
        let h = ShellHarness(options: Shell.Options(bail: true))
        defer { h.remove() }

        let source = ScriptLineSource(inputs: [.unusable(reason: "not valid UTF-8", number: 1), .line("use fake", number: 2)])
        #expect(await h.shell.run(source) == 1)
        #expect(source.linesRead == 1)
        #expect(h.shell.activeID == nil)
    }

    @Test func bailRunsEverythingWhenNothingFails() async {
        let h = ShellHarness(options: Shell.Options(bail: true))
        defer { h.remove() }

        let source = ScriptLineSource(["use fake", "ping", "back"])
        #expect(await h.shell.run(source) == 0)
        #expect(source.linesRead == 3)
    }

    @Test func withoutBailTheScriptGoesOn() async {
        let h = ShellHarness()
        defer { h.remove() }

        #expect(Shell.Options().bail == false)
        let source = ScriptLineSource(["features", "nope", "use fake"])
        #expect(await h.shell.run(source) == 1)
        #expect(source.linesRead == 3)
        #expect(h.shell.activeID == "fake")
    }

    // MARK: quit

    @Test func quitStopsReadingLines() async {
        let h = ShellHarness()
        defer { h.remove() }

        let source = ScriptLineSource(["use fake", "quit", "use films"])
        #expect(await h.shell.run(source) == 0)
        #expect(source.linesRead == 2)
        #expect(h.shell.activeID == "fake")
    }

    @Test func exitIsQuit() async {
        let h = ShellHarness()
        defer { h.remove() }

        let source = ScriptLineSource(["exit", "use fake"])
        #expect(await h.shell.run(source) == 0)
        #expect(source.linesRead == 1)
        #expect(h.shell.activeID == nil)
    }

    @Test func quitSkipsTheRestOfItsLine() async {
        let h = ShellHarness()
        defer { h.remove() }

        let source = ScriptLineSource(["use fake; quit; ping", "ping"])
        #expect(await h.shell.run(source) == 0)
        #expect(h.output.out == ["fake screen"])
        #expect(source.linesRead == 1)
    }

    @Test func quitWithAnArgumentIsAUsageError() async {
        let h = ShellHarness()
        defer { h.remove() }

        let source = ScriptLineSource(["quit now", "use fake"])
        #expect(await h.shell.run(source) == 1)
        #expect(h.output.errors == ["error: line 1: usage: quit"])
        #expect(h.shell.activeID == "fake")
    }

    @Test func failureBeforeQuitStillGivesStatusOne() async {
        let h = ShellHarness()
        defer { h.remove() }

        #expect(await h.shell.run(ScriptLineSource(["nope", "quit"])) == 1)
    }

    // MARK: Blank lines, comments, `;`

    @Test func blankLinesAndCommentsAreSkipped() async {
        let h = ShellHarness()
        defer { h.remove() }

        #expect(await h.run("") == true)
        #expect(await h.run("   \t ") == true)
        #expect(await h.run("# use fake") == true)
        #expect(await h.run("   # nope") == true)
        #expect(h.output.out == [])
        #expect(h.output.errors == [])
        #expect(h.shell.failureCount == 0)
        #expect(h.shell.activeID == nil)
    }

    @Test func blankLinesAndCommentsStillCountForLineNumbers() async {
        let h = ShellHarness()
        defer { h.remove() }

        #expect(await h.shell.run(ScriptLineSource(["", "# comment", "nope"])) == 1)
        #expect(h.output.errors == ["error: line 3: unknown command 'nope' (type `help` for the list)"])
    }

    @Test func commandsOnOneLineRunInOrder() async {
        let h = ShellHarness()
        defer { h.remove() }

        #expect(await h.run("use fake; ping a; ping b") == true)
        #expect(h.output.out == ["fake screen", "pong a", "pong b"])
    }

    @Test func aFailureInALineIsReportedAndTheRestOfTheLineRuns() async {
        let h = ShellHarness()
        defer { h.remove() }

        #expect(await h.run("use fake; fail; go here; ping") == false, "the line failed")
        #expect(h.output.out == ["fake screen", "pong"])
        #expect(h.output.errors == ["error: it failed"])
        #expect(h.feature("fake").location == ["here"])
        #expect(h.shell.prompt == "fake › here› ")
    }

    @Test func aFailureFirstOnALineStillLetsTheRestRun() async {
        let h = ShellHarness()
        defer { h.remove() }

        #expect(await h.run("nope; use fake") == false)
        #expect(h.shell.activeID == "fake")
        #expect(h.shell.failureCount == 1)
    }

    @Test func withBailAFailureStopsTheRestOfTheLineAndTheRun() async {
        let h = ShellHarness(options: Shell.Options(bail: true))
        defer { h.remove() }

        let source = ScriptLineSource(["use fake; fail; ping", "ping"])
        #expect(await h.shell.run(source) == Shell.ExitStatus.commandFailed)
        #expect(h.output.out == ["fake screen"])
        #expect(h.output.errors == ["error: line 1: it failed"])
        #expect(source.linesRead == 1)
    }

    @Test func unbalancedQuoteRunsNothingOnTheLine() async {
        let h = ShellHarness()
        defer { h.remove() }

        #expect(await h.run(#"use fake; ping "x"#, number: 5) == false)
        #expect(h.output.errors == [#"error: line 5: unbalanced quote: a " is never closed"#])
        #expect(h.output.out == [])
        #expect(h.shell.activeID == nil)
    }

    @Test func emptyCommandOutputPrintsNothing() async {
        let h = ShellHarness()
        defer { h.remove() }

        #expect(await h.run("use fake; silent; go x") == true)
        #expect(h.output.out == ["fake screen"])
    }

    // MARK: use, back, feature ids

    @Test func useEntersTheFeature() async {
        let h = ShellHarness()
        defer { h.remove() }

        #expect(h.shell.activeID == nil)
        #expect(await h.run("use fake") == true)
        #expect(h.shell.activeID == "fake")
        #expect(h.output.out == ["fake screen"])
        #expect(await h.run("use films") == true)
        #expect(h.shell.activeID == "films")
        #expect(await h.run("use fake") == true)
        // Built once, entered every time.
        #expect(h.feature("fake").enterCount == 2)
        #expect(h.output.out == ["fake screen", "films screen", "fake screen"])
    }

    @Test func typingAFeatureIDAloneUsesIt() async {
        let h = ShellHarness()
        defer { h.remove() }

        #expect(await h.run("films") == true)
        #expect(h.shell.activeID == "films")
        #expect(await h.run("fake extra") == false)
        #expect(h.output.errors == ["error: usage: fake"])
        #expect(h.shell.activeID == "films")
    }

    @Test func useOfAnUnknownFeature() async {
        let h = ShellHarness()
        defer { h.remove() }

        await h.run("use nope")
        await h.run("use fak")
        await h.run("use hidden")
        await h.run("use \u{1B}[31mx")
        #expect(h.output.errors == [
            "error: no feature 'nope'; `features` lists them",
            "error: no feature 'fak' (did you mean 'fake'?); `features` lists them",
            "error: no feature 'hidden'; `features` lists them",
            "error: no feature '[31mx'; `features` lists them",
        ])
        #expect(h.shell.activeID == nil)
        #expect(h.shell.failureCount == 4)
    }

    @Test func useNeedsExactlyOneFeature() async {
        let h = ShellHarness()
        defer { h.remove() }

        await h.run("use")
        await h.run("use fake films")
        #expect(h.output.errors == [
            "error: usage: use <feature>   (one of: fake, films, broken)",
            "error: usage: use <feature>   (one of: fake, films, broken)",
        ])
    }

    @Test func failedEnterChangesNothing() async {
        let h = ShellHarness()
        defer { h.remove() }

        #expect(await h.run("use broken") == false)
        #expect(h.shell.activeID == nil)
        #expect(h.shell.prompt == "explorer› ")
        await h.run("use fake; go bridge")
        #expect(await h.run("broken") == false)
        #expect(h.shell.activeID == "fake")
        #expect(h.shell.prompt == "fake › bridge› ")
        #expect(h.output.errors == ["error: broken did not load: cannot load broken things; no feature is in use",
                                    "error: broken did not load: cannot load broken things; still in fake"])
    }

    @Test func aScriptHoldsBackWhatAFailedUseWasFor() async {
        let h = ShellHarness()
        defer { h.remove() }

        let status = await h.shell.run(ScriptLineSource(["use fake", "use broken", "ping", "back", "favs", "favs all", "use films", "ping"]))
        #expect(status == 1)
        #expect(h.output.errors == [
            "error: line 2: broken did not load: cannot load broken things; still in fake",
            "error: line 3: ping not run: `use broken` failed (line 2); still in fake, not broken",
            "error: line 4: back not run: `use broken` failed (line 2); still in fake, not broken",
            "error: line 5: favs not run: `use broken` failed (line 2); still in fake, not broken",
        ])
        #expect(h.shell.activeID == "films", "`favs all` acts on no feature; `use films` ends the holding back")
        #expect(h.shell.stepNotTaken == nil)
    }

    @Test func atATerminalAFailedUseSaysWhereYouStillAreAndHoldsNothingBack() async {
        let h = ShellHarness()
        defer { h.remove() }

        await h.run("use fake")
        #expect(await h.run("use broken") == false)
        #expect(await h.run("ping") == true, "the prompt says fake: `ping` is typed for it")
        #expect(h.output.errors == ["error: broken did not load: cannot load broken things; still in fake"])
        #expect(h.output.out.last == "pong")
        // A script run later was not written after the failure: nothing of it is held back.
        _ = await h.shell.run(ScriptLineSource(["ping"]))
        #expect(h.output.errors.count == 1)
        #expect(h.output.out.suffix(2) == ["pong", "pong"])
    }

    @Test func backGoesUpThenLeavesTheFeature() async {
        let h = ShellHarness()
        defer { h.remove() }

        await h.run("use fake; go deck bridge")
        #expect(await h.run("back") == true)
        #expect(h.shell.activeID == "fake")
        #expect(await h.run("back") == true)
        #expect(await h.run("back") == true)
        #expect(h.shell.activeID == nil)
        #expect(h.output.out == ["fake screen", "fake screen at deck", "fake screen at top"])
        #expect(await h.run("back") == false)
        #expect(await h.run("use fake; back now") == false)
        #expect(h.output.errors == ["error: already at the top (no feature in use)", "error: usage: back"])
    }

    // MARK: Prompt

    @Test func promptShowsWhereYouAre() async {
        let h = ShellHarness()
        defer { h.remove() }

        #expect(h.shell.prompt == "explorer› ")
        await h.run("use fake")
        #expect(h.shell.prompt == "fake› ")
        await h.run(#"go "Millennium Falcon""#)
        #expect(h.shell.prompt == "fake › Millennium Falcon› ")
        await h.run("go deck bridge")
        #expect(h.shell.prompt == "fake › deck › bridge› ")
        await h.run("back")
        #expect(h.shell.prompt == "fake › deck› ")
        await h.run("back; back")
        #expect(h.shell.prompt == "explorer› ")
    }

    @Test func promptLocationIsSanitizedAndShortened() async {
        let h = ShellHarness()
        defer { h.remove() }

        await h.run("use fake")
        h.feature("fake").location = ["\u{1B}[31mRed\u{1B}[0m\n", String(repeating: "周", count: 30)]
        // The line break became a space; the prompt takes at most half of the 80 columns, so the
        // title keeps 8 wide characters and the `…`.
        #expect(h.shell.prompt == "fake › [31mRed[0m  › \(String(repeating: "周", count: 8))…› ")
    }

    @Test func lineSourceIsAskedWithThePrompt() async {
        let h = ShellHarness()
        defer { h.remove() }

        let source = ScriptLineSource(["use fake", "go X", "back", "back"])
        #expect(await h.shell.run(source) == 0)
        #expect(source.prompts == ["explorer› ", "fake› ", "fake › X› ", "fake› "])
    }

    // MARK: trace

    @Test func traceShowsEmissionsAndRequestsOnStderrWhileOn() async throws {
        let h = ShellHarness()
        defer { h.remove() }

        await h.run("use fake")
        await h.run("trace")
        #expect(h.output.out == ["fake screen", "trace: off"])

        // Off: nothing is traced.
        h.output.clear()
        await h.run("emit a; fetch /things/")
        #expect(h.output.out == [#"{"count": 2}"#])
        #expect(h.output.errors == [])

        // On: emissions and requests go to stderr as they happen; stdout keeps the screens.
        h.output.clear()
        await h.run("trace on; emit a b c")
        #expect(h.output.out == ["trace: on"])
        #expect(h.output.errors == ["trace: FakeViewModel.items ← 3 items"])
        #expect(h.shell.tracer.isEnabled)

        h.output.clear()
        await h.run("trace")
        await h.run("fetch /things/")
        await h.run("fetch /missing/")
        #expect(h.output.out == ["trace: on", #"{"count": 2}"#])
        let errors = h.output.errors
        try #require(errors.count == 3)
        #expect(errors[0].wholeMatch(of: #/trace: GET /things/ → 200 \(\d+ ms\)/#) != nil, "\(errors[0])")
        #expect(errors[1].wholeMatch(of: #/trace: GET /missing/ → 404 \(\d+ ms\)/#) != nil, "\(errors[1])")
        #expect(errors[2] == "error: HTTP 404 from the embedded data for /missing/")

        h.output.clear()
        await h.run("trace OFF")
        await h.run("emit x; trace")
        #expect(h.output.out == ["trace: off", "trace: off"])
        #expect(h.output.errors == [])
        #expect(!h.shell.tracer.isEnabled)

        await h.run("trace maybe")
        await h.run("trace on off")
        #expect(h.output.errors.suffix(2) == Array(repeating: "error: usage: trace [on|off] | trace state [on|off|full]", count: 2))
    }

    @Test func twoShellsTraceOnlyTheirOwnFeatures() async {
        let first = ShellHarness()
        let second = ShellHarness()
        defer { first.remove(); second.remove() }

        await first.run("use fake; trace on")
        await second.run("use fake")
        await second.run("emit x")
        await first.run("emit a b")
        #expect(first.output.errors == ["trace: FakeViewModel.items ← 2 items"])
        #expect(second.output.errors == [])
    }

    @Test func traceLinesAreSanitized() async {
        let h = ShellHarness()
        defer { h.remove() }

        h.shell.tracer.isEnabled = true
        h.shell.tracer.log("GET /x\u{1B}[2J\n")
        h.shell.tracer.isEnabled = false
        h.shell.tracer.log("not shown")
        #expect(h.output.errors == ["trace: GET /x[2J "])
    }

    // MARK: source

    @Test func sourceShowsAndSwitches() async {
        let h = ShellHarness()
        defer { h.remove() }

        await h.run("source")
        await h.run("source live")
        #expect(h.shell.source.current == .live)
        await h.run("source live")
        await h.run("source LIVE")
        await h.run("source embedded")
        #expect(h.shell.source.current == .embedded)
        await h.run("source")
        #expect(h.output.out == [
            "source: embedded",
            "source: live",
            "source: live (unchanged)",
            "source: live (unchanged)",
            "source: embedded",
            "source: embedded",
        ])
    }

    @Test func sourceSwitchTellsEveryBuiltFeature() async {
        let h = ShellHarness()
        defer { h.remove() }

        await h.run("use films; use fake")
        h.output.clear()
        #expect(await h.run("source live") == true)
        #expect(h.output.out == ["source: live\nfake reloaded"])
        #expect(h.feature("fake").sourceChanges == [true])
        #expect(h.feature("films").sourceChanges == [false])
        // Features never built are not built by a switch.
        #expect(h.registry.builtFeatures.map(\.id) == ["fake", "films"])
    }

    @Test func sourceRejectsOtherValues() async {
        let h = ShellHarness()
        defer { h.remove() }

        await h.run("source cloud")
        await h.run("source live embedded")
        #expect(h.output.errors == [
            "error: unknown source 'cloud' (embedded, live or replay <file>)",
            "error: usage: source [embedded|live|replay <file>]",
        ])
        #expect(h.shell.source.current == .embedded)
    }

    // MARK: help

    /// At 80 columns every summary fits beside its usage, and the whole list fits 24 rows
    /// with the prompt (so that it is not paged at 80×24): `use` is on `features`' line, and
    /// the features follow the commands after a blank line.
    @Test func helpListsTheCommandsAndTheFeatures() async {
        let h = ShellHarness()
        defer { h.remove() }

        await h.run("help")
        #expect(h.output.out == ["""
            Commands (`help <command>` explains one):
              help [command]          list the commands, or explain one
              features · use <id>     list the features; switch to one, or type its id alone
              back                    go up one level: detail → list → features
              follow <link> [N]       open what a detail links to, in its own feature
              favs [all]              list this feature's favourites, or all with `all`
              source [embedded|…]     show or switch where data comes from
              format [text|json|csv]  show or switch how screens are printed
              once · output <file>    write the next screen, or every screen, to a file
              trace · subscriptions   see data flow as it happens; list the live bindings
              pager · head N          page screens too tall to fit; a list's first N rows
              arch [section|command]  how the program or feature is built; a command's path
              diagram <command…>      run a command and print its path as a sequence diagram
              net [latency|fail …]    slow or fail requests, to see what each layer does
              clock [pause|live|+5m]  show the time, or pause, move or free it
              raw [N]                 the last answer the feature in use got, as it came
              record [<file>|off]     record live answers to a file, to replay offline
              history · jump · diff   the commands run; look back with `jump N`, `diff N M`
              run · step <file>       run a script file; or step through it, a key a command
              quit                    leave explorer (also `exit`, or Ctrl-D)

            Features: fake, films, broken
            """])
    }

    @Test func helpInAFeatureListsItsCommands() async {
        let h = ShellHarness(terminal: TerminalSettings(width: 120))
        defer { h.remove() }

        await h.run("use fake")
        h.output.clear()
        await h.run("help")
        #expect(h.output.out == ["""
            Commands (`help <command>` explains one):
              help [command]          list the commands, or explain one
              features · use <id>     list the features; switch to one, or type its id alone
              back                    go up one level: detail → list → features
              follow <link> [N]       open what a detail links to, in its own feature
              favs [all]              list this feature's favourites, or all with `all`
              source [embedded|…]     show or switch where data comes from
              format [text|json|csv]  show or switch how screens are printed
              once · output <file>    write the next screen, or every screen, to a file
              trace · subscriptions   see data flow as it happens; list the live bindings
              pager · head N          page screens too tall to fit; a list's first N rows
              arch [section|command]  how the program or feature is built; a command's path
              diagram <command…>      run a command and print its path as a sequence diagram
              net [latency|fail …]    slow or fail requests, to see what each layer does
              clock [pause|live|+5m]  show the time, or pause, move or free it
              raw [N]                 the last answer the feature in use got, as it came
              record [<file>|off]     record live answers to a file, to replay offline
              history · jump · diff   the commands run; look back with `jump N`, `diff N M`
              run · step <file>       run a script file; or step through it, a key a command
              quit                    leave explorer (also `exit`, or Ctrl-D)

            fake commands:
              ping [text]   answer pong
              fail          always fails
              go <place>…   move to a place
              emit <item>…  set the observable items
              fetch <path>  GET a path through the feature's client
              slow          waits until interrupted
              silent        prints nothing
              filter k=v    narrow by key=value
            """])
    }

    @Test func questionMarkIsHelp() async {
        let h = ShellHarness()
        defer { h.remove() }

        await h.run("help")
        await h.run("?")
        #expect(h.output.out.count == 2)
        #expect(h.output.out[0] == h.output.out[1])
    }

    static let quitHelp = """
        usage: quit
          leave explorer (also `exit`, or Ctrl-D)
          `exit` and `q` (as in less and psql's `\\q`) do the same, and so does Ctrl-D at
          the prompt.
        """

    @Test func helpForOneCommand() async {
        let h = ShellHarness()
        defer { h.remove() }

        await h.run("help source")
        await h.run("help quit")
        await h.run("help exit")
        await h.run("help use")
        #expect(h.output.out == [
            """
            usage: source [embedded|live|replay <file>]
              show or switch where data comes from
              embedded: data compiled into explorer, no network (the default).
              live: the real APIs, at the baseURL Plugins.json gives each feature.
              replay <file>: the answers a recording holds (`record <file>`), as if live,
              with no network, on a virtual clock set to when the recording started; a
              request it does not hold fails, naming it.
            """,
            Self.quitHelp,
            Self.quitHelp,
            "usage: use <feature>\n  switch to a feature (or type its id alone)",
        ])
    }

    @Test func helpForAFeatureCommandSaysWhichFeaturesHaveIt() async {
        let h = ShellHarness()
        defer { h.remove() }

        #expect(await h.run("help ping") == true)
        #expect(h.output.out == ["`ping` is a command of fake, films, broken: `use fake` first.\n  fake: ping [text] — answer pong\n  films: ping [text] — answer pong\n  broken: ping [text] — answer pong"])
        #expect(await h.run("help nosuch") == false)
        #expect(h.output.errors == ["error: no help for 'nosuch'"])
        await h.run("use fake")
        h.output.clear()
        #expect(await h.run("help ping") == true)
        #expect(h.output.out == ["usage: ping [text]\n  answer pong\n  Prints pong, then any text given."])
        #expect(h.output.errors == [])
    }

    @Test func helpForAFeatureID() async {
        let h = ShellHarness()
        defer { h.remove() }

        await h.run("help fake")
        #expect(h.output.out == ["fake: Fake things — a feature for tests\n`use fake` to start."])
    }

    @Test func helpForSomethingUnknown() async {
        let h = ShellHarness()
        defer { h.remove() }

        await h.run("help helo")
        await h.run("help xyzzy")
        await h.run("help use fake")
        #expect(h.output.errors == [
            "error: no help for 'helo' (did you mean 'help'?)",
            "error: no help for 'xyzzy'",
            "error: usage: help [command]",
        ])
    }

    // MARK: features and favs

    @Test func featuresListsTheEnabledFeaturesAndMarksTheActiveOne() async {
        let h = ShellHarness()
        defer { h.remove() }

        await h.run("features")
        await h.run("use films")
        await h.run("features")
        await h.run("features all")
        #expect(h.output.out == [
            """
               id      title        summary
               fake    Fake things  a feature for tests
               films   Films        every film
               broken  Broken       cannot load
            """,
            "films screen",
            """
               id      title        summary
               fake    Fake things  a feature for tests
            ▸  films   Films        every film
               broken  Broken       cannot load
            """,
        ])
        #expect(h.output.errors == ["error: usage: features"])
    }

    @Test func favsWithoutFavourites() async {
        let h = ShellHarness()
        defer { h.remove() }

        await h.run("favs")
        await h.run("use fake; favs")
        await h.run("favs all")
        await h.run("favs some")
        #expect(h.output.out == [
            "no favourites yet (`fav N` on a list marks one)",
            "fake screen",
            "no fake favourites yet (`fav N` marks one)",
            "no favourites yet (`fav N` on a list marks one)",
        ])
        #expect(h.output.errors == ["error: usage: favs [all [next|prev|N]]"])
    }

    @Test("`favs all` lists 20 favourites a page, numbered as in the whole list; `favs all next|prev|N` moves from the page shown")
    func favsAllPages() async throws {
        let h = ShellHarness()
        defer { h.remove() }
        for number in 1...45 {
            try h.shell.favourites.toggle(feature: number.isMultiple(of: 2) ? "films" : "fake", itemID: "\(number)", title: "Thing \(number)")
            h.clock.advance(by: 1)
        }
        /// The screen's heading, its first and last rows and its hints; the page it leaves.
        func page(_ command: String) async -> [String] {
            h.output.clear()
            await h.run(command)
            let lines = h.output.out.joined(separator: "\n").split(separator: "\n").map(String.init)
            return [lines[0], lines[2], lines[lines.count - 3], lines[lines.count - 2], lines[lines.count - 1], "page \(h.shell.allFavouritesPage)"]
        }
        let hints = ["`use FEATURE` then `favs` to open one", "`favs all next`, `favs all prev` or `favs all N` shows another page"]

        #expect(await page("favs all") == ["favourites · page 1 of 3 · 45 in all", "★  fake     Thing 1   fake/1",
                                           "★  films    Thing 20  films/20"] + hints + ["page 1"])
        #expect(await page("favs all next") == ["favourites · page 2 of 3 · 45 in all", "★  fake     Thing 21  fake/21",
                                                "★  films    Thing 40  films/40"] + hints + ["page 2"])
        #expect(await page("favs all 3") == ["favourites · page 3 of 3 · 45 in all", "★  fake     Thing 41  fake/41",
                                             "★  fake     Thing 45  fake/45"] + hints + ["page 3"])
        h.output.clear()
        #expect(await h.run("favs all next") == false)
        #expect(await h.run("favs all 4") == false)
        #expect(await h.run("favs all all") == false)
        #expect(await h.run("favs all foo") == false)
        #expect(await h.run("favs all 0") == false)
        #expect(h.output.errors == ["error: already on the last page (3)", "error: no page 4: there are 3 pages",
                                    "error: usage: favs [all [next|prev|N]]",
                                    "error: expected next, prev or a page number after `favs all`, not 'foo'",
                                    "error: page numbers start at 1, not 0"])
        #expect(h.shell.allFavouritesPage == 3, "a move that fails leaves the page shown")
        #expect(await page("favs all prev") == ["favourites · page 2 of 3 · 45 in all", "★  fake     Thing 21  fake/21",
                                                "★  films    Thing 40  films/40"] + hints + ["page 2"])
        #expect(await page("favs all") == ["favourites · page 1 of 3 · 45 in all", "★  fake     Thing 1   fake/1",
                                           "★  films    Thing 20  films/20"] + hints + ["page 1"], "`favs all` starts again")
        h.output.clear()
        #expect(await h.run("favs all prev") == false)
        #expect(h.output.errors == ["error: already on the first page"])
    }

    @Test func favsListsTheFavourites() async throws {
        let h = ShellHarness()
        defer { h.remove() }

        try h.shell.favourites.toggle(feature: "fake", itemID: "7", title: "Seven")
        h.clock.advance(by: 1)
        try h.shell.favourites.toggle(feature: "films", itemID: "1", title: "A New Hope")

        await h.run("favs")
        await h.run("use fake; favs")
        await h.run("favs ALL")
        let all = "★  feature  title       id\n★  fake     Seven       fake/7\n★  films    A New Hope  films/1\n`use FEATURE` then `favs` to open one"
        #expect(h.output.out == [all, "fake screen", "★  title  id\n★  Seven  fake/7", all],
                "no row numbers that open N cannot take; ids say what they are ids of")
    }

    @Test func favsReportsAStoreThatCannotBeOpened() async throws {
        let h = ShellHarness()
        defer { h.remove() }
        try Data("not a database at all, just text".utf8).write(to: h.directory.file("explorer.sqlite"))

        #expect(await h.run("favs") == false)
        let path = h.directory.file("explorer.sqlite").path
        #expect(h.output.errors == ["error: the favourites database \(path) is damaged (file is not a database); favourites are off this run"
                                    + " — move it aside (mv \(path) \(path).damaged) and explorer starts a new one"])
    }

    // MARK: Interrupting

    @Test func interruptStopsTheRunningCommandAndTheRestOfItsLine() async {
        let h = ShellHarness()
        defer { h.remove() }

        await h.run("use fake")
        h.output.clear()
        #expect(h.shell.interrupter.interrupt() == false)

        let shell = h.shell
        let running = Task { await shell.execute("slow; ping") }
        while !shell.interrupter.isRunning { await Task.yield() }
        #expect(shell.interrupter.interrupt() == true)
        #expect(await running.value == false)

        #expect(h.output.errors == ["error: interrupted"])
        #expect(h.output.out == [])
        #expect(shell.interrupter.isRunning == false)
        #expect(shell.failureCount == 1)
        #expect(shell.activeID == "fake")
    }
}
