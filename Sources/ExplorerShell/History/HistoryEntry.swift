import ExplorerText

/// One command of the session as `history` keeps it: its number, the words typed, where the
/// session was right after it (the feature in use, each view model's state, how to render the
/// screen shown) and whether it failed. Nothing in it is rendered or compared when it is kept:
/// `history`, `jump` and `diff` do that when asked.
@MainActor
struct HistoryEntry {
    /// Its number, counted from 1 in the order commands were typed (a `run` before the
    /// commands of its file).
    let number: Int
    /// The command's words, as the tokenizer gave them.
    let words: [String]
    /// The entry this command started from: the last one kept before it began; 0 for the
    /// start of the session. For most commands the one before; for `run FILE` the one before
    /// the file's first command, so it says what the whole file changed.
    let startedAfter: Int
    /// How many commands were running around it (1 for a line of a file `run` reads).
    let depth: Int
    /// The feature in use right after it; nil at the top level.
    let feature: String?
    /// Why it failed, if it did.
    let failure: Error?
    /// Every view model used so far, as it was right after the command.
    let states: [ViewModelSnapshot]
    /// How to render the screen the feature in use showed right after it; nil at the top level.
    let screen: (@MainActor () -> Screen)?

    /// The command as typed: `open 5`, `search "guns n' roses"` (a word with a space quoted).
    var command: String {
        words.map { word in
            guard word.isEmpty || word.contains(where: { $0 == " " || $0 == ";" || $0 == "\t" }) else { return word }
            return word.contains("\"") ? "'\(word)'" : "\"\(word)\""
        }.joined(separator: " ")
    }

    /// The state of the view model of `featureID`, if it was used by then.
    func state(of featureID: String) -> ViewModelSnapshot? {
        states.first { $0.model.featureID == featureID }
    }
}
