import ExplorerCore

extension Shell {
    /// The commands that look at the history: after `jump N` they leave the session where it
    /// jumped to, any other command returns it to now first.
    static let historyCommandNames: Set<String> = [HistoryCommand.name, JumpCommand.name, DiffCommand.name]

    /// Keeps a command that ended in the history: the feature in use, how its view would render
    /// the screen on show, and every view model's state — nothing rendered or compared, so it
    /// costs a command the same whatever the data.
    func keepInHistory(_ begun: SessionHistory.Begun, words: [String], failure: Error?) {
        if let activeID { history.track(activeID, feature: registry.feature(activeID)) }
        history.keep(begun, words: words, feature: activeID, failure: failure, screen: activeID == nil ? nil : outlet.lastShown)
    }

    /// After `jump N`, any command but `history`, `jump` and `diff` returns to now: the jump
    /// it left, if it left one.
    func leaveJump(before words: [String]) -> Int? {
        guard let jumped = history.jumpedTo, let name = words.first, !Self.historyCommandNames.contains(name) else { return nil }
        history.jumpedTo = nil
        return jumped
    }

    /// `back at now (7)`, after the command that left a jump.
    func sayBackAtNow() async {
        try? await printer.print(JumpCommand.backAtNow(history.now, feature: activeID))
    }
}
