import ExplorerCore
import Foundation
import TestSupport
import Testing

/// Presenter mode at a real terminal (tmux): `step FILE` shows each caption and command and
/// waits for a key before running it.
extension TerminalTests {
    /// A script of three captioned steps, in the directory explorer runs in.
    static let demo = """
        # A tour of starships: its opening comment captions nothing.

        # Switch to the feature: page 1 of 4.
        use starships

        # Open the Millennium Falcon.
        open 5

        # Back to the list.
        back
        """

    @Test("`step FILE` shows each caption and command before it runs, Enter runs it, q stops saying where, and the prompt is back")
    func stepRunsACommandAKeyPress() async throws {
        let sandbox = try Sandbox("tty-step")
        let tmux = try await start(width: 80, height: 50, in: sandbox)
        defer { Task { await tmux.stop() } }
        try Self.demo.write(to: tmux.workingDirectory.appendingPathComponent("demo.txt"), atomically: true, encoding: .utf8)

        try await tmux.waitFor(Self.prompt)
        try await tmux.enter("step demo.txt")
        let first = try await tmux.waitFor("the first step, waiting") {
            $0.contains("Switch to the feature: page 1 of 4.\nexplorer› use starships\n") && $0.contains("step 1 of 3 · Enter runs it")
        }
        #expect(!first.contains("A tour of starships"), "set apart by a blank line, it captions nothing: \(first)")
        #expect(!first.contains("Starships · page 1 of 4"), "shown, not run yet: \(first)")

        try await tmux.press("Enter")
        let second = try await tmux.waitFor("the list, then the second step") {
            $0.contains("Open the Millennium Falcon.\nstarships› open 5\n") && $0.contains("step 2 of 3")
        }
        let list = try #require(second.range(of: "Starships · page 1 of 4 · 36 in all"), "\(second)")
        #expect(list.lowerBound > second.range(of: "explorer› use starships")!.upperBound, "run after it was shown: \(second)")
        #expect(!second.contains("step 1 of 3"), "the key's hint is erased once the key comes: \(second)")
        #expect(!second.contains("☆ Millennium Falcon  (row 5)"), "\(second)")

        try await tmux.press("Enter")
        try await tmux.waitFor("the detail, then the third step") {
            $0.contains("☆ Millennium Falcon  (row 5)") && $0.contains("Back to the list.\nstarships › Millennium Falcon› back\n")
                && $0.contains("step 3 of 3")
        }

        try await tmux.press("q")
        let stopped = try await tmux.waitFor("where it stopped, and the prompt") {
            $0.contains("stopped before line 10 of demo.txt") && $0.hasSuffix("starships › Millennium Falcon›")
        }
        #expect(!stopped.contains("step 3 of 3"), "\(stopped)")
        #expect(!stopped.contains("error"), "q is how stepping stops: \(stopped)")
        // The terminal is as it was: a line typed at the prompt runs.
        try await tmux.enter("back")
        try await tmux.waitFor("the list again") { $0.hasSuffix("starships›") }
        try await tmux.enter("quit")
        #expect(try await tmux.exitStatus() == 0)
    }

    @Test("`step` runs each screen through the pager rules: a tall one is paged, and with `pager off` printed whole",
          arguments: [true, false])
    func stepKeepsThePagerRules(pagerOn: Bool) async throws {
        let sandbox = try Sandbox("tty-step-pager-\(pagerOn)")
        let tmux = try await start(height: 20, in: sandbox)
        defer { Task { await tmux.stop() } }
        try "# Every character: taller than the window.\nuse characters\n".write(
            to: tmux.workingDirectory.appendingPathComponent("tall.txt"), atomically: true, encoding: .utf8)

        try await tmux.waitFor(Self.prompt)
        if !pagerOn {
            try await tmux.enter("pager off")
            try await tmux.waitFor("the prompt after pager off") { $0.contains("pager: off") && $0.hasSuffix(Self.prompt) }
        }
        try await tmux.enter("step tall.txt")
        try await tmux.waitFor("the step, waiting") { $0.contains("explorer› use characters\n") && $0.contains("step 1 of 1") }
        try await tmux.press("Enter")
        if pagerOn {
            let paged = try await tmux.waitFor("less's prompt") { $0.hasSuffix("\n:") }
            #expect(!paged.contains("Tion Medon"), "the 82nd row waits for the next page")
            try await tmux.press("q")
            try await tmux.waitFor("the prompt after less") { $0.hasSuffix("characters›") }
        } else {
            let whole = try await tmux.waitFor("the whole list, then the prompt") { $0.contains("Tion Medon") && $0.hasSuffix("characters›") }
            #expect(!whole.hasSuffix("\n:"))
        }
        try await tmux.enter("quit")
        #expect(try await tmux.exitStatus() == 0)
    }

    @Test("`step` stops at Ctrl-C while it waits, saying where, with no error; the prompt works as before")
    func stepStopsAtControlC() async throws {
        let sandbox = try Sandbox("tty-step-ctrl-c")
        let tmux = try await start(width: 80, height: 50, in: sandbox)
        defer { Task { await tmux.stop() } }
        try Self.demo.write(to: tmux.workingDirectory.appendingPathComponent("demo.txt"), atomically: true, encoding: .utf8)

        try await tmux.waitFor(Self.prompt)
        try await tmux.enter("step demo.txt")
        try await tmux.waitFor("the first step") { $0.contains("step 1 of 3") }
        try await tmux.press("C-c")
        let stopped = try await tmux.waitFor("where it stopped, and the prompt") {
            $0.contains("stopped before line 4 of demo.txt") && $0.hasSuffix(Self.prompt)
        }
        #expect(!stopped.contains("error"), "\(stopped)")
        try await tmux.enter("use starships")
        try await tmux.waitFor("the list") { $0.contains("Starships · page 1 of 4") && $0.hasSuffix("starships›") }
        try await tmux.enter("quit")
        #expect(try await tmux.exitStatus() == 0)
    }
}
