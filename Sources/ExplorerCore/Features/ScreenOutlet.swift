import ExplorerText

/// Where the view of the feature in use shows what it renders. Views hand a screen here as
/// their view model's state changes — as a way to render it, not rendered: after a command the
/// shell takes the last one (``take()``) and only then is it rendered, so a state that the next
/// change replaces before anything is printed (each `fav N`'s list, a timer's tick) costs
/// nothing, and `trace` says `rendered` only for what is printed. A command never reads a
/// screen back from a view.
@MainActor
public final class ScreenOutlet {
    /// How to render the last screen shown, until it is rendered.
    private var pending: (@MainActor () -> Screen)?
    private var rendered: Screen?
    /// Whether a screen was shown since the shell last took it.
    private var isNew = false
    /// How to render the last screen shown, kept after it is rendered (see ``lastShown``).
    private var lastRender: (@MainActor () -> Screen)?

    public init() {}

    /// Called by a view on screen with each screen it would show: `render` runs when the screen
    /// is taken (or read as ``latest``), at most once, and not at all if another comes first.
    public func show(_ render: @escaping @MainActor () -> Screen) {
        pending = render
        lastRender = render
        isNew = true
    }

    /// Shows a screen already rendered.
    public func show(_ screen: Screen) {
        show { screen }
    }

    /// The last screen shown, rendered if it was not yet; what a test of a view reads.
    public var latest: Screen? {
        if let render = pending {
            pending = nil
            rendered = render()
        }
        return rendered
    }

    /// How to render the last screen shown, whether or not it was rendered: `history` keeps it
    /// after each command (holding it renders nothing) and `jump` renders it again, as the
    /// screen was then.
    public var lastShown: (@MainActor () -> Screen)? { lastRender }

    /// The screen shown since the last call, if any, rendered now; the shell calls it once a
    /// command has run.
    public func take() -> Screen? {
        guard isNew else { return nil }
        isNew = false
        return latest
    }

    /// Forgets what was shown before a command started (a timer's poll re-rendering the list),
    /// so that only what the command itself made the view show is printed.
    public func discard() {
        isNew = false
    }
}
