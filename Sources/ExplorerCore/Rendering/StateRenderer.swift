import ExplorerClock
import ExplorerText
import ExplorerTrace
import Reactive

/// The subscription half of every feature view: it subscribes to a view model's state, and on
/// every distinct settled state turns it into a ``Screen`` and reports `trace: <name> rendered`.
/// The shell shows ``screen`` once a command has settled.
@MainActor
public final class StateRenderer<State: Equatable> {
    public private(set) var screen: Screen
    private var subscription: AnyCancellable?

    /// - Parameters:
    ///   - name: the view's name in traces (`StarshipsView`).
    ///   - feature: the feature the screens belong to.
    ///   - isSettled: states that are not rendered (such as "loading") return false.
    public init(
        name: String,
        feature: String,
        state: Observable<State>,
        isSettled: @escaping @MainActor (State) -> Bool = { _ in true },
        tracer: Tracer?,
        render: @escaping @MainActor (State) -> Screen
    ) {
        screen = Screen(feature: feature, kind: "empty")
        subscription = state
            .filter(isSettled)
            .removeDuplicates()
            .sink { [weak self] state in
                self?.screen = render(state)
                tracer?.rendered(name)
            }
    }
}

extension StateRenderer where State: ListDetailState {
    /// The renderer of a list-and-detail view: while the state is loading nothing is rendered;
    /// then the detail when one is on show, the favourites on `favs`, else the list, with a
    /// warning when favourites cannot be read.
    public convenience init(
        name: String,
        feature: String,
        state: Observable<State>,
        tracer: Tracer?,
        list: @escaping @MainActor (State) -> Screen,
        detail: @escaping @MainActor (ListRow<State.Item>, State) -> Screen
    ) {
        self.init(name: name, feature: feature, state: state, isSettled: { !$0.isLoading }, tracer: tracer) { state in
            var screen = state.detail.map { detail($0, state) }
                ?? (state.screen == .favourites ? .favourites(state.favourites, feature: feature) : list(state))
            screen.warnFavouritesUnavailable(state.favouritesProblem)
            return screen
        }
    }
}
