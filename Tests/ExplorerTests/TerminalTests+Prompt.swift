import ExplorerCore
import Foundation
import TestSupport
import Testing

/// At the prompt, in a real terminal (tmux): Tab on file names with spaces, where the
/// favourites are, facts paged by the window, Ctrl-C out of `watch`, the prompt and the
/// descriptions of `features` and `arch` at 40, 80 and 200 columns.
extension TerminalTests {
    @Test("Tab after `run ` escapes a space in a file name as readline does, and the line so completed runs the file")
    func runCompletesFileNamesWithSpaces() async throws {
        let sandbox = try Sandbox("tty-run-space")
        let tmux = try await start(in: sandbox)
        defer { Task { await tmux.stop() } }
        // In the directory explorer runs in.
        try "source\n".write(to: tmux.workingDirectory.appendingPathComponent("my demo.txt"), atomically: true, encoding: .utf8)
        try "format\n".write(to: tmux.workingDirectory.appendingPathComponent("my dog.txt"), atomically: true, encoding: .utf8)

        try await tmux.waitFor(Self.prompt)
        try await tmux.type("run my")
        try await tmux.press("Tab")
        // Two names start `my d`: Tab writes what they share, the space escaped.
        try await tmux.waitFor("the shared part, escaped") { $0.hasSuffix("\(Self.prompt) run my\\ d") }
        try await tmux.type("e")
        try await tmux.press("Tab")
        try await tmux.waitFor("the whole name, escaped") { $0.hasSuffix("\(Self.prompt) run my\\ demo.txt") }
        try await tmux.press("Enter")
        let escaped = try await tmux.waitFor("the file's screen") { $0.contains("source: embedded") && $0.hasSuffix(Self.prompt) }
        #expect(!escaped.contains("error:"), "\(escaped)")

        // Begun with a quote, the name is completed inside it and the quote closed.
        try await tmux.type("run \"my do")
        try await tmux.press("Tab")
        try await tmux.waitFor("the whole name, quoted") { $0.hasSuffix("\(Self.prompt) run \"my dog.txt\"") }
        try await tmux.press("Enter")
        let quoted = try await tmux.waitFor("the other file's screen") { $0.contains("format: text") && $0.hasSuffix(Self.prompt) }
        #expect(!quoted.contains("error:"), "\(quoted)")
        try await tmux.enter("quit")
        #expect(try await tmux.exitStatus() == 0)
    }

