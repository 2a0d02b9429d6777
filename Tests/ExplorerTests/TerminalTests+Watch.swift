import ExplorerCore
import Foundation
import TestSupport
import Testing

/// `watch` at a real terminal (tmux) with `trace on`: one screen kept up to date, the trace
/// lines of its ticks above it.
extension TerminalTests {
    @Test("`watch` with `trace on` keeps one screen up to date: the trace lines go above it, no heading is left behind")
    func watchWithTraceLeavesOneHeading() async throws {
        let sandbox = try Sandbox("tty-watch-trace")
        // 08:04:30: the re-sort timer runs at 08:05:20, inside the minute watched.
        let tmux = try await start(["--clock", "2024-03-15T08:04:30Z"], width: 100, height: 60, in: sandbox)
        defer { Task { await tmux.stop() } }

        try await tmux.enter("use races")
        try await tmux.waitFor("the races") { $0.contains("Next to go") && $0.hasSuffix("races›") }
        try await tmux.enter("trace on")
        try await tmux.waitFor("trace on") { $0.contains("trace: on") && $0.hasSuffix("races›") }
        try await tmux.enter("watch 1m")
        try await tmux.waitFor("the watch over, the prompt back") {
            $0.contains("watching · any key or Ctrl-C stops") && $0.hasSuffix("races›")
        }
        // A trace line a tick (the view rendered) has pushed the command off the window: what
        // the watch left is read from the pane's history.
        let all = try await tmux.scrollback()
        let watched = try #require(all.components(separatedBy: "races› watch 1m\n").dropFirst().last, "\(all)")
        #expect(watched.components(separatedBy: "Next to go").count == 2, "one heading, drawn over itself: \(watched)")
        #expect(watched.components(separatedBy: "watching · any key or Ctrl-C stops").count == 2, "\(watched)")
        let timer = try #require(watched.range(of: "trace: timer races re-sort ran at 08:05:20"), "\(watched)")
        #expect(timer.upperBound < watched.range(of: "Next to go")!.lowerBound, "the trace above the screen: \(watched)")
        // The screen as it stands at 08:05:30, the watch's last second: the first race started 30 s ago.
        #expect(watched.contains("Next to go · 5 of 10 races · updated 1 min ago") && watched.contains("08:05    -30s"),
                "the last screen drawn: \(watched)")
        try await tmux.enter("quit")
        #expect(try await tmux.exitStatus() == 0)
    }
}
