import ExplorerText

/// One explorable app: starships, characters, iTunes search, …
///
/// A feature owns its view model and view; the shell talks to it only through this protocol.
/// Every method runs on the main actor and finishes its effect (network included) before the
/// shell reads the next line, so scripts are deterministic. What a feature shows, its view
/// shows on the ``ScreenOutlet`` (``FeatureContext/outlet``): the shell decides how to print it.
@MainActor
public protocol Feature: AnyObject {
    /// The commands this feature adds while it is in use (`open`, `fav`, `page`, …).
    var commands: [Command] { get }

    /// Where the user is inside the feature, for the prompt: `["Millennium Falcon"]` on a detail.
    var location: [String] { get }

    /// `use <id>`: loads what the first screen needs if nothing is loaded yet, and puts its
    /// view on screen, which shows the state as it is now.
    func enter() async throws

    /// `back`: one level up (the view shows it); false when already at the top (the shell
    /// then leaves the feature).
    func back() async throws -> Bool

    /// The data source changed: forget what was loaded. When `isActive`, reload now (keeping
    /// the previous state if that fails); the view shows the new state.
    func sourceDidChange(isActive: Bool) async throws

    /// The user left the feature (`use` another, or `back` to the top): its view leaves the
    /// screen, and what it does in the background (prefetching, timers) stops. What it loaded
    /// stays for when they come back.
    func didLeave()

    /// Ctrl-C stopped a command of the feature: stop what it does in the background too.
    func didInterrupt()
}

extension Feature {
    public func didLeave() {}
    public func didInterrupt() {}
}
