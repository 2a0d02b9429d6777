import ExplorerClock
import Reactive

/// A view model whose whole state is one observable value: what views subscribe to, tests
/// assert state by state, and `arch` lists field by field.
@MainActor
public protocol StatefulViewModel: ScreenViewModel {
    associatedtype State
    var state: Observable<State> { get }
}
