import ExplorerClock
import ExplorerCore
import ExplorerHTTP
import ExplorerStore
import ExplorerText
import ExplorerTrace
import Foundation
import Reactive

/// The read–dispatch–print loop: reads a line, runs its commands (global ones here, the rest on
/// the active feature), prints what they return, and keeps count of failures for the exit status.
///
/// Each command finishes — network included — before the next line is read. An error prints one
/// line, `error: …` (`error: line N: …` in scripts), and changes nothing else: the active
/// feature, its screen and the favourites stay as they were.
@MainActor
public final class Shell {
    public struct Options: Sendable {
        /// Stop at the first failing command (`--bail`).
        public var bail = false
        /// Run each command in a task of its own so that Ctrl-C can cancel it (at a terminal).
        /// Scripts leave this off: there Ctrl-C ends the run, and the task hop costs time.
        public var interruptible = true
        /// Whether a failed command makes the exit status 1, as in a script. A person typing at a
        /// terminal sees each error as it happens, so a session ends with 0, as sqlite3's does.
        public var failuresSetExitStatus = true

        public init(bail: Bool = false, interruptible: Bool = true, failuresSetExitStatus: Bool = true) {
            self.bail = bail
            self.interruptible = interruptible
            self.failuresSetExitStatus = failuresSetExitStatus
        }
    }

    /// explorer's version, as `--version` and a recording's header say it.
    public nonisolated static let version = "0.1.0"

    public let registry: FeatureRegistry
    public let output: ShellOutput
    public let tracer: Tracer
    public let source: SourceSelection
    public let favourites: FavouritesStore
    public let terminal: TerminalSettings
    public let printer: ScreenPrinter
    /// Where the view of the feature in use shows its screens: after a command that answers
    /// with the view, the shell prints the last one shown.
    public let outlet: ScreenOutlet
    public let interrupter = CommandInterrupter()
    public let options: Options

    /// The pager long screens go through at a terminal, whether or not `pager` has it on.
    let availablePager: Pager?

    /// The time, and the timers features schedule (run before each command: see ``SchedulingClock``).
    public let clock: SchedulingClock

    /// The latency and faults `net` injects (shared with every feature's client stack).
    public let network: NetworkConditions
    /// Whether live answers are recorded or replayed (shared with every feature's client stack).
    public let tape: SessionTape
    /// Set while a replay runs on a clock that was live before it: leaving the replay frees it again.
    public var clockWasLiveBeforeReplay = false
    /// Each feature's last requests and their answers (shared with every client stack), for `raw`.
    public let exchanges: ExchangeLog

    /// The feature in use, if any.
    public internal(set) var activeID: String?
    /// The `follow`s taken, the last on top: `back` on the detail one opened returns from it.
    var followSteps: [FollowStep] = []
    /// The page of every feature's favourites `favs all` showed last: `favs all next` moves from it.
    var allFavouritesPage = 1
    /// In a script, the step (`use`, `open`) that failed last, while the lines after it would
    /// act where it would have led (``StepNotTaken``): they are held back.
    var stepNotTaken: StepNotTaken?
    /// The feature a `use` that failed asked for, until another command succeeds: `raw` shows
    /// its answers (why it did not load), wherever the session still is.
    var failedUse: String?
    /// Each command run, with where the session was right after it, for `history`, `jump` and `diff`.
    let history = SessionHistory()
    /// The commands run so far from a source that counts them (`-c`).
    private var countedCommands = 0
    /// How many commands failed so far.
    public private(set) var failureCount = 0
    var wantsToQuit = false
    /// Set when `--bail` stops everything at a failure: nothing more runs, from any source.
    var bailed = false
    /// The script files `run` is reading now, outermost first.
    var scripts = ScriptStack()
    /// The file `step` is stepping through, while it does: a step cannot start another.
    var steppingThrough: String?
    /// Reads one key press at the terminal for `step`: its bytes, or none when no key came
    /// within the seconds given. Nil when no one types at a terminal: `step` then runs each
    /// command as it shows it.
    public var stepKeys: ((Double) -> [UInt8])?
    /// The global commands, made once rather than at every command.
    lazy var globalCommands: [Command] = Self.globalCommandTypes.map { $0.command(in: self) }
    /// Each feature's commands, made once: they capture the feature's view model and view,
    /// which a feature keeps for its lifetime.
    private var featureCommands: [ObjectIdentifier: [Command]] = [:]

