import ExplorerCore
import ExplorerTrace

extension SessionHistory {
    /// A point of the history a change is measured from.
    enum Point {
        /// Before the first command: no view model was used.
        case start
        case after(HistoryEntry)
        /// A command no longer kept.
        case dropped(Int)
    }

    /// The point `entry` started from: the one before it, or for `run FILE` the one before the
    /// file's first line.
    func base(of entry: HistoryEntry) -> Point {
        point(entry.startedAfter)
    }

    /// The point right after command `number` (0: the start of the session).
    func point(_ number: Int) -> Point {
        if number == 0 { return .start }
        if let entry = entry(number) { return .after(entry) }
        if let baseline, baseline.number == number { return .after(baseline) }
        return .dropped(number)
    }

    /// What changed in each view model from `from` to `to`, in the order they were first used;
    /// a view model not used at `from` is said to be first used, with its state at `to`. The
    /// states are compared now (``StateReport``), never as commands run.
    func changes(from: HistoryEntry?, to: HistoryEntry) -> [ViewModelChange] {
        to.states.compactMap { snapshot in
            guard let before = from?.states.first(where: { $0.model === snapshot.model }) else {
                return ViewModelChange(model: snapshot.model, report: nil, state: snapshot.state)
            }
            let report = StateReport(from: before.state, to: snapshot.state)
            return report.isEmpty ? nil : ViewModelChange(model: snapshot.model, report: report, state: snapshot.state)
        }
    }
}

extension SessionHistory {
    /// The entry numbered `number`, or the error that says why there is none: not run yet,
    /// running still, or dropped.
    func kept(_ number: Int) throws(CommandError) -> HistoryEntry {
        if let entry = entry(number) { return entry }
        let held = now == 0 ? "no command has run yet" : "the history holds \(firstKept == now ? "\(now)" : "\(firstKept)–\(now)")"
        if number == running.last { throw CommandError("command \(number) is this one: \(held)") }
        if isRunning(number) { throw CommandError("command \(number) is still running (a `run` reading its file): \(held)") }
        guard now > 0 else { throw CommandError("no command \(number): no command has run yet") }
        if number < firstKept {
            throw CommandError("command \(number) was dropped: the history keeps the last \(capacity) (\(firstKept)–\(now))")
        }
        throw CommandError("no command \(number): \(held)")
    }

    /// A command's number as typed (`3`, `03`); nil for anything else.
    static func number(_ word: String) -> Int? {
        guard !word.isEmpty, word.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int(word), number > 0 else { return nil }
        return number
    }

    /// The numbers kept, for Tab.
    var keptNumbers: [String] {
        entries.map { String($0.number) }
    }
}
