import Foundation
import Testing
import TestSupport
import ExplorerText
@testable import ExplorerCore
@testable import ExplorerShell

/// `step FILE` (``Shell/step(through:)``) on the fake features: how a file is cut into
/// captioned steps, which keys do what at a terminal (``Shell/stepKeys``, here keys handed out
/// in turn), and how it runs through where no one presses them.
@MainActor
@Suite("Stepping through a script")
struct ShellStepTests {
    let files = TemporaryDirectory("explorer-step")

    /// Writes `text` into the file `name` and returns its absolute path.
    func script(_ name: String, _ text: String) throws -> String {
        let url = files.file(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// A terminal whose keys are `keys`, pressed one a read, in turn; `q` once they run out.
    final class Keys {
        private var pending: [[UInt8]]
        private(set) var reads = 0

        init(_ keys: [String]) {
            pending = keys.map { Array($0.utf8) }
        }

        func read(_ seconds: Double) -> [UInt8] {
            reads += 1
            return pending.isEmpty ? Array("q".utf8) : pending.removeFirst()
        }
    }

    func steps(_ text: String) throws -> [ScriptStep] {
        let file = try ScriptFile(try script("steps.txt", text))
        return ScriptStep.steps(reading: file.lines, atMost: ScriptStep.maxSteps) ?? []
    }

    @Test func eachLineOfCommandsIsAStepCaptionedByTheCommentsDirectlyAboveIt() throws {
        defer { files.remove() }
        let steps = try steps("""
            #!/usr/bin/env explorer
            # The file's own comment: a blank line sets it apart.

            # Switch to the feature,
            #   the fake one.
            #
            # A second paragraph.
            use fake
            ping; ping again   # two commands
              ;
            # Nothing below this caption but a blank line.

            ping "unclosed
            """)
        #expect(steps == [
            ScriptStep(line: 8, input: .command("use fake"), caption: ["Switch to the feature, the fake one.", "A second paragraph."]),
            ScriptStep(line: 9, input: .command("ping; ping again   # two commands"), caption: []),
            ScriptStep(line: 13, input: .command("ping \"unclosed"), caption: []),
        ])
    }

    @Test func keysAreReadAsTheTerminalSendsThem() {
        #expect(StepKey(bytes: Array("\r".utf8)) == .run)
        #expect(StepKey(bytes: Array("\n".utf8)) == .run)
        #expect(StepKey(bytes: Array(" ".utf8)) == .run)
        #expect(StepKey(bytes: [0x1B, 0x5B, 0x43]) == .run, "→")
        #expect(StepKey(bytes: [0x1B, 0x4F, 0x43]) == .run, "→ in application mode")
        #expect(StepKey(bytes: Array("s".utf8)) == .skip)
        #expect(StepKey(bytes: Array("q".utf8)) == .stop)
        #expect(StepKey(bytes: [0x1B]) == .stop, "Escape")
        #expect(StepKey(bytes: [0x03]) == .stop, "Ctrl-C read as a byte")
        #expect(StepKey(bytes: [0x1B, 0x5B, 0x44]) == nil, "← means nothing")
        #expect(StepKey(bytes: Array("x".utf8)) == nil)
        #expect(StepKey(bytes: []) == nil, "no key within the time")
    }