    public init(
        registry: FeatureRegistry,
        output: ShellOutput,
        tracer: Tracer,
        source: SourceSelection,
        favourites: FavouritesStore,
        outlet: ScreenOutlet,
        terminal: TerminalSettings = TerminalSettings(),
        format: OutputFormat = .text,
        pager: Pager? = nil,
        pagerIsOn: Bool = true,
        clock: SchedulingClock = SchedulingClock(),
        network: NetworkConditions = NetworkConditions(),
        tape: SessionTape = SessionTape(),
        exchanges: ExchangeLog = ExchangeLog(),
        options: Options = Options()
    ) {
        self.network = network
        self.tape = tape
        self.exchanges = exchanges
        self.clock = clock
        self.terminal = terminal
        self.registry = registry
        self.output = output
        self.tracer = tracer
        self.source = source
        self.favourites = favourites
        self.outlet = outlet
        self.printer = ScreenPrinter(output: output, terminal: terminal, format: format, pager: pagerIsOn ? pager : nil)
        tracer.writesStateAsJSON = format == .json
        output.diagnosticsAsJSON = format == .json
        self.availablePager = pager
        self.options = options
        output.allowsProgress = format == .text
    }

    /// How screens are printed now (`--format`, `format json`).
    public var format: OutputFormat {
        get { printer.format }
        set {
            printer.format = newValue
            output.allowsProgress = newValue == .text
            tracer.writesStateAsJSON = newValue == .json
            output.diagnosticsAsJSON = newValue == .json
        }
    }

    /// Exit statuses, as sqlite3 and friends use them.
    public enum ExitStatus {
        public static let success: Int32 = 0
        public static let commandFailed: Int32 = 1
        public static let usage: Int32 = 64
        public static let configuration: Int32 = 78
        public static let interrupted: Int32 = 130
    }

    /// Runs every line of `source` (until it ends, `quit`, or with `--bail` a failure) and
    /// returns the exit status: 0 when every command succeeded (or failures do not count, at a
    /// terminal), 1 otherwise.
    public func run(_ lines: LineSource) async -> Int32 {
        while !isStopped, let input = lines.nextLine(prompt: prompt) {
            let succeeded: Bool
            switch input {
            case .interrupted:
                continue
            case .unusable(let reason, let number):
                report(CommandError(reason), at: location(of: number, in: lines.positions))
                succeeded = false
            case .line(let text, let number):
                succeeded = await execute(text, at: location(of: number, in: lines.positions), countsCommands: lines.positions == .commands)
            }
            if !succeeded && options.bail { bailed = true }
        }
        return exitStatus
    }

    /// 0 when every command succeeded (or failures do not count, at a terminal), 1 otherwise.
    var exitStatus: Int32 {
        failureCount > 0 && options.failuresSetExitStatus ? ExitStatus.commandFailed : ExitStatus.success
    }

    /// Whether nothing more is to run: `quit`, or `--bail` after a failure.
    /// Output that cannot be written stops everything too: the rest would be lost.
    var isStopped: Bool { wantsToQuit || bailed || output.writeFailure != nil }

    /// Where line `number` of a source is, for its errors: nothing at a terminal; for a line that
    /// cannot be used among counted commands, the number the next command would have.
    private func location(of number: Int, in positions: LinePositions) -> CommandLocation? {
        switch positions {
        case .unnumbered: return nil
        case .lines: return .line(number)
        case .commands: return .argument(countedCommands + 1)
        }
    }

    /// Runs one line, which may hold several commands separated by `;`, as separate lines
    /// would run: a failure is reported and the next command runs, unless `--bail` stops
    /// everything there. Ctrl-C stops the rest of the line too. Returns whether all succeeded.
    @discardableResult
    public func execute(_ text: String, line: Int? = nil) async -> Bool {
        await execute(text, at: line.map(CommandLocation.line))
    }

