/// The intents every list-and-detail view model has, so that a feature built on one gets
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

/// A feature whose screen is one view model's state rendered by one view.
@MainActor
public protocol ScreenFeature: Feature {
    associatedtype Model: ScreenViewModel
    var model: Model { get }
    /// The view's latest rendering of the model's state.
    var screen: String { get }
}

extension ScreenFeature {
    public func enter() async throws -> String {
        try await model.load()
        return screen
    }

    public func back() async throws -> String? {
        model.back() ? screen : nil
    }

    public func sourceDidChange(isActive: Bool) async throws -> String? {
        guard isActive else {
            model.reset()
            return nil
        }
        try await model.refresh()
        return screen
    }
}
