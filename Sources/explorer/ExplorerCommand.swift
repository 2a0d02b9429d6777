import ArgumentParser
import ExplorerCore
import Foundation
import LineEditor

/// The `explorer` executable: parses the flags, loads Plugins.json, picks where lines come from
/// (libedit at a terminal, plain stdin in a pipe, or `-c`), and hands them to the ``Shell``.
@main
struct ExplorerCommand: AsyncParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "explorer",
        abstract: "Explore \(BuiltinFeatures.countInWords) small public-API apps side by side (\(BuiltinFeatures.all.map(\.id).joined(separator: ", "))), at a prompt or from a script.",
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
            (see the README's "Shell completion" for where to put it).
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

    @Option(help: ArgumentHelp("Delay every request, live or embedded, as `net latency` does: 800ms, or \"800ms jitter 200ms\".", valueName: "delay"))
    var latency: String?

    @Option(help: ArgumentHelp("Make requests fail, as `net fail` does: \"500\", \"offline times 2\", \"timeout match people\"; repeatable.", valueName: "fault"))
    var fail: [String] = []

    @Flag(name: .customLong("no-pager"), help: "Never page long screens (at a terminal they go through $PAGER, default `less -FRX`).")
    var noPager = false

    @Flag(help: "Stop at the first command that fails.")
    var bail = false

    @Option(name: .customShort("c"), help: ArgumentHelp("Run these commands (separated by `;`) instead of reading stdin; repeatable.", valueName: "commands"))
    var commands: [String] = []

    @Argument(help: ArgumentHelp("Script files to run in order, after any -c commands, instead of reading stdin.", valueName: "file"),
              completion: .file())
    var files: [String] = []

    func validate() throws {
        if config?.isEmpty == true { throw ValidationError("--config needs a file path, not an empty string") }
        if dataDirectory?.isEmpty == true { throw ValidationError("--data-dir needs a directory path, not an empty string") }
        if let width, !(TerminalSettings.minimumWidth...1000).contains(width) {
            throw ValidationError("--width must be between \(TerminalSettings.minimumWidth) and 1000, not \(width)")
        }
        if let clock, Self.parseTime(clock) == nil {
            throw ValidationError("--clock must be a time such as 2024-03-15T05:00:00Z, not \(clock)")
        }
        _ = try networkConditions()
        if !(timeout > 0 && timeout <= 600) {
            throw ValidationError("--timeout must be more than 0 and at most 600 seconds, not \(String(format: "%g", timeout))")
        }
    }

    @MainActor
    func run() async throws {
        // With stdout closed (`>&-`) the next file opened (the database) would take its place
        // and receive the screens: stop first. Closed stdin or stderr get /dev/null for the same reason.
        guard fcntl(STDOUT_FILENO, F_GETFD) != -1 else {
            Self.printError("cannot write output: \(String(cString: strerror(EBADF)))")
            throw ExitCode(Shell.ExitStatus.commandFailed)
        }
        let stdinIsClosed = fcntl(STDIN_FILENO, F_GETFD) == -1
        for descriptor in [STDIN_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            let null = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if null >= 0 && null != descriptor {
                dup2(null, descriptor)
                close(null)
            }
        }
        let variables = ProcessInfo.processInfo.environment
        let paths = ExplorerPaths(environment: variables)
        let outputIsTerminal = isatty(STDOUT_FILENO) == 1
        let errorsGoToTerminal = isatty(STDERR_FILENO) == 1
        // A person types the lines when stdin is a terminal; line editing needs stdout to be
        // one too. With stdout redirected (`explorer > out.txt`, `| tee log`) lines are read
        // plainly and the prompt goes to stderr, as sqlite3 does.
        let typing = commands.isEmpty && files.isEmpty && isatty(STDIN_FILENO) == 1
        let interactive = typing && outputIsTerminal
        TerminationSignals.install(typing ? [SIGTERM, SIGHUP] : [SIGINT, SIGTERM, SIGHUP])

        let pluginsConfig: PluginsConfig
        do {
            pluginsConfig = try loadConfig()
        } catch {
            Self.printError(String(describing: error))
            throw ExitCode(Shell.ExitStatus.configuration)
        }

        let measure: (@Sendable () -> TerminalSize?)? = width == nil && outputIsTerminal ? Self.terminalSize : nil
        var terminal = TerminalSettings(
            width: width ?? 80,
            style: color.style(outputIsTerminal: outputIsTerminal, environment: variables),
            measure: measure)
        terminal.images = images.images(outputIsTerminal: outputIsTerminal, textFormat: format == .text, environment: variables)
        let output = ShellOutput.standard(showsProgress: typing && errorsGoToTerminal)
        let tracer = Tracer(write: { output.errorLine($0) })
        let selection = SourceSelection(source ?? pluginsConfig.source)
        let dataDirectory = dataDirectory.map { URL(fileURLWithPath: $0) } ?? paths.dataDirectory
        let database = AppDatabase(directory: dataDirectory, migrations: BuiltinFeatures.all.flatMap(\.migrations))
        let appClock = SchedulingClock(virtualAt: clock.flatMap(Self.parseTime))
        let favourites = FavouritesStore(database: database, clock: appClock)
        let environment = AppEnvironment(
            selection: selection, tracer: tracer, favourites: favourites, dataDirectory: dataDirectory,
            terminal: terminal, clock: appClock, timeout: timeout,
            progress: { output.progress($0) }, waiting: { output.progressUnlessShown($0) },
            variables: variables, configDirectory: paths.configDirectory, network: try networkConditions())
        let registry = FeatureRegistry(config: pluginsConfig, available: BuiltinFeatures.all, makeContext: environment.context(for:))
        let pager = interactive ? Pager.fromEnvironment(variables) : nil
        let shell = Shell(registry: registry, output: output, tracer: tracer, source: selection,
                          favourites: favourites, terminal: terminal, format: format, pager: pager, pagerIsOn: !noPager, clock: appClock, network: environment.network,
                          options: .init(bail: bail, interruptible: typing, failuresSetExitStatus: !typing))

        shell.connect(environment.display, interactive: interactive && format == .text,
                      keyWait: interactive ? { TerminalKeys.wait(seconds: $0) } : nil)

        let status: Int32
        if !commands.isEmpty || !files.isEmpty {
            // `-c` first (settings for the files, say), then the files in order.
            var result = await shell.run(ArgumentLineSource(commands))
            if !files.isEmpty { result = await shell.run(scripts: files) }
            status = result
        } else if typing {
            let interrupts = InterruptSignal()
            let watcher = interrupts.watch(shell.interrupter)
            let banner = FieldList.wrap(
                "explorer \(Self.version) · \(selection.current.rawValue) data · `help` lists commands, `features` what to explore, Ctrl-D quits",
                width: terminal.currentWidth).joined(separator: "\n")
            if interactive {
                if format == .text { output.line(banner) } else { output.errorLine(banner) }
                let editor = LineEditor(historyFile: paths.historyFile) { line in shell.completions(for: line) }
                status = await shell.run(EditlineLineSource(editor: editor, interrupts: interrupts))
            } else {
                if errorsGoToTerminal { output.errorLine(banner) }
                status = await shell.run(TerminalLineSource(
                    interruptDescriptor: interrupts.descriptor,
                    acknowledgeInterrupt: { interrupts.reset() },
                    showPrompt: { prompt in if errorsGoToTerminal { output.errorText(prompt) } }))
            }
            watcher.cancel()
        } else {
            guard !stdinIsClosed, let lines = StreamLineSource(descriptor: STDIN_FILENO) else {
                Self.printError("cannot read stdin: \(String(cString: strerror(EBADF)))")
                throw ExitCode(Shell.ExitStatus.commandFailed)
            }
            status = await shell.run(lines)
            if let failure = lines.readFailure {
                Self.printError("cannot read stdin: \(failure)")
                throw ExitCode(Shell.ExitStatus.commandFailed)
            }
        }
        if let failure = output.writeFailure {
            Self.printError("cannot write output: \(failure)")
            throw ExitCode(Shell.ExitStatus.commandFailed)
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// As ArgumentParser's own `main()`, but a usage error's message is made safe to print first:
    /// it may quote an argument (`Unknown option '--x…'`) holding escapes, newlines or NUL. Help,
    /// `--version` and completion scripts are printed as ArgumentParser prints them.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            guard code != .success, !(error is ExitCode) else { exit(withError: error) }
            let text = usageErrorText(for: error)
            let bytes = Array((text.hasSuffix("\n") ? text : text + "\n").utf8)
            _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            Foundation.exit(code.rawValue)
        }
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

    /// What `--latency` and `--fail` inject from the start.
    func networkConditions() throws -> NetworkConditions {
        let words = { (text: String) in text.split(whereSeparator: \.isWhitespace).map(String.init) }
        let latency: NetworkConditions.Latency?
        do {
            latency = try self.latency.flatMap { try NetworkConditions.Latency.parse(words($0)) }
        } catch let error as CommandError {
            throw ValidationError("--latency: \(error.description.replacingOccurrences(of: "net latency", with: "--latency"))")
        }
        do {
            return NetworkConditions(latency: latency, faults: try fail.map { try NetworkFault.parse(words($0)) })
        } catch let error as CommandError {
            throw ValidationError("--fail: \(error.description.replacingOccurrences(of: "net fail", with: "--fail"))")
        }
    }

    private func loadConfig() throws -> PluginsConfig {
        guard let config else {
            return try PluginsConfig.parse(Data(DefaultPlugins.json.utf8), file: "Plugins.json (built in)", features: BuiltinFeatures.all)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: config, isDirectory: &isDirectory) else {
            throw ConfigError(file: config, path: "$", message: "cannot read the file (\(String(cString: strerror(ENOENT))))")
        }
        if isDirectory.boolValue {
            throw ConfigError(file: config, path: "$", message: "cannot read the file (\(String(cString: strerror(EISDIR))))")
        }
        guard let data = FileManager.default.contents(atPath: config) else {
            throw ConfigError(file: config, path: "$", message: "cannot read the file (\(String(cString: strerror(EACCES))))")
        }
        return try PluginsConfig.parse(data, file: config, features: BuiltinFeatures.all)
    }

    /// Prints `error: message` on stderr, on one line and with nothing a terminal would obey
    /// (the message may quote a path, a flag or a file's contents).
    static func printError(_ message: String) {
        // write(2), not FileHandle: a stderr that cannot be written must not crash explorer.
        let line = Array("error: \(message.sanitizedForTerminal)\n".utf8)
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// `2024-03-15T05:00:00Z` (or with an offset, or fractional seconds).
    static func parseTime(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    /// The size of the terminal stdout is, now (it may have been resized since the last screen).
    @Sendable
    private static func terminalSize() -> TerminalSize? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return TerminalSize(width: Int(size.ws_col), height: Int(size.ws_row))
    }
}

extension DataSource: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}
extension ColorChoice: ExpressibleByArgument {}
extension InlineImages.Choice: ExpressibleByArgument {}
