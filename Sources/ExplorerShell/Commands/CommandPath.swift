import ExplorerClock
import ExplorerCore
import ExplorerText
import ExplorerTrace

/// What one command did, recorded as it ran: the events the tracer was told (requests, state
/// emissions, renders, notes such as a timer or a fault) with their times, the intent its code
/// named, and how it ended. `arch <command>` draws it as a tree, `diagram <command>` as a
/// sequence diagram.
struct CommandPath {
    /// The command as typed.
    let line: String
    /// The feature it was typed in, if any.
    let feature: String?
    /// What the command declares it sends; nil for a global command or one that sends none.
    let declaredIntent: String?
    /// The intents the code named as they began, in order.
    let intentsRun: [String]
    /// Everything else the tracer was told, in order.
    let events: [TraceEvent]
    let total: Duration
    let isVirtual: Bool
    let result: Result<Screen?, Error>
    /// Whether a command (global or of the feature) has this name.
    let isKnown: Bool

    /// The intent the code ran, else the one declared.
    var intent: String? { intentsRun.first ?? declaredIntent }

    var failure: Error? { if case .failure(let error) = result { error } else { nil } }

    /// Runs `words` as a command, recording what it does.
    @MainActor
    static func record(_ words: [String], in shell: Shell) async -> CommandPath {
        let name = words[0]
        let command = shell.globalCommands.first { $0.name == name } ?? shell.activeCommands.first { $0.name == name }
        let feature = shell.activeID
        let stopwatch = shell.clock.stopwatch()
        shell.tracer.beginRecording()
        let result: Result<Screen?, Error>
        do {
            result = .success(try await shell.dispatch(words))
        } catch {
            result = .failure(error)
        }
        let recorded = shell.tracer.endRecording()
        let events = recorded.filter { $0.kind != .intent }
        return CommandPath(line: words.joined(separator: " "), feature: feature, declaredIntent: command?.intent,
                           intentsRun: recorded.filter { $0.kind == .intent }.map(\.text),
                           events: stopwatch.isVirtual ? inOrderOfPaths(events) : events, total: stopwatch.elapsed,
                           isVirtual: stopwatch.isVirtual, result: result, isKnown: command != nil)
    }

    /// Requests that ended at the same instant of a virtual clock (made in parallel, answered
    /// at once: a detail's linked names) in the order of their paths. Which of them the runtime
    /// ended first is chance, and on a virtual clock a script prints the same on every run.
    static func inOrderOfPaths(_ events: [TraceEvent]) -> [TraceEvent] {
        var ordered: [TraceEvent] = []
        ordered.reserveCapacity(events.count)
        var run: [TraceEvent] = []
        func endRun() {
            ordered += run.sorted { $0.text < $1.text }
            run = []
        }
        for event in events {
            if event.kind != .request || run.first.map({ $0.elapsed != event.elapsed }) ?? false { endRun() }
            if event.kind == .request { run.append(event) } else { ordered.append(event) }
        }
        endRun()
        return ordered
    }
}
