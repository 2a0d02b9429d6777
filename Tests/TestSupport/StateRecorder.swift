import Reactive

/// Records every state a view model emits, in order, as a test store would: tests assert the
/// whole sequence, state by state.
@MainActor
public final class StateRecorder<State> {
    public private(set) var states: [State] = []
    private var subscription: AnyCancellable?

    public init(_ state: Observable<State>) {
        subscription = state.sink { [weak self] in self?.states.append($0) }
    }
}
