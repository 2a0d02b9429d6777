import ExplorerText

/// A feature whose screen is one view model's state turned into a ``Screen`` by one view.
@MainActor
public protocol ScreenFeature: Feature {
    associatedtype Model: ScreenViewModel
    var model: Model { get }
    /// The view's latest screen of the model's state.
    var screen: Screen { get }
}

extension ScreenFeature {
    public func enter() async throws -> Screen {
        try await model.load()
        return screen
    }

    public func back() async throws -> Screen? {
        model.back() ? screen : nil
    }

    public func sourceDidChange(isActive: Bool) async throws -> Screen? {
        guard isActive else {
            model.reset()
            return nil
        }
        try await model.refresh()
        return screen
    }
}
