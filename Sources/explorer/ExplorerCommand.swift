import ArgumentParser
import ExplorerCore
import ExplorerHTTP
import ExplorerShell
import ExplorerText
import Foundation
import LineEditor

/// The `explorer` executable's command line as ArgumentParser reads it: help, usage errors,
/// `--version` and completion scripts. A well-formed command line is read without it
/// (``ExplorerOptions/init(fastParsing:)``), which saves its reflection at every start; both
/// end in ``ExplorerOptions/run()``.
@main
struct ExplorerCommand: AsyncParsableCommand {
    static let version = Shell.version

    static let configuration = CommandConfiguration(
        commandName: "explorer",
        abstract: "Explore small public-API apps side by side (Star Wars, iTunes, TMDB and more: `features` lists them), at a prompt or from a script.",
        usage: "explorer [--source embedded|live] [--format text|json|csv] [--bail] [-c <commands> ...] [<options>] [<file> ...]",
        discussion: """
            At a terminal explorer is a REPL with history and tab completion; with stdin piped it \
            runs the lines as a script (no prompt, errors on stderr as `error: line N: …`, exit \
            status 1 if any command failed). Type `help` inside for the commands.

            Script files named on the command line run in order, each as `run FILE` would inside \
            (errors as `error: FILE:LINE: …`), and then explorer exits without reading stdin. With \
            -c too, the -c commands run first, then the files. A file that cannot be read is a \
            failed command (exit status 1); the files after it still run, unless --bail.

            Examples:
              explorer                                   explore at the prompt
              explorer < demo.txt > out.txt              run a script
              explorer setup.txt demo.txt                run script files, in order
              explorer -c "format json" demo.txt         -c first, then the file
              explorer --format json -c "use starships; page 2" | jq '.rows[].name'

            Environment:
              EXPLORER_HISTFILE  the history file; /dev/null keeps none
              EXPLORER_PLAYER    what `play` runs, a name on PATH or a path; empty: none
              EXPLORER_VIEWER    what facts' `view` runs for an image (default: xdg-open)
              PAGER              pages long screens at a terminal (default: less -FRX)
              NO_COLOR           no colour when set (nor with TERM=dumb)
              XDG_DATA_HOME      favourites and caches live in $XDG_DATA_HOME/explorer
              XDG_STATE_HOME     history lives in $XDG_STATE_HOME/explorer
              TMDB_API_KEY       a TMDB v3 key for moviedb's live data
              TMDB_READ_TOKEN    or a v4 read token; or put the key in
                                 $XDG_CONFIG_HOME/explorer/tmdb-key (setting apiKeyFile)

            Exit status: 0 every command succeeded (a session at a terminal ends with 0 even \
            after errors, as sqlite3 does) · 1 a command failed · 64 bad flags · 78 bad \
            configuration · 130 interrupted.

            Completion for your shell: explorer --generate-completion-script bash|zsh|fish \
            (see "Shell completion" in docs/commands.md for where to put it).
            """,
        version: version
    )

    @Option(help: ArgumentHelp("Where data comes from: embedded (compiled in, no network) or live.", valueName: "embedded|live"))
    var source: DataSource?

    @Option(help: ArgumentHelp("A Plugins.json to use instead of the built-in one.", valueName: "path"),
            completion: .file(extensions: ["json"]))
    var config: String?

