import ExplorerClock
import ExplorerText
import ExplorerTrace
import Reactive

/// The subscription half of every feature view. While on screen (``appear()``) it subscribes to
/// a view model's state, and each settled state it receives it shows on the ``ScreenOutlet`` —
/// the state as it is at once, then every state an intent settles on, even one equal to the
/// last (`open 3` twice shows row 3 twice) — to be turned into a ``Screen`` (and reported as
/// `trace: <name> rendered`) when the shell prints it. Off screen it shows nothing.
@MainActor
public final class StateRenderer<State>: ScreenView {
    private let name: String
    private let state: Observable<State>
    private let isSettled: @MainActor (State) -> Bool
    private let outlet: ScreenOutlet
    private let tracer: Tracer?
    private let render: @MainActor (State) -> Screen
    private var subscription: AnyCancellable?

    /// - Parameters:
    ///   - name: the view's name in traces (`StarshipsView`).
    ///   - isSettled: states that are not rendered (such as "loading") return false.
    ///   - outlet: where the screens go.
    public init(
        name: String,
        state: Observable<State>,
        isSettled: @escaping @MainActor (State) -> Bool = { _ in true },
        outlet: ScreenOutlet,
        tracer: Tracer?,
        render: @escaping @MainActor (State) -> Screen
    ) {
        self.name = name
        self.state = state
        self.isSettled = isSettled
        self.outlet = outlet
        self.tracer = tracer
        self.render = render
    }

    /// Subscribes (again, if it was on screen already: the old subscription ends first), labelled
    /// for `subscriptions` and `trace`: kept by the view (`RacesView`), its chain the state's,
    /// then `StateRenderer`.
    public func appear() {
        subscription?.cancel()
        subscription = state.sink(owner: name, label: "StateRenderer") { [unowned self] state in
            guard isSettled(state) else { return }
            // Rendered when the screen is printed, not here: the next state may replace it first.
            outlet.show { [render, tracer, name] in
                let screen = render(state)
                tracer?.rendered(name)
                return screen
            }
        }
    }

    public func disappear() {
        subscription?.cancel()
        subscription = nil
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
        outlet: ScreenOutlet,
        tracer: Tracer?,
        list: @escaping @MainActor (State) -> Screen,
        detail: @escaping @MainActor (ListRow<State.Item>, State) -> Screen
    ) {
        self.init(name: name, state: state, isSettled: { !$0.isLoading }, outlet: outlet, tracer: tracer) { state in
            var screen = state.detail.map { detail($0, state) }
                ?? (state.screen == .favourites ? .favourites(state.favourites, feature: feature) : list(state))
            screen.warnFavouritesUnavailable(state.favouritesProblem)
            return screen
        }
    }
}
