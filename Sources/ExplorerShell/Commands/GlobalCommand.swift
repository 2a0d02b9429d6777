import ExplorerCore
import ExplorerText

/// A command the shell answers in every feature, declared as swift-argument-parser declares
/// one: a type whose static members say once its name, how to type it, what it does and how
/// to complete it. Its initializer takes the words typed after the name and throws what it can
/// tell without the shell — a wrong number of words is the usage error made from that same
/// declaration; ``run(in:)`` carries it out (and throws what needs the shell to tell).
/// `help`, usage errors, Tab and `arch` all read the declaration (``command(in:)``), so they
/// cannot drift apart.
@MainActor
protocol GlobalCommand {
    static var name: String { get }
    /// How to type it, in full: `help <command>` and a usage error show this.
    static var usage: String { get }
    /// How `help` lists it, where the column must stay narrow; the usage unless it is too long.
    static var synopsis: String { get }
    /// One line for `help`.
    static var summary: String { get }
    /// What the line of the top-level `help` says beside the synopsis; the summary unless the
    /// line stands for more commands than this one.
    static var overviewSummary: String { get }
    /// The command whose line in the top-level `help` names this one too (`jump` is on
    /// `history`'s), so that the list fits an 80×24 terminal; nil: a line of its own.
    static var listedWith: (any GlobalCommand.Type)? { get }
    /// More for `help <command>`; may be empty.
    static var details: String { get }
    /// Whether its argument is a file name (completed from the directory, never padded).
    static var completesFileNames: Bool { get }
    /// Whether Ctrl-C is one of its ordinary ends (``Command/endsAtInterrupt``): at a terminal
    /// it then says itself how it ended, and no `error: interrupted` follows.
    static var endsAtInterrupt: Bool { get }
    /// Whether, given `arguments`, it acts on the feature in use (`back`, `raw`): in a script,
    /// after a failed `use`, such a command is not run (``StepNotTaken``).
    static func actsOnFeatureInUse(_ arguments: [String]) -> Bool
    /// Candidates for the word being typed, after the words `previous`.
    static func complete(_ previous: [String], _ partial: String, in shell: Shell) -> [String]

    /// Takes the words typed after the name; throws the usage error for what it cannot take.
    init(_ arguments: [String]) throws(CommandError)

    /// Does it; says what the shell prints (a screen of its own, the view's, or nothing).
    func run(in shell: Shell) async throws -> CommandOutput
}

extension GlobalCommand {
    static var usage: String { name }
    static var synopsis: String { usage }
    static var overviewSummary: String { summary }
    static var listedWith: (any GlobalCommand.Type)? { nil }
    static var details: String { "" }
    static var completesFileNames: Bool { false }
    static var endsAtInterrupt: Bool { false }
    static func actsOnFeatureInUse(_ arguments: [String]) -> Bool { false }

    /// A file name for a command that takes one; nothing otherwise.
    static func complete(_ previous: [String], _ partial: String, in shell: Shell) -> [String] {
        completesFileNames && previous.isEmpty ? FileNameCompletion.candidates(for: partial) : []
    }

    /// `usage: …`, from the declaration.
    static var usageError: CommandError { .usage(usage) }

    /// `usage: …   (hint)`.
    static func usageError(hint: String) -> CommandError { .usage("\(usage)   (\(hint))") }

    /// Completion for a command whose only argument is one of `words`.
    static func oneOf(_ words: [String], after previous: [String]) -> [String] { previous.isEmpty ? words : [] }

    /// The command as the shell's table holds it: parse, then run, on `shell`.
    static func command(in shell: Shell) -> Command {
        let command = Command(name, usage: usage, synopsis: synopsis, summary: summary, details: details,
                              completeWord: { [unowned shell] previous, partial in complete(previous, partial, in: shell) },
                              run: { [unowned shell] arguments in try await Self(arguments).run(in: shell) })
        return endsAtInterrupt ? command.endingAtInterrupt() : command
    }
}