    /// Runs one line as ``execute(_:line:)`` does, its errors reported at `location` (`line 3`,
    /// `demo.txt:3`). A line of a script that `run` reads is `inScript`: its commands run in
    /// the task of that `run` (so Ctrl-C, which cancels it, stops the script), and a command
    /// cut short that way is not reported (the `run` is, once).
    ///
    /// With `countsCommands` (`-c`), each command is located on its own, counted across every
    /// line of the source: `-c:2`.
    func execute(_ text: String, at lineLocation: CommandLocation?, inScript: Bool = false, countsCommands: Bool = false) async -> Bool {
        let commands: [[String]]
        do {
            commands = try CommandTokenizer.commands(in: text)
        } catch {
            // A line that cannot be split into commands is one command that failed.
            if countsCommands { countedCommands += 1 }
            report(error, at: countsCommands ? .argument(countedCommands) : lineLocation)
            keepInHistory(history.begin(), words: text.split(separator: " ").map(String.init), failure: error)
            return false
        }
        var succeeded = true
        for words in commands {
            var location = lineLocation
            if countsCommands {
                countedCommands += 1
                location = .argument(countedCommands)
            }
            // `trace state` names the command each change came after (a `run`'s lines their own).
            let outer = tracer.command
            tracer.command = words.joined(separator: " ")
            defer { tracer.command = outer }
            let place = (activeID, activeFeature?.location)
            // Every command is kept in the history as it ends, whether it succeeded or not.
            // After `jump N` a command acts on the session as it is now; said once it succeeded
            // (a failed one changes nothing: the jump stays on show).
            let jumpLeft = leaveJump(before: words)
            let begun = history.begin()
            var failure: Error?
            defer { keepInHistory(begun, words: words, failure: failure) }
            do {
                // Lines written ahead (a script) for where a failed step would have led.
                if let step = stepNotTaken, holdsBack(words, after: step) {
                    if step.kind == .level { stepNotTaken = nil }
                    throw step.refusal(of: words)
                }
                if inScript {
                    try await runDirectly(words)
                } else {
                    try await runInterruptibly(words)
                }
                // A `use`, or for a failed `open` another `open`, `follow` or any command that went
                // somewhere (`favs`), overtakes a failed step: the lines after it are written for
                // where it went.
                if selectedFeature(words) != nil || (stepNotTaken?.kind == .level
                    && (words.first == "open" || words.first == FollowCommand.name || (activeID, activeFeature?.location) != place)) {
                    stepNotTaken = nil
                }
                if words.first != RawCommand.name { failedUse = nil }
                if jumpLeft != nil { await sayBackAtNow() }
            } catch {
                failure = error
                if let jumpLeft { history.jumpedTo = jumpLeft }
                let interrupted = Self.isInterruption(error)
                if inScript && Task.isCancelled { return false }
                report(droppingOnce(error), at: location)
                succeeded = false
                let selected = selectedFeature(words)
                if let selected { failedUse = selected }
                // Only lines written ahead are held back: at a terminal the error is read first.
                if let location, stepNotTaken?.featureID == nil || selected != nil,
                   let step = StepNotTaken.after(failing: words, selecting: selected, location: location, stillIn: activeID) {
                    stepNotTaken = step
                }
                if options.bail || interrupted { break }
            }
            if wantsToQuit || output.writeFailure != nil { break }
        }
        return succeeded
    }

    /// `once FILE` was for this command's screen: a failed command ends it, and its error says
    /// so (the file is as it was).
    private func droppingOnce(_ error: Error) -> Error {
        guard let file = printer.onceFile else { return error }
        printer.onceFile = nil
        if error is ScriptFailure { return error }
        return CommandError("\(Self.message(for: error)) (once \(file.name.sanitizedForTerminal) dropped: the file is as it was)")
    }

    /// The session ends: a `once` still waiting for its screen is said, since its file was
    /// never written; trace stops.
    public func finish() {
        // What the end of the session releases (each feature's subscriptions) is no cancel
        // anyone made: trace says nothing of it.
        tracer.isEnabled = false
        guard let file = printer.onceFile else { return }
        printer.onceFile = nil
        output.warning("once \(file.name): no screen came to write; the file is as it was")
    }

    /// Whether `words` would act on the feature or level a failed step did not reach: any
    /// command of a feature, or a global one that acts on the feature in use, after a failed
    /// `use`; `back` after a failed `open` or `follow`.
    private func holdsBack(_ words: [String], after step: StepNotTaken) -> Bool {
        guard let name = words.first else { return false }
        switch step.kind {
        case .level:
            return name == BackCommand.name
        case .feature:
            if words.first == UseCommand.name || selectedFeature(words) != nil { return false }
            if let type = Self.globalCommandTypes.first(where: { $0.name == name }) {
                if type == ArchCommand.self, words.count > 1 { return holdsBack(Array(words.dropFirst()), after: step) }
                if type == DiagramCommand.self, let command = try? DiagramCommand(Array(words.dropFirst())) {
                    return holdsBack(command.command, after: step)
                }
                return type.actsOnFeatureInUse(Array(words.dropFirst()))
            }
            if QuitCommand.aliases.contains(name) || name == "?" { return false }
            // A command of some feature; a word of none is an unknown command, said as such.
            return activeCommands.contains { $0.name == name } || !registry.features(offering: name).isEmpty
        }
    }

