import ExplorerCore
import ExplorerText

/// In a script, a step that failed: `use characters` that did not load, `open 5` that opened
/// nothing. The lines after it were written for where it would have led, so the commands that
/// would act there are not run (each one error line) rather than act on the place the script
/// is still in: after a failed `use`, every command of a feature (and `back`, `follow`, `favs`,
/// `arch <command>`) until a `use` succeeds; after a failed `open` or `follow`, the `back` that
/// would have returned from it, unless a command went somewhere meanwhile. At a terminal nothing
/// is held back: the error says where you still are, and the prompt shows it, before the next
/// line is typed.
struct StepNotTaken: Equatable {
    enum Kind: Equatable {
        /// `use ID` failed: the feature the script meant is not in use.
        case feature(String)
        /// `open`, `follow` failed: the level the script meant is not on show.
        case level
    }

    let kind: Kind

    /// The feature a failed `use` was for (`raw` shows its answers); nil for a level.
    var featureID: String? {
        if case .feature(let id) = kind { return id }
        return nil
    }
    /// The command as typed (`use characters`).
    let command: String
    /// Where it failed (`line 3`, `demo.txt:3`, `-c:2`).
    let location: CommandLocation
    /// The feature still in use then, if any.
    let stillIn: String?

    /// The step a failed command did not take, if it was one: `selecting` is the feature a
    /// `use` (or a feature's id alone) asked for.
    static func after(failing words: [String], selecting feature: String?, location: CommandLocation, stillIn: String?) -> StepNotTaken? {
        guard let name = words.first else { return nil }
        let command = words.joined(separator: " ")
        if let feature {
            return StepNotTaken(kind: .feature(feature), command: command, location: location, stillIn: stillIn)
        }
        if name == "open" || name == "follow", stillIn != nil {
            return StepNotTaken(kind: .level, command: command, location: location, stillIn: stillIn)
        }
        return nil
    }

    /// The error for a command held back: `not run: `use characters` failed (line 3); still in
    /// starships`.
    func refusal(of words: [String]) -> CommandError {
        let place: String
        switch kind {
        case .feature(let id):
            place = stillIn.map { "still in \($0), not \(id.sanitizedForTerminal)" } ?? "no feature is in use"
        case .level:
            place = "no step to go back from"
        }
        return CommandError("\(words.joined(separator: " ").sanitizedForTerminal.truncated(toWidth: 40)) not run: `\(command.sanitizedForTerminal.truncated(toWidth: 40))` failed (\(location)); \(place)")
    }
}
