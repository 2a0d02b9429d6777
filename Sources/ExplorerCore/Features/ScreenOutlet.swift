import ExplorerText

/// Where the view of the feature in use shows what it renders. Views push screens here as
/// their view model's state changes; after a command the shell prints the last screen shown
/// while it ran (``take()``), so a command never reads a screen back from a view.
@MainActor
public final class ScreenOutlet {
    /// The last screen shown; what a test of a view reads.
    public private(set) var latest: Screen?
    /// Whether ``latest`` was shown since the shell last took it.
    private var isNew = false

    public init() {}

    /// Called by a view on screen with each screen it renders.
    public func show(_ screen: Screen) {
        latest = screen
        isNew = true
    }

    /// The screen shown since the last call, if any; the shell calls it once a command has run.
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