    /// The feature `use ID`, or a feature's id alone, selects; nil for any other command.
    private func selectedFeature(_ words: [String]) -> String? {
        if words.count == 2, words[0] == UseCommand.name { return words[1] }
        if words.count == 1, registry.entry(words[0]) != nil { return words[0] }
        return nil
    }

    private func runDirectly(_ words: [String]) async throws {
        let screen = withStoreWarnings(try await dispatch(words))
        output.clearProgress()
        if let screen { try await printer.print(screen) }
    }

    /// `screen` with a warning for favourites the command found unreadable (each reported once
    /// a run, on the screen that first met them); with no screen, the warning alone.
    private func withStoreWarnings(_ screen: Screen?) -> Screen? {
        guard let problem = favourites.unreportedProblem() else { return screen }
        guard var screen else {
            output.warning(problem)
            return nil
        }
        screen.warnings.append(problem)
        return screen
    }

    private func runInterruptibly(_ words: [String]) async throws {
        guard options.interruptible else {
            try await runDirectly(words)
            return
        }
        var outcome: Result<Screen?, Error> = .success(nil)
        let task = Task { @MainActor in
            do {
                outcome = .success(try await self.dispatch(words))
            } catch {
                outcome = .failure(error)
            }
        }
        interrupter.begin(task)
        await task.value
        interrupter.end()
        output.clearProgress()
        if task.isCancelled {
            activeFeature?.didInterrupt()
            // Ctrl-C is how `watch` (or a playing preview) ends: nothing went wrong.
            if let name = words.first, (globalCommands + activeCommands).first(where: { $0.name == name })?.endsAtInterrupt == true {
                return
            }
            throw CommandError("interrupted")
        }
        if let screen = withStoreWarnings(try outcome.get()) {
            try await printer.print(screen)
        }
    }

    /// Prints `error: LOCATION: message` and counts the failure; failures inside a script
    /// (``ScriptFailure``) were reported and counted as they happened.
    func report(_ error: Error, at location: CommandLocation?) {
        if error is ScriptFailure { return }
        failureCount += 1
        output.error(Self.message(for: error), at: location.map { ($0.description, $0.json) })
    }

    static func isInterruption(_ error: Error) -> Bool {
        error is CancellationError || (error as? CommandError) == CommandError("interrupted")
            || (error as? HTTPError)?.kind == .cancelled
    }

    static func message(for error: Error) -> String {
        switch error {
        case is CancellationError: return "interrupted"
        case let error as CustomStringConvertible: return error.description
        default: return String(describing: error)
        }
    }

    // MARK: Dispatch

    var activeFeature: (any Feature)? {
        activeID.flatMap { registry.feature($0) }
    }

    /// The commands of the feature in use; none when no feature is.
    var activeCommands: [Command] {
        activeFeature.map(commands(of:)) ?? []
    }

    func commands(of feature: any Feature) -> [Command] {
        let key = ObjectIdentifier(feature)
        if let commands = featureCommands[key] { return commands }
        let commands = feature.commands
        featureCommands[key] = commands
        return commands
    }

    /// Runs a command and returns what to print: its reply, or the screen the view showed for
    /// the state it left.
    func dispatch(_ words: [String]) async throws -> Screen? {
        guard let name = words.first else { return nil }
        // What the timers had to do while no command ran (a poll, a re-sort) is done first,
        // so the command shows it; nothing ever runs while a line is being typed.
        await clock.runDueTimers()
        outlet.discard()
        defer {
            forgetFollowsMovedOnFrom()
            // A screen kept up to date in place (`watch`) is done with when its command is.
            printer.endInPlace()
        }
        switch try await run(name, Array(words.dropFirst())) {
        case .view: return outlet.take()
        case .reply(let screen): return screen
        case .nothing: return nil
        }
    }

    private func run(_ name: String, _ arguments: [String]) async throws -> CommandOutput {
        if let global = Self.command(name, in: globalCommands) ?? aliasedGlobal(name) {
            return try await global.run(arguments)
        }
        if let command = Self.command(name, in: activeCommands) {
            return try await command.run(arguments)
        }
        if registry.entry(name) != nil {
            guard arguments.isEmpty else { throw CommandError.usage(name) }
            try await use(name)
            return .view
        }
        throw unknownCommand(name, arguments)
    }

