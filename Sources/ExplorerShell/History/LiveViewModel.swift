import ExplorerCore
import Reactive

/// A feature's view model as `history` keeps it: which feature, how traces name its state
/// (`StarshipsViewModel.state`), and how to read the state as it is now — a value, so what is
/// read is kept as it was whatever the view model does next.
@MainActor
final class LiveViewModel {
    let featureID: String
    let label: String
    let read: @MainActor () -> Any
    /// How many states the view model has published (``Observable/assignments``): while it
    /// stays the same, the state last read is the state now.
    let published: @MainActor () -> Int

    init(featureID: String, label: String, read: @escaping @MainActor () -> Any, published: @escaping @MainActor () -> Int) {
        self.featureID = featureID
        self.label = label
        self.read = read
        self.published = published
    }

    /// The view model whose state is `state`, labelled as its traces label it.
    convenience init<State>(featureID: String, state: Observable<State>) {
        self.init(featureID: featureID, label: state.traceLabel ?? "\(State.self)", read: { state.value }, published: { state.assignments })
    }

    /// The view model of `feature`, when its screen is one view model's state; nil otherwise.
    static func of(_ feature: any Feature, id: String) -> LiveViewModel? {
        guard let feature = feature as? any ScreenFeature else { return nil }
        return of(screenFeature: feature, id: id)
    }

    private static func of<F: ScreenFeature>(screenFeature feature: F, id: String) -> LiveViewModel? {
        guard let model = feature.model as? any StatefulViewModel else { return nil }
        return of(model: model, id: id)
    }

    private static func of<M: StatefulViewModel>(model: M, id: String) -> LiveViewModel {
        LiveViewModel(featureID: id, state: model.state)
    }
}
