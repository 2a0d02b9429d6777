import ExplorerText

/// What the shell prints when a command has run: the one-way end of a command's path.
///
/// A feature's command sends an intent to its view model and answers ``view``: the state
/// changed, the view showed it on the ``ScreenOutlet``, and the shell prints (and only then
/// renders) what the view showed last. Nothing reads a screen back from the view.
public enum CommandOutput {
    /// The screen the feature's view showed for the state the command left (`open 3`, `page next`).
    case view
    /// A screen of the command's own, not the view's (`fav 3` saying what it marked, `help`).
    case reply(Screen)
    /// Nothing: the command said what it had to as it went (`watch`, `quit`).
    case nothing
}

extension CommandOutput {
    /// A reply when there is a screen, else nothing.
    public init(_ screen: Screen?) {
        self = screen.map(CommandOutput.reply) ?? .nothing
    }
}
