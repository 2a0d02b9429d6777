/// The intents every screen-backed view model has, so that a feature built on one gets
/// `enter`, `back` and `sourceDidChange` from ``ScreenFeature`` instead of writing them again.
@MainActor
public protocol ScreenViewModel: AnyObject {
    /// Loads what the first screen needs, if nothing is loaded yet.
    func load() async throws
    /// Detail → list; false when already on the list.
    func back() -> Bool
    /// Loads again, keeping the last good state on failure.
    func refresh() async throws
    /// Forgets everything loaded (the data source changed).
    func reset()
}