    @Test("in the favourites the prompt and the heading say so, and `fav N` there shows them again")
    func favouritesSayWhereYouAre() async throws {
        let sandbox = try Sandbox("tty-favs")
        let tmux = try await start(in: sandbox)
        defer { Task { await tmux.stop() } }

        try await tmux.enter("use starships; fav 5; fav 10")
        try await tmux.waitFor("the two marked") { $0.contains("Rebel transport is now a favourite") && $0.hasSuffix("starships›") }
        try await tmux.enter("favs")
        let favourites = try await tmux.waitFor("the favourites") { $0.hasSuffix("starships › favourites›") }
        #expect(favourites.contains("starships › favourites · 2"), "\(favourites)")
        try await tmux.enter("fav 1")
        let again = try await tmux.waitFor("the favourites again") {
            $0.contains("☆ Millennium Falcon is no longer a favourite") && $0.hasSuffix("starships › favourites›")
        }
        let lines = again.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("1  ☆  Millennium Falcon") }, "favourite 1, unmarked, keeps its number: \(again)")
        #expect(lines.contains { $0.hasPrefix("2  ★  Rebel transport") }, "\(again)")
        try await tmux.enter("open 2")
        // The prompt takes at most half of the 80 columns: the title gives way.
        try await tmux.waitFor("the favourite's detail") { $0.hasSuffix("starships › favourites › Rebel transp…›") }
        try await tmux.enter("back")
        try await tmux.waitFor("the favourites") { $0.hasSuffix("starships › favourites›") }
        try await tmux.enter("back")
        try await tmux.waitFor("the list") { $0.hasSuffix("starships›") }
        try await tmux.enter("quit")
        #expect(try await tmux.exitStatus() == 0)
    }

    @Test("a page of facts fits the window: the heading and the prompt are both on the screen, no pager",
          arguments: [(80, 24), (40, 24), (200, 50)])
    func factsPageFitsTheWindow(width: Int, height: Int) async throws {
        let sandbox = try Sandbox("tty-facts-\(width)")
        let tmux = try await start(width: width, height: height, in: sandbox)
        defer { Task { await tmux.stop() } }

        try await tmux.enter("use facts")
        let first = try await tmux.waitFor("the first page, whole") { $0.contains("About Canada") && $0.hasSuffix("facts›") }
        #expect(!first.contains("(END)"), "\(first)")
        guard first.contains("page 1 of") else { return }
        try await tmux.enter("page next")
        // The heading of page 2 is on the screen: the page took no more rows than the window has.
        // (The heading may wrap: `page 2 of` can be on its second line.)
        let second = try await tmux.waitFor("the second page, whole") { screen in
            guard screen.hasSuffix("facts›"), let page = screen.components(separatedBy: "facts› page next\n").dropFirst().last else { return false }
            return page.hasPrefix("About Canada") && page.contains("page 2 of")
        }
        #expect(!second.contains("(END)"), "\(second)")
        try await tmux.enter("quit")
        #expect(try await tmux.exitStatus() == 0)
    }

    @Test("`watch` says Ctrl-C stops it, and Ctrl-C does, without an error")
    func controlCEndsWatch() async throws {
        let sandbox = try Sandbox("tty-watch-ctrl-c")
        let tmux = try await start(width: 100, height: 30, in: sandbox)
        defer { Task { await tmux.stop() } }

        try await tmux.enter("use races")
        try await tmux.waitFor("the races") { $0.contains("Next to go") && $0.hasSuffix("races›") }
        try await tmux.enter("watch")
        try await tmux.waitFor("watching · any key or Ctrl-C stops")
        try await tmux.press("C-c")
        let after = try await tmux.waitFor("the prompt after Ctrl-C") { $0.hasSuffix("races›") }
        #expect(!after.contains("error"), "\(after)")
        try await tmux.enter("quit")
        #expect(try await tmux.exitStatus() == 0)
    }

    @Test("the prompt keeps at least half the width to type in", arguments: [40, 80, 200])
    func promptLeavesHalfTheLine(width: Int) async throws {
        let sandbox = try Sandbox("tty-prompt-\(width)")
        let tmux = try await start(["--no-pager"], width: width, height: 30, in: sandbox)
        defer { Task { await tmux.stop() } }

        try await tmux.enter("use moviedb")
        try await tmux.waitFor("the list") { $0.contains("Fast X") && $0.split(separator: "\n").last?.hasPrefix("moviedb ›") == true }
        try await tmux.enter("open 20")
        let screen = try await tmux.waitFor("the detail's prompt") { screen in
            screen.split(separator: "\n").last.map { $0.hasPrefix("moviedb › ") && $0.contains("Indiana") && $0.hasSuffix("›") } ?? false
        }
        let prompt = String(screen.split(separator: "\n").last ?? "")
        #expect(prompt.displayWidth + 1 <= width / 2, "“\(prompt)” at \(width) columns")
        if width >= 200 { #expect(prompt == "moviedb › movies popular › Indiana Jones and the Dial of Destiny›") }
        try await tmux.enter("quit")
        #expect(try await tmux.exitStatus() == 0)
    }

    @Test("`features` and `arch` wrap their descriptions instead of cutting them", arguments: [40, 80, 200])
    func featuresAndArchWrap(width: Int) async throws {
        let sandbox = try Sandbox("tty-wrap-\(width)")
        let tmux = try await start(["--no-pager"], width: width, height: 60, in: sandbox)
        defer { Task { await tmux.stop() } }

        try await tmux.enter("features")
        let features = try await tmux.waitFor("the features") { $0.contains("races") && $0.hasSuffix(Self.prompt) }
        #expect(!features.contains("…"), "\(features)")
        try await tmux.enter("use starships")
        try await tmux.waitFor("starships›")
        try await tmux.enter("arch")
        let arch = try await tmux.waitFor("the feature's arch") { $0.contains("its client stack") && $0.hasSuffix("starships›") }
        // What each layer does, whole: `libcurl to https://swapi.dev/api, timeout 15 s`.
        let stack = arch.components(separatedBy: "its client stack").last ?? ""
        #expect(!stack.replacingOccurrences(of: "loading starships…", with: "").contains("…"), "\(stack)")
        #expect(stack.contains("timeout"), "\(stack)")
        try await tmux.enter("quit")
        #expect(try await tmux.exitStatus() == 0)
    }
}