    /// The commands available everywhere, in the order `help` lists them: each a type that
    /// declares itself (``GlobalCommand``).
    static let globalCommandTypes: [any GlobalCommand.Type] = [
        HelpCommand.self, FeaturesCommand.self, UseCommand.self, BackCommand.self, FollowCommand.self, FavsCommand.self, SourceCommand.self,
        FormatCommand.self, OnceCommand.self, OutputCommand.self, TraceCommand.self, SubscriptionsCommand.self, PagerCommand.self, HeadCommand.self,
        ArchCommand.self, DiagramCommand.self, NetCommand.self, ClockCommand.self, RawCommand.self, RecordCommand.self, HistoryCommand.self,
        JumpCommand.self, DiffCommand.self, RunCommand.self, StepCommand.self, QuitCommand.self,
    ]

    /// The command of `commands` named `name`, each name read where the command is kept.
    private static func command(_ name: String, in commands: [Command]) -> Command? {
        commands.indices.first { commands[$0].name == name }.map { commands[$0] }
    }

    private func aliasedGlobal(_ name: String) -> Command? {
        if QuitCommand.aliases.contains(name) { return globalCommands.first { $0.name == QuitCommand.name } }
        if name == "?" { return globalCommands.first { $0.name == HelpCommand.name } }
        return nil
    }

    private func unknownCommand(_ name: String, _ arguments: [String]) -> CommandError {
        let candidates = commandNames + registry.ids
        let owners = registry.features(offering: name)
        if owners.isEmpty, let hint = ForeignCommand.hint(name, arguments) {
            return CommandError("unknown command '\(name.sanitizedForTerminal.truncated(toWidth: 40))'\(hint)")
        }
        if let activeID, !owners.isEmpty {
            // A command of other features, typed in this one: say where it works.
            return CommandError("'\(name.sanitizedForTerminal)' is not a command of \(activeID): it works in \(owners.joined(separator: ", ")) (`use \(owners[0])` first)")
        }
        if !owners.isEmpty {
            return CommandError("'\(name.sanitizedForTerminal)' needs a feature in use: `use \(owners[0])` first (it works in \(owners.joined(separator: ", ")))")
        }
        if let direction = Self.pageDirections[name.lowercased()] {
            // `next`, `n`, `prev`: the argument of `page`, typed alone.
            if activeCommands.contains(where: { $0.name == "page" }) {
                return .unknownCommand(name, suggestion: "page \(direction)")
            }
            return CommandError("unknown command '\(name.sanitizedForTerminal)': `page \(direction)` turns the page of a list (`use <id>` first)")
        }
        if let suggestion = name.nearest(in: candidates) {
            return .unknownCommand(name, suggestion: suggestion)
        }
        // At the top level, a word near a feature's command: no feature is in use.
        if activeID == nil, name.count > 1, name.nearest(in: registry.ids.flatMap { id in registry.feature(id)?.commands.map(\.name) ?? [] }) != nil {
            return CommandError("unknown command '\(name.sanitizedForTerminal.truncated(toWidth: 40))': no feature is in use (`use <id>` first; `features` lists them)")
        }
        return .unknownCommand(name, suggestion: nil)
    }

    /// `next`, `prev` and their short forms, typed for `page next`, `page prev`.
    private static let pageDirections = ["next": "next", "n": "next", "prev": "prev", "previous": "prev", "p": "prev"]

    /// Names of the commands available now: global ones and the active feature's.
    var commandNames: [String] {
        globalCommands.map(\.name) + ["exit"] + activeCommands.map(\.name)
    }

    // MARK: Prompt

    /// `explorer› `, `starships› `, `starships › Millennium Falcon› `: shortened to leave at
    /// least half the width to type in (see ``prompt(path:width:)``).
    public var prompt: String {
        // After `jump N`, what is on show is command N's: `[at 3] starships› `.
        if let at = history.jumpedTo { return "[at \(at)] " + placePrompt }
        return placePrompt
    }

    /// The prompt for where the session is.
    private var placePrompt: String {
        guard let activeID else { return "explorer› " }
        let path = [activeID] + (activeFeature?.location ?? []).map { $0.sanitizedForTerminal.truncated(toWidth: 40) }
        return Self.prompt(path: path, width: terminal.currentWidth)
    }

    /// `quit`, `exit` and `q`: the loop ends after this line.
    func quit() {
        wantsToQuit = true
    }
}
