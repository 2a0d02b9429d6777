import ExplorerText
import Testing
@testable import ExplorerCore
@testable import ExplorerShell

/// The global commands are types that declare their name, usage, summary and completion once
/// (``GlobalCommand``); `help`, the usage errors and Tab show what they declare, so the three
/// cannot drift apart (as `clock`'s usage once had).
@Suite("Global commands, each declared once")
@MainActor
struct GlobalCommandTests {
    @Test("`help NAME` shows each command's declared usage and summary")
    func helpShowsTheDeclaration() async {
        for type in Shell.globalCommandTypes {
            let h = ShellHarness(terminal: TerminalSettings(width: 300))
            defer { h.remove() }
            await h.run("help \(type.name)")
            #expect(h.output.errors == [])
            let lines = h.output.out.joined(separator: "\n").split(separator: "\n").map(String.init)
            #expect(lines.prefix(2) == ["usage: \(type.usage)", "  \(type.summary)"], "help \(type.name)")
        }
    }

    @Test("a usage too long for the width wraps under the command's name")
    func longUsageWrapsUnderTheName() {
        let screen = Screen(feature: nil, kind: "help", blocks: [.paragraph("usage: net [latency 800ms | latency off | clear]", hanging: 11)])
        #expect(TextRenderer(width: 31).render(screen) == """
            usage: net [latency 800ms |
                       latency off | clear]
            """)
        // Too narrow to hang (under 10 columns would be left): wrapped as a plain paragraph.
        #expect(TextRenderer(width: 20).render(screen) == """
            usage: net [latency
            800ms | latency off
            | clear]
            """)
    }

    @Test("`help` lists each command by its synopsis, in the declared order")
    func helpListsTheSynopses() async {
        let h = ShellHarness()
        defer { h.remove() }
        await h.run("help")
        let lines = h.output.out.joined(separator: "\n").split(separator: "\n").map(String.init)
        // A command listed with another (`jump` with `history`) is named on that one's line.
        let types = Shell.globalCommandTypes.filter { $0.listedWith == nil }
        let listed = lines.dropFirst().prefix(types.count)
        #expect(listed.map { $0.split(separator: " ").first.map(String.init) } == types.map { Optional($0.name) })
        for (line, type) in zip(listed, types) {
            #expect(line.hasPrefix("  \(type.synopsis) "), "\(line)")
        }
        for type in Shell.globalCommandTypes {
            guard let host = type.listedWith else { continue }
            #expect(host.listedWith == nil && host.synopsis.contains(type.name), "\(host.name)'s line names \(type.name)")
        }
        #expect(ClockCommand.synopsis != ClockCommand.usage, "clock lists a short form and explains the whole")
    }

    @Test("a command given words it cannot take says its declared usage")
    func usageErrorsComeFromTheDeclaration() async {
        let cases: [(String, String)] = [
            ("features x", "usage: \(FeaturesCommand.usage)"),
            ("back x", "usage: \(BackCommand.usage)"),
            ("favs mine", "usage: \(FavsCommand.usage)"),
            ("source a b", "usage: \(SourceCommand.usage)"),
            ("format a b", "usage: \(FormatCommand.usage)"),
            ("trace maybe", "usage: \(TraceCommand.usage)"),
            ("pager maybe", "usage: \(PagerCommand.usage)"),
            ("clock pause now", "usage: \(ClockCommand.usage)"),
            ("clock whenever", "usage: \(ClockCommand.usage)   (TIME as 2024-03-15T05:00:00Z)"),
            ("net sometimes", "usage: \(NetCommand.usage)"),
            ("once", "usage: \(OnceCommand.usage)   (quote a name with spaces)"),
            ("output a b", "usage: \(OutputCommand.usage)   (quote a name with spaces)"),
            ("run", "usage: \(RunCommand.usage)"),
            ("quit now", "usage: \(QuitCommand.usage)"),
            ("help a b", "usage: \(HelpCommand.usage)"),
            ("history 3", "usage: \(HistoryCommand.usage)"),
            ("jump 1 2", "usage: \(JumpCommand.usage)"),
            ("jump -1", "usage: \(JumpCommand.usage)   (N is a command's number in `history`)"),
            ("diff", "usage: \(DiffCommand.usage)   (N and M are commands' numbers in `history`)"),
            ("head", "usage: \(HeadCommand.usage)"),
            ("head 3 4", "usage: \(HeadCommand.usage)"),
            ("head -1", "usage: \(HeadCommand.usage)   ('-1' is not a number of rows: 1 or more)"),
            ("raw 1 2", "usage: \(RawCommand.usage)"),
            ("raw body headers", "usage: \(RawCommand.usage)"),
            ("raw body 1 x", "usage: \(RawCommand.usage)"),
        ]
        for (line, expected) in cases {
            let h = ShellHarness()
            defer { h.remove() }
            #expect(await h.run(line) == false)
            #expect(h.output.errors == ["error: \(expected)"], "\(line)")
        }
        // `use`'s names the features, which only the shell knows.
        let h = ShellHarness()
        defer { h.remove() }
        #expect(await h.run("use") == false)
        #expect(h.output.errors == ["error: usage: \(UseCommand.usage)   (one of: \(h.shell.registry.ids.joined(separator: ", ")))"])
    }

    @Test("Tab after a command offers what its declaration completes")
    func completionComesFromTheDeclaration() async {
        let h = ShellHarness()
        defer { h.remove() }
        func offered(_ name: String, after previous: [String] = []) -> [String] {
            h.shell.globalCommands.first { $0.name == name }?.complete(previous, "") ?? ["no command \(name)"]
        }
        #expect(offered("trace") == ["on", "off", "state"])
        #expect(offered("trace", after: ["state"]) == ["on", "off", "full"])
        #expect(offered("trace", after: ["on"]) == [])
        #expect(offered("source") == ["embedded", "live", "replay"])
        #expect(offered("format") == ["text", "json", "csv"])
        #expect(offered("net", after: ["fail"]) == ["500", "404", "429", "timeout", "offline", "malformed"])
        #expect(offered("use") == h.shell.registry.ids)
        #expect(offered("arch").contains("clock") && !offered("arch").contains("arch"))
        #expect(Shell.fileNameCommands == ["run", "step", "once", "output", "record"], "as the commands declare")
    }
}
