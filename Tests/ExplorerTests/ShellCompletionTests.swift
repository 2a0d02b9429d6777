import Foundation
import TestSupport
import Testing

/// explorer's completion in the shells users have — bash with bash-completion, zsh set up
/// either way the README gives, fish — each installed as the README says, in a scratch HOME,
/// and driven with Tab in a real terminal (tmux): what the shell offers on screen is what is
/// checked, not the text of the script.
@Suite("Completion in bash, zsh and fish")
struct ShellCompletionTests {
    /// A shell with explorer's completion installed by one of the README's recipes.
    enum Setup: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case bash
        case zshSourced
        case zshFpath
        case fish

        var testDescription: String { rawValue }

        /// The shell, found on PATH.
        var program: String {
            switch self {
            case .bash: "bash"
            case .zshSourced, .zshFpath: "zsh"
            case .fish: "fish"
            }
        }

        /// What the shell shows as its prompt, once its start-up files have run.
        var prompt: String { program + ">" }

        /// The keys that list the candidates: bash lists them on a second Tab.
        var listKeys: [String] { self == .bash ? ["Tab", "Tab"] : ["Tab"] }

        /// The start-up file (relative to HOME) and what it holds: the README's lines, and a
        /// prompt to wait for.
        var startupFile: (path: String, text: String) {
            switch self {
            case .bash:
                (".bashrc", """
                    source /usr/share/bash-completion/bash_completion
                    source <(explorer --generate-completion-script bash)
                    PS1='bash> '
                    """)
            case .zshSourced:
                (".zshrc", """
                    autoload -Uz compinit && compinit
                    source <(explorer --generate-completion-script zsh)
                    PROMPT='zsh> '
                    """)
            case .zshFpath:
                (".zshrc", """
                    fpath=(~/.zsh/completions $fpath); autoload -Uz compinit && compinit
                    PROMPT='zsh> '
                    """)
            case .fish:
                (".config/fish/config.fish", """
                    set -g fish_greeting
                    function fish_prompt; echo -n 'fish> '; end
                    """)
            }
        }

