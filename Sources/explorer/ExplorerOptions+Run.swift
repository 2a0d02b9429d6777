import ArgumentParser
import ExplorerClock
import ExplorerCore
import ExplorerHTTP
import ExplorerShell
import ExplorerStore
import ExplorerText
import ExplorerTrace
import Foundation
import LineEditor

/// Running a session: Plugins.json loaded, where lines come from picked (libedit at a
/// terminal, plain stdin in a pipe, `-c` or script files), and the lines handed to the ``Shell``.
extension ExplorerOptions {
    @MainActor
    func run() async throws {
        // With stdout closed (`>&-`) the next file opened (the database) would take its place
        // and receive the screens: stop first. Closed stdin or stderr get /dev/null for the same reason.
        guard fcntl(STDOUT_FILENO, F_GETFD) != -1 else {
            printError("cannot write output: \(String(cString: strerror(EBADF)))")
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
        let variables = ProcessEnvironment.variables
        let paths = ExplorerPaths(environment: variables)
        let outputIsTerminal = isatty(STDOUT_FILENO) == 1
        let errorsGoToTerminal = isatty(STDERR_FILENO) == 1
        // A person types the lines when stdin is a terminal; line editing needs stdout to be
        // one too. With stdout redirected (`explorer > out.txt`, `| tee log`) lines are read
        // plainly and the prompt goes to stderr, as sqlite3 does.
        let typing = commands.isEmpty && files.isEmpty && isatty(STDIN_FILENO) == 1
        let interactive = typing && outputIsTerminal
        TerminationSignals.install(typing ? [SIGTERM, SIGHUP, SIGQUIT] : [SIGINT, SIGTERM, SIGHUP, SIGQUIT])

        let pluginsConfig: PluginsConfig
        let features: [FeatureDescriptor]
        do {
            pluginsConfig = try loadConfig()
            features = BuiltinFeatures.all + (try DescribedFeatures.descriptors(in: pluginsConfig, file: config ?? "Plugins.json (built in)"))
        } catch {
            printError(String(describing: error))
            throw ExitCode(Shell.ExitStatus.configuration)
        }

        let measure: (@Sendable () -> TerminalSize?)? = width == nil && outputIsTerminal ? Self.terminalSize : nil
        var terminal = TerminalSettings(
            width: width ?? 80,
            style: color.style(outputIsTerminal: outputIsTerminal, environment: variables),
            measure: measure)
        terminal.images = images.images(outputIsTerminal: outputIsTerminal, textFormat: format == .text, environment: variables)
        // Errors and traces at a terminal are wrapped at words, to the width screens are laid out to.
        let givenWidth = width
        var errorWidth: (@Sendable () -> Int?)?
        if errorsGoToTerminal { errorWidth = { @Sendable in givenWidth ?? Self.errorTerminalWidth() } }
        let output = ShellOutput.standard(showsProgress: typing && errorsGoToTerminal, errorWidth: errorWidth)
        // A replay runs on a virtual clock from when its recording started, unless --clock says otherwise.
        var recording: TapeRecording?
        if let replay {
            do {
                recording = try TapeRecording(path: replay)
            } catch {
                printError(String(describing: error))
                throw ExitCode(Shell.ExitStatus.commandFailed)
            }
        }
        let appClock = SchedulingClock(virtualAt: clock.flatMap(SchedulingClock.time) ?? recording?.recordedAt)
        let tracer = Tracer(clock: appClock, write: { output.errorLine($0) })
        // Trace lines go to stderr: coloured by layer where it is a colour terminal, as `--color`
        // decides for the screens on stdout (never with NO_COLOR or TERM=dumb, nor in JSON).
        tracer.coloursLines = color.style(outputIsTerminal: errorsGoToTerminal, environment: variables).isEnabled
        let selection = SourceSelection(recording == nil ? source ?? pluginsConfig.source : .live)
        // A recording of embedded data would be a header alone: refused before any file is made.
        if record != nil, selection.current != .live {
            printError("--record needs live data: add --source live (the source is \(selection.current.rawValue): nothing would be recorded)")
            throw ExitCode(Shell.ExitStatus.usage)
        }
        // At a terminal the first live request is typed later: libcurl can be loaded meanwhile.
        // (A script's first request comes at once, and a short one would wait at exit for it.)
        if typing && selection.current == .live { LiveHTTPClient.prepare() }
        let dataDirectory = dataDirectory.map { URL(fileURLWithPath: $0) } ?? paths.dataDirectory
        let database = AppDatabase(directory: dataDirectory, migrations: BuiltinFeatures.all.flatMap(\.migrations))
        // However the commands ended (a failed one included): not on a signal or a crash.
        defer {
            if let replaced = database.leaving() { output.warning(replaced) }
        }
        let favourites = FavouritesStore(database: database, clock: appClock)
        // A request that takes a while says so on the status line; a script has none.
        var waiting: (@MainActor @Sendable (String) -> Void)?
        if output.showsProgress { waiting = { output.progressUnlessShown($0) } }
        let environment = AppEnvironment(
            selection: selection, tracer: tracer, favourites: favourites, dataDirectory: dataDirectory,
            terminal: terminal, clock: appClock, timeout: timeout,
            progress: { output.progress($0) }, waiting: waiting,
            variables: variables, configDirectory: paths.configDirectory, network: try networkConditions())
        let registry = FeatureRegistry(config: pluginsConfig, available: features, makeContext: environment.context(for:))
        let pager = interactive ? Pager.fromEnvironment(variables) : nil
        let shell = Shell(registry: registry, output: output, tracer: tracer, source: selection,
                          favourites: favourites, outlet: environment.outlet, terminal: terminal, format: format, pager: pager, pagerIsOn: !noPager, clock: appClock, network: environment.network,
                          tape: environment.tape, exchanges: environment.exchanges, options: .init(bail: bail, interruptible: typing, failuresSetExitStatus: !typing))
        // A pager that cannot run is said once, where it would have paged (as git does).
        if interactive && !noPager { shell.printer.pagerProblem = Pager.problem(variables) }
        shell.printer.rowLimit = rows
        if let recording {
            environment.tape.set(.replaying(recording))
            // On the recording's own clock (not one --clock set), answers move it as they came.
            environment.tape.clockFollowsReplay = clock == nil
            shell.clockWasLiveBeforeReplay = clock == nil
            if let warning = recording.damageWarning { output.warning(warning) }
        }
        if let record {
            if let mine = shell.ownFile(record) {
                printError("cannot record to \(record): it is \(mine)")
                throw ExitCode(Shell.ExitStatus.commandFailed)
            }
            do {
                environment.tape.set(.recording(try TapeRecorder(path: record, header: shell.tapeHeader())))
            } catch {
                printError(String(describing: error))
                throw ExitCode(Shell.ExitStatus.commandFailed)
            }
        }
        defer { environment.tape.set(.off) }

        shell.printer.connect(environment.display, interactive: interactive && format == .text,
                              keyWait: interactive ? { TerminalKeys.wait(seconds: $0) } : nil)
        // `step` waits for a key a command where a person types at a terminal.
        if interactive { shell.stepKeys = { TerminalKeys.key(within: $0) } }

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
                "explorer \(ExplorerCommand.version) · \(recording.map { "replay \($0.summary)" } ?? "\(selection.current.rawValue) data") · `help` lists commands, `features` what to explore, Ctrl-D quits",
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
                printError("cannot read stdin: \(String(cString: strerror(EBADF)))")
                throw ExitCode(Shell.ExitStatus.commandFailed)
            }
            status = await shell.run(lines)
            if let failure = lines.readFailure {
                printError("cannot read stdin: \(failure)")
                throw ExitCode(Shell.ExitStatus.commandFailed)
            }
        }
        shell.finish()
        if let failure = output.writeFailure {
            printError("cannot write output: \(failure)")
            throw ExitCode(Shell.ExitStatus.commandFailed)
        }
        if status != 0 { throw ExitCode(status) }
    }


    private func loadConfig() throws -> PluginsConfig {
        // The built-in configuration is checked when it is built: its tests hold it to its text
        // and to the checks a file gets.
        guard let config else { return DefaultPlugins.config }
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

    /// ``printError(_:asJSON:)`` as `--format` has it: a JSON object with `--format json`.
    func printError(_ message: String) {
        Self.printError(message, asJSON: format == .json)
    }

    /// Prints `error: message` on stderr (`{"error": message}` in JSON), on one line and with nothing a terminal would obey
    /// (the message may quote a path, a flag or a file's contents).
    static func printError(_ message: String, asJSON: Bool = false) {
        let text = asJSON ? JSONWriter.string(.object(["error": .string(message.sanitizedForTerminal)])) : "error: \(message.sanitizedForTerminal)"
        // write(2), not FileHandle: a stderr that cannot be written must not crash explorer.
        let line = Array("\(text)\n".utf8)
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// The width of the terminal stderr is, now; nil when it cannot be measured.
    @Sendable
    private static func errorTerminalWidth() -> Int? {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return max(Int(size.ws_col), TerminalSettings.minimumWidth)
    }

    /// The size of the terminal stdout is, now (it may have been resized since the last screen).
    @Sendable
    private static func terminalSize() -> TerminalSize? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return TerminalSize(width: Int(size.ws_col), height: Int(size.ws_row))
    }
}
