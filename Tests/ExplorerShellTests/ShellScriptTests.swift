import Foundation
import Testing
import TestSupport
@testable import ExplorerCore
@testable import ExplorerShell

/// `run FILE` and `explorer FILE…` (``Shell/run(scripts:)``), on the fake features, with the
/// script files in a temporary directory named by absolute paths.
@MainActor
@Suite("Shell scripts")
struct ShellScriptTests {
    let files = TemporaryDirectory("explorer-scripts")

    /// Writes `text` into the file `name` and returns its absolute path.
    func script(_ name: String, _ text: String) throws -> String {
        let url = files.file(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func eachLineRunsAndErrorsNameTheFileAndTheLine() async throws {
        let h = ShellHarness()
        defer { h.remove(); files.remove() }
        let a = try script("a.txt", "use fake\n# a comment\nping one; fail\n\nping \"two words\"\n")

        #expect(await h.run("run \(a)", number: 7) == false)
        #expect(h.output.out == ["fake screen", "pong one", "pong two words"])
        #expect(h.output.errors == ["error: \(a):3: it failed"])
        #expect(h.shell.failureCount == 1, "the failure inside, not the run as well")
    }

    @Test func aScriptThatSucceedsIsASuccess() async throws {
        let h = ShellHarness()
        defer { h.remove(); files.remove() }
        let a = try script("a.txt", "use fake\nping\n")

        #expect(await h.run("run \(a); ping after") == true)
        #expect(h.output.out == ["fake screen", "pong", "pong after"])
        #expect(h.output.errors == [])
    }

    @Test func aNestedScriptReportsItsOwnFileAndLine() async throws {
        let h = ShellHarness()
        defer { h.remove(); files.remove() }
        let inner = try script("sub/inner.txt", "ping in\nfail\n")
        let outer = try script("outer.txt", "use fake\nrun \(inner)\nfail\nping out\n")

        #expect(await h.run("run \(outer)") == false)
        #expect(h.output.out == ["fake screen", "pong in", "pong out"])
        #expect(h.output.errors == ["error: \(inner):2: it failed", "error: \(outer):3: it failed"])
        #expect(h.shell.failureCount == 2)
        #expect(h.shell.scripts.depth == 0, "every script left the stack")
    }

    @Test func aScriptCannotRunItselfUnderAnotherName() async throws {
        let h = ShellHarness()
        defer { h.remove(); files.remove() }
        let sub = files.file("sub").path
        _ = try script("sub/x.txt", "")
        let a = try script("a.txt", "use fake\nrun \(sub)/../a.txt\nping after\n")

        #expect(await h.run("run \(a)") == false)
        #expect(h.output.errors == ["error: \(a):2: \(sub)/../a.txt is already running (a script cannot run itself)"])
        #expect(h.output.out == ["fake screen", "pong after"])
    }

    @Test func aScriptCannotRunItselfThroughALink() async throws {
        let h = ShellHarness()
        defer { h.remove(); files.remove() }
        let link = files.file("link.txt").path
        let a = try script("a.txt", "run \(link)\n")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: a)

        #expect(await h.run("run \(a)") == false)
        #expect(h.output.errors == ["error: \(a):1: \(link) is already running (a script cannot run itself)"])
    }

    @Test func withBailTheFirstFailureInsideStopsEverything() async throws {
        let h = ShellHarness(options: .init(bail: true, interruptible: false))
        defer { h.remove(); files.remove() }
        let inner = try script("inner.txt", "fail\nping inner\n")
        let outer = try script("outer.txt", "use fake\nrun \(inner)\nping outer\n")

        let status = await h.shell.run(ScriptLineSource(["run \(outer); ping same line", "ping next line"]))
        #expect(status == Shell.ExitStatus.commandFailed)
        #expect(h.output.out == ["fake screen"])
        #expect(h.output.errors == ["error: \(inner):1: it failed"])
        #expect(await h.shell.run(scripts: [outer]) == Shell.ExitStatus.commandFailed)
        #expect(h.output.out == ["fake screen"], "nothing runs after --bail stopped")
    }

    @Test func quitInAScriptLeavesExplorer() async throws {
        let h = ShellHarness(options: .init(interruptible: false))
        defer { h.remove(); files.remove() }
        let a = try script("a.txt", "use fake\nquit\nping\n")

        let status = await h.shell.run(ScriptLineSource(["run \(a)", "ping"]))
        #expect(status == Shell.ExitStatus.success)
        #expect(h.output.out == ["fake screen"])
    }

    @Test func filesThatCannotBeReadAreOneErrorEach() async throws {
        let h = ShellHarness()
        defer { h.remove(); files.remove() }
        let missing = files.file("missing.txt").path
        let directory = files.url.path

        await h.run("run \(missing)", number: 1)
        await h.run("run \(directory)", number: 2)
        await h.run("run", number: 3)
        await h.run("run a b", number: 4)
        #expect(h.output.errors == [
            "error: line 1: cannot read \(missing) (No such file or directory)",
            "error: line 2: cannot read \(directory) (Is a directory)",
            "error: line 3: usage: run <file>",
            "error: line 4: usage: run <file>",
        ])
        #expect(h.shell.failureCount == 4)
    }

    @Test func fileNamesAreSanitizedInErrors() async throws {
        let h = ShellHarness()
        defer { h.remove(); files.remove() }
        let a = try script("a\u{1B}[2J.txt", "fail\n")

        await h.run("run '\(a)'")
        let shown = a.replacingOccurrences(of: "\u{1B}", with: "")
        #expect(h.output.errors == ["error: \(shown):1: 'fail' needs a feature in use: `use fake` first (it works in fake, films, broken)"])
    }

    @Test func linesThatCannotBeUsedAreReportedWithTheirNumber() async throws {
        let h = ShellHarness()
        defer { h.remove(); files.remove() }
        let a = files.file("a.txt").path
        try Data([0x75, 0x73, 0x65, 0x20, 0x66, 0x61, 0x6B, 0x65, 0x0A, 0xFF, 0x0A, 0x70, 0x69, 0x6E, 0x67, 0x0D, 0x0A]).write(to: URL(fileURLWithPath: a))

        await h.run("run \(a)")
        #expect(h.output.out == ["fake screen", "pong"])
        #expect(h.output.errors == ["error: \(a):2: not valid UTF-8"])
    }

    @Test func scriptFilesRunInOrderAndTheStatusCountsEveryFailure() async throws {
        let h = ShellHarness(options: .init(interruptible: false))
        defer { h.remove(); files.remove() }
        let a = try script("a.txt", "use fake\nping a\n")
        let b = try script("b.txt", "ping b\n")
        let missing = files.file("missing.txt").path

        #expect(await h.shell.run(scripts: [a, missing, b]) == Shell.ExitStatus.commandFailed)
        #expect(h.output.out == ["fake screen", "pong a", "pong b"])
        #expect(h.output.errors == ["error: cannot read \(missing) (No such file or directory)"])

        let clean = ShellHarness(options: .init(interruptible: false))
        defer { clean.remove() }
        #expect(await clean.shell.run(scripts: [a, b, a]) == Shell.ExitStatus.success)
        #expect(clean.output.out == ["fake screen", "pong a", "pong b", "fake screen", "pong a"])
    }

    @Test func interruptingARunStopsTheScriptAndIsReportedOnce() async throws {
        let h = ShellHarness()
        defer { h.remove(); files.remove() }
        let a = try script("a.txt", "ping before\nslow\nping after\n")
        await h.run("use fake")
        h.output.clear()

        let shell = h.shell
        let running = Task { await shell.execute("run \(a); ping same line", line: 4) }
        while !shell.interrupter.isRunning { await Task.yield() }
        // Wait until the script is inside `slow`.
        while h.output.out.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
        #expect(shell.interrupter.interrupt() == true)
        #expect(await running.value == false)

        #expect(h.output.out == ["pong before"])
        #expect(h.output.errors == ["error: line 4: interrupted"])
        #expect(shell.failureCount == 1)
        #expect(shell.scripts.depth == 0)
    }

    @Test func runCompletesFileNames() throws {
        let h = ShellHarness()
        defer { h.remove(); files.remove() }
        _ = try script("demo.txt", "")
        _ = try script("sub/one.txt", "")
        let directory = files.url.path

        #expect(h.shell.completions(for: "run \(directory)/d") == ["\(directory)/demo.txt"])
        #expect(h.shell.completions(for: "run \(directory)/s") == ["\(directory)/sub/"])
        #expect(h.shell.completions(for: "run \(directory)/demo.txt ") == [])
        #expect(h.shell.completions(for: "r") == ["raw", "record", "run"])
    }
}