        /// The README's command that writes the script where the shell loads it from, if this
        /// recipe has one.
        var installCommand: String? {
            switch self {
            case .bash, .zshSourced: nil
            case .zshFpath:
                "mkdir -p ~/.zsh/completions && explorer --generate-completion-script zsh > ~/.zsh/completions/_explorer"
            case .fish:
                "mkdir -p ~/.config/fish/completions && explorer --generate-completion-script fish > ~/.config/fish/completions/explorer.fish"
            }
        }
    }

    /// What Tab after `typed` offers: every word of `offered` and none of `notOffered`.
    struct Case: Sendable {
        var typed: String
        var offered: [String]
        var notOffered: [String] = []
    }

    /// Files and directories in the directory the shell starts in.
    static let files = ["demo.txt", "notes.md", "plugins.json"]
    static let directories = ["data", "scripts"]

    static let cases: [Case] = [
        Case(typed: "explorer --", offered: ["--source", "--config", "--data-dir", "--format", "--fail", "--latency",
                                            "--record", "--replay", "--no-pager", "--bail", "--generate-completion-script"]),
        Case(typed: "explorer --source ", offered: ["embedded", "live"], notOffered: ["demo.txt"]),
        Case(typed: "explorer --format ", offered: ["text", "json", "csv"]),
        Case(typed: "explorer --color ", offered: ["auto", "always", "never"]),
        Case(typed: "explorer --images ", offered: ["auto", "inline", "off"]),
        Case(typed: "explorer --config ", offered: ["plugins.json", "data/", "scripts/"], notOffered: ["demo.txt", "notes.md"]),
        Case(typed: "explorer --data-dir ", offered: ["data/", "scripts/"], notOffered: ["demo.txt", "notes.md", "plugins.json"]),
        Case(typed: "explorer ", offered: ["demo.txt", "notes.md", "plugins.json", "data/", "scripts/"]),
        Case(typed: "explorer --generate-completion-script ", offered: ["bash", "zsh", "fish"]),
        Case(typed: "explorer --fail ", offered: ["500", "404", "429", "timeout", "offline", "malformed"]),
        Case(typed: "explorer --latency ", offered: ["100ms", "800ms", "2s"]),
        Case(typed: "explorer --replay ", offered: ["demo.txt", "notes.md", "plugins.json", "data/"]),
    ]

    /// Starts `setup`'s shell in tmux: explorer on PATH as `explorer`, HOME a scratch
    /// directory holding the start-up file, the script installed as the README says.
    static func start(_ setup: Setup, in sandbox: Sandbox) async throws -> TmuxSession {
        let bin = sandbox.file("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent("explorer").path,
                                                   withDestinationPath: TestPaths.explorer)
        let home = sandbox.file("home")
        let environment = [
            "HOME": home.path,
            "PATH": bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            "LANG": "C.UTF-8",
        ]
        let startup = setup.startupFile
        try sandbox.write(startup.text + "\n", to: "home/" + startup.path)
        if setup == .fish {
            // fish's first start in a new HOME would generate completions from every man page
            // in the background (create_manpage_completions.py: a minute of CPU on 2 cores, which
            // starves the tests running beside it): the directory it fills is there already.
            try FileManager.default.createDirectory(at: home.appendingPathComponent(".local/share/fish/generated_completions"),
                                                    withIntermediateDirectories: true)
        }
        if let install = setup.installCommand {
            let output = try await ChildProcess.run(executable: "/bin/sh", arguments: ["-c", install],
                                                  environment: environment, timeout: Explorer.processTimeout)
            #expect(output.status == 0, "\(install): \(output.stderrText)")
        }
        let tmux = try await TmuxSession([setup.program], environment: environment, width: 120, height: 40, in: sandbox)
        for name in files { try Data().write(to: tmux.workingDirectory.appendingPathComponent(name)) }
        for name in directories {
            try FileManager.default.createDirectory(at: tmux.workingDirectory.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        try await tmux.waitFor("\(setup.program)'s prompt", timeout: 30) { $0.hasSuffix(setup.prompt) }
        return tmux
    }

    /// The words on the screen.
    static func words(_ screen: String) -> Set<Substring> {
        Set(screen.split(whereSeparator: { $0 == " " || $0 == "\n" }))
    }

    @Test("Tab offers explorer's flags, their values, .json files for --config, directories for --data-dir, script files",
          arguments: Setup.allCases)
    func tabOffersFlagsValuesAndFiles(_ setup: Setup) async throws {
        let sandbox = try Sandbox("completion-\(setup.rawValue)")
        let tmux = try await Self.start(setup, in: sandbox)
        defer { Task { await tmux.stop() } }

        for test in Self.cases {
            try await tmux.type(test.typed)
            try await tmux.press(setup.listKeys)
            let screen = try await tmux.waitFor("\(test.offered) after `\(test.typed)`", timeout: 30) { screen in
                let words = Self.words(screen)
                return test.offered.allSatisfy { words.contains(Substring($0)) }
            }
            let words = Self.words(screen)
            for word in test.notOffered {
                #expect(!words.contains(Substring(word)), "`\(test.typed)` offers \(word):\n\(screen)")
            }
            #expect(!screen.contains("_arguments") && !screen.contains("doubled rest"), "\(screen)")
            // A fresh line (the prompt alone on the last line), then a clear screen for the next;
            // `clear` is typed only once the shell is back at its prompt, or it could lose keys.
            // A C-c can be spent closing the list of completions (fish) or stopping the
            // completion still running (zsh, on a busy machine), keeping the line: while no
            // fresh line shows, C-c again (at most three more).
            let lastLine = { (screen: String) in screen.split(separator: "\n").last.map(String.init) ?? "" }
            try await tmux.press("C-c")
            for attempt in 1...4 {
                do {
                    try await tmux.waitFor("a fresh line", timeout: attempt < 4 ? 5 : 30) { lastLine($0) == setup.prompt }
                    break
                } catch where attempt < 4 {
                    try await tmux.press("C-c")
                }
            }
            try await tmux.enter("clear")
            try await tmux.waitFor("a clear screen", timeout: 30) { $0 == setup.prompt }
        }
    }

    @Test("Tab offers no flag that is given already and takes one value (`--source live --`)", arguments: Setup.allCases)
    func tabLeavesOutAFlagGiven(_ setup: Setup) async throws {
        let sandbox = try Sandbox("completion-given-\(setup.rawValue)")
        let tmux = try await Self.start(setup, in: sandbox)
        defer { Task { await tmux.stop() } }

        try await tmux.type("explorer --source live --format json --")
        try await tmux.press(setup.listKeys)
        let screen = try await tmux.waitFor("the other flags listed", timeout: 30) { Self.words($0).contains("--config") }
        // The lines of the list (not the command line, which names the flags given).
        let listed = screen.split(separator: "\n").filter { !$0.contains(setup.prompt) }
        #expect(!listed.isEmpty, "\(screen)")
        #expect(!listed.contains { $0.contains("--source") || $0.contains("--format") }, "offered again:\n\(screen)")
        #expect(listed.contains { $0.contains("--fail") }, "a flag that repeats is still offered:\n\(screen)")
    }

    @Test("Tab completes a flag's name in place", arguments: Setup.allCases)
    func tabCompletesAFlagName(_ setup: Setup) async throws {
        let sandbox = try Sandbox("completion-name-\(setup.rawValue)")
        let tmux = try await Self.start(setup, in: sandbox)
        defer { Task { await tmux.stop() } }

        try await tmux.type("explorer --data-d")
        try await tmux.press("Tab")
        let screen = try await tmux.waitFor("the flag completed", timeout: 30) { $0.hasSuffix("\(setup.prompt) explorer --data-dir") }
        #expect(!screen.contains("_arguments"), "\(screen)")
    }
}
