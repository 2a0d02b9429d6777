import ExplorerText

/// A feature whose screen is one view model's state rendered by one view: the view model takes
/// the intents, the view shows each state it settles on.
@MainActor
public protocol ScreenFeature: Feature {
    associatedtype Model: ScreenViewModel
    associatedtype View: ScreenView
    var model: Model { get }
    var view: View { get }
}

extension ScreenFeature {
    /// Loads first, then appears: the view renders once, the state the load left.
    public func enter() async throws {
        try await model.load()
        view.appear()
    }

    public func back() async throws -> Bool {
        model.back()
    }

    public func sourceDidChange(isActive: Bool) async throws {
        guard isActive else { return model.reset() }
        try await model.refresh()
    }

    public func didLeave() {
        view.disappear()
    }
}