    @Option(name: .customLong("data-dir"), help: ArgumentHelp("Where favourites and the cache live (default: $XDG_DATA_HOME/explorer).", valueName: "path"),
            completion: .directory)
    var dataDirectory: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Fit output to N columns, at least 30 (default: the terminal's width, followed as it is resized; 80 when not a terminal).", valueName: "N"))
    var width: Int?

    @Option(help: ArgumentHelp("Colour: auto (a terminal without NO_COLOR), always or never.", valueName: "auto|always|never"))
    var color: ColorChoice = .auto

    @Option(help: ArgumentHelp("How screens are printed: text, json (one object per line) or csv (tables).", valueName: "text|json|csv"))
    var format: OutputFormat = .text

    @Option(help: ArgumentHelp("Give up on a live request after this many seconds.", valueName: "seconds"))
    var timeout: Double = 15

    @Option(help: ArgumentHelp("Run on a virtual clock standing at this time (ISO 8601, e.g. 2024-03-15T05:00:00Z), for scripts whose output must not depend on when they run.", valueName: "time"))
    var clock: String?

    @Option(help: ArgumentHelp("Images drawn in the terminal: auto (kitty or iTerm2 protocols, where the terminal says it has them), inline or off.", valueName: "auto|inline|off"))
    var images: InlineImages.Choice = .auto

    @Option(help: ArgumentHelp("Delay every request, live or embedded, as `net latency` does: 800ms, or \"800ms jitter 200ms\".", valueName: "delay"),
            completion: .list(["100ms", "800ms", "2s"]))
    var latency: String?

    @Option(help: ArgumentHelp("Make requests fail, as `net fail` does: \"500\", \"offline times 2\", \"timeout match people\"; repeatable.", valueName: "fault"),
            completion: .list(["500", "404", "429", "timeout", "offline", "malformed"]))
    var fail: [String] = []

    @Option(help: ArgumentHelp("Record every answer the live APIs give to this file (JSON Lines), to replay offline with --replay.", valueName: "file"),
            completion: .file())
    var record: String?

    @Option(help: ArgumentHelp("Answer live requests from a recording made with --record, with no network, on a clock starting when it did.", valueName: "file"),
            completion: .file())
    var replay: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Show every list with at most N rows, and a line saying how many more there are (as `head N` does once).", valueName: "N"))
    var rows: Int?

    @Flag(name: .customLong("no-pager"), help: "Never page long screens (at a terminal they go through $PAGER, default `less -FRX`).")
    var noPager = false

    @Flag(help: "Stop at the first command that fails.")
    var bail = false

    @Option(name: .customShort("c"), help: ArgumentHelp("Run these commands (separated by `;`) instead of reading stdin; repeatable.", valueName: "commands"))
    var commands: [String] = []

    @Argument(help: ArgumentHelp("Script files to run in order, after any -c commands, instead of reading stdin (- is stdin).", valueName: "file"),
              completion: .file())
    var files: [String] = []

    /// ArgumentParser answers `--generate-completion-script` itself, before reading any other
    /// option, so this is never read; it is declared so that `--help` lists it and the
    /// completion scripts offer it and its three shells (ArgumentParser's own is in neither).
    @Option(name: .customLong("generate-completion-script"),
            help: ArgumentHelp("Print the completion script for this shell (see \"Shell completion\" in docs/commands.md).", valueName: "shell"),
            completion: .list(["bash", "zsh", "fish"]))
    var completionScriptShell: String?

    /// The options as parsed, as a plain value.
    var options: ExplorerOptions {
        ExplorerOptions(source: source, config: config, dataDirectory: dataDirectory, width: width, color: color,
                        format: format, timeout: timeout, clock: clock, images: images, latency: latency, fail: fail,
                        record: record, replay: replay, noPager: noPager, rows: rows, bail: bail, commands: commands, files: files)
    }

    func validate() throws { try options.validate() }

    @MainActor
    func run() async throws { try await options.run() }

    /// A well-formed command line runs at once (``ExplorerOptions/init(fastParsing:)``); any
    /// other is ArgumentParser's, as its own `main()` does, but a usage error's message is made
    /// safe to print first: it may quote an argument (`Unknown option '--x…'`) holding escapes,
    /// newlines or NUL. Help, `--version` and completion scripts are printed as ArgumentParser
    /// prints them (zsh's and bash's repaired: ``ZshCompletionScript``, ``BashCompletionScript``).
    ///
    /// `explorer help` alone is `explorer --help`, as the completion scripts offer it and as
    /// git and swift do; a script file called `help` runs as `explorer ./help`.
    static func main() async {
        if Array(CommandLine.arguments.dropFirst()) == ["help"] {
            exit(withError: CleanExit.helpRequest(self))
        }
        if let options = ExplorerOptions(fastParsing: CommandLine.arguments.dropFirst()) {
            do {
                try await options.run()
                Foundation.exit(0)
            } catch let code as ExitCode {
                Foundation.exit(code.rawValue)
            } catch {
                exit(withError: error)
            }
        }
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .success, let script = ZshCompletionScript(fullMessage(for: error)) {
                print(script.repaired)
                Foundation.exit(0)
            }
            if code == .success, let script = BashCompletionScript(fullMessage(for: error)) {
                print(script.repaired)
                Foundation.exit(0)
            }
            guard code != .success, !(error is ExitCode) else { exit(withError: error) }
            var text = usageErrorText(for: error)
            if Self.asksForJSON(CommandLine.arguments.dropFirst()) {
                // JSON on stderr too: the error, and the usage, as one object.
                let message = Self.message(for: error).sanitizedForTerminal
                text = JSONWriter.string(.object(["error": .string(message), "usage": .string(text)]))
            }
            let bytes = Array((text.hasSuffix("\n") ? text : text + "\n").utf8)
            _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            Foundation.exit(code.rawValue)
        }
    }

    /// Whether the command line asks for JSON (`--format json`, `--format=json`), however
    /// the rest of it reads.
    static func asksForJSON(_ arguments: ArraySlice<String>) -> Bool {
        zip(arguments, arguments.dropFirst()).contains { $0 == "--format" && $1 == "json" } || arguments.contains("--format=json")
    }

    /// ArgumentParser's full message for a usage error (`Error: …`, then the usage), with the
    /// error itself sanitized onto one line.
    static func usageErrorText(for error: Error) -> String {
        let full = fullMessage(for: error)
        let message = message(for: error)
        let prefix = "Error: "
        let head = (prefix + message).unicodeScalars
        if !message.isEmpty, full.unicodeScalars.starts(with: head) {
            var rest = String.UnicodeScalarView()
            rest.append(contentsOf: full.unicodeScalars.dropFirst(head.count))
            return prefix + message.sanitizedForTerminal + String(rest)
        }
        return full.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).sanitizedForTerminal }.joined(separator: "\n")
    }
}

extension DataSource: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}
extension ColorChoice: ExpressibleByArgument {}
extension InlineImages.Choice: ExpressibleByArgument {}