    @Test func piped_eachStepIsShownThenRun() async throws {
        let h = ShellHarness(terminal: TerminalSettings(width: 300))
        defer { h.remove(); files.remove() }
        let demo = try script("demo.txt", "# Into the feature.\nuse fake\nping one\n\n# Again.\nping two\n")

        #expect(await h.run("step \(demo)") == true)
        #expect(h.output.out == [
            "Into the feature.\nexplorer› use fake", "fake screen",
            "fake› ping one", "pong one",
            "\nAgain.\nfake› ping two", "pong two",
        ])
        #expect(h.output.errors == [])
    }

    @Test func atATerminal_enterRunsSSkipsAndQStopsSayingWhere() async throws {
        let h = ShellHarness(terminal: TerminalSettings(width: 300))
        defer { h.remove(); files.remove() }
        let demo = try script("demo.txt", "use fake\nping one\nping two\nping three\n")
        let keys = Keys(["\r", "x", "s", " ", "q"])
        h.shell.stepKeys = keys.read

        #expect(await h.run("step \(demo)") == true)
        #expect(h.output.out == [
            "explorer› use fake", "fake screen",
            "fake› ping one", "skipped",
            "fake› ping two", "pong two",
            "fake› ping three", "stopped before line 4 of \(demo)",
        ])
        #expect(keys.reads == 5, "x means nothing: it waits on")
        #expect(h.shell.steppingThrough == nil && h.shell.scripts.depth == 0)
    }

    @Test func atATerminal_aFailingCommandSaysSoAndTheNextStepWaitsForItsKey() async throws {
        let h = ShellHarness(terminal: TerminalSettings(width: 300))
        defer { h.remove(); files.remove() }
        let demo = try script("demo.txt", "use fake\nfail\nping\n")
        h.shell.stepKeys = Keys(["\n", "\n", "\n"]).read

        #expect(await h.run("step \(demo)") == false)
        #expect(h.output.out == ["explorer› use fake", "fake screen", "fake› fail", "fake› ping", "pong"])
        #expect(h.output.errors == ["error: \(demo):2: it failed"])
        #expect(h.shell.failureCount == 1)
    }

    @Test func insideARunTheFileRunsThroughWithoutKeys() async throws {
        let h = ShellHarness(terminal: TerminalSettings(width: 300))
        defer { h.remove(); files.remove() }
        let demo = try script("demo.txt", "use fake\nping\n")
        let outer = try script("outer.txt", "step \(demo)\n")
        let keys = Keys([])
        h.shell.stepKeys = keys.read

        #expect(await h.run("run \(outer)") == true)
        #expect(h.output.out == ["explorer› use fake", "fake screen", "fake› ping", "pong"])
        #expect(keys.reads == 0)
    }

    @Test func quitEndsSteppingNotTheSession() async throws {
        let h = ShellHarness(terminal: TerminalSettings(width: 300))
        defer { h.remove(); files.remove() }
        let demo = try script("demo.txt", "use fake\nping; quit; ping never\nping never\n")

        #expect(await h.run("step \(demo); ping after") == true)
        #expect(h.output.out == [
            "explorer› use fake", "fake screen",
            "fake› ping; quit; ping never", "pong",
            "`quit` on line 2 ends stepping through \(demo)",
            "pong after",
        ])
        #expect(!h.shell.isStopped)
    }

    @Test func aSteppedFileStepsNoOther() async throws {
        let h = ShellHarness(terminal: TerminalSettings(width: 300))
        defer { h.remove(); files.remove() }
        let other = try script("other.txt", "source\n")
        let demo = try script("demo.txt", "step \(other)\nrun \(other)\n")

        #expect(await h.run("step \(demo)") == false)
        #expect(h.output.errors == ["error: \(demo):1: already stepping through \(demo): a stepped file steps no other (`run FILE` runs one whole, as one step)"])
        #expect(h.output.out == ["explorer› step \(other)", "explorer› run \(other)", "source: embedded"])
    }

    @Test func aDeviceIsNotReadAndAFileOfMoreStepsThanATalkIsRefused() async throws {
        let h = ShellHarness(terminal: TerminalSettings(width: 300))
        defer { h.remove(); files.remove() }

        #expect(await h.run("step /dev/zero") == false, "read first, a device would never end")
        #expect(h.output.errors == ["error: /dev/zero is not a file on disk: `step` reads a script's steps before the first (`run FILE` reads any)"])
        #expect(h.output.out == [])

        let three = try ScriptFile(try script("three.txt", "ping 1\n# a caption\nping 2\nping 3\n"))
        #expect(ScriptStep.steps(reading: three.lines, atMost: 2) == nil)
        let again = try ScriptFile(try script("three.txt", "ping 1\n# a caption\nping 2\nping 3\n"))
        #expect(ScriptStep.steps(reading: again.lines, atMost: 3)?.map(\.line) == [1, 3, 4])
    }

    @Test func whatStepSaysGoesToStdoutNotToTheOnceFile() async throws {
        let h = ShellHarness(terminal: TerminalSettings(width: 300))
        defer { h.remove(); files.remove() }
        let demo = try script("demo.txt", "use fake\n")
        let once = files.file("once.txt").path

        #expect(await h.run("once \(once); step \(demo)") == true)
        #expect(h.output.out == ["explorer› use fake"])
        #expect(try String(contentsOfFile: once, encoding: .utf8) == "fake screen\n")
    }

    @Test func jsonShowsEachStepAsALineOfItsOwn() async throws {
        let h = ShellHarness(terminal: TerminalSettings(width: 300), format: .json)
        defer { h.remove(); files.remove() }
        let demo = try script("demo.txt", "# Go.\nuse fake\nping\n")
        h.shell.stepKeys = Keys(["\n", "q"]).read

        await h.run("step \(demo)")
        let file = JSONWriter.string(.string(demo))
        #expect(h.output.out == [
            #"{"feature":null,"screen":"step","file":\#(file),"step":1,"steps":2,"line":2,"caption":"Go.","command":"use fake"}"#,
            #"{"feature":"fake","screen":"message"}"#,
            #"{"feature":null,"screen":"step","file":\#(file),"step":2,"steps":2,"line":3,"caption":null,"command":"ping"}"#,
            #"{"feature":null,"screen":"step","file":\#(file),"line":3,"stopped":"key"}"#,
        ])
    }
}
