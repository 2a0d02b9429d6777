import ExplorerClock
import Reactive

/// A view model whose whole state is one observable value: what views subscribe to, tests
/// assert state by state, and `arch` lists field by field.
@MainActor
public protocol StatefulViewModel: ScreenViewModel {
    associatedtype State
    var state: Observable<State> { get }
}

extension StatefulViewModel {
    /// Says that an intent began, named as the code names it: an intent's first line is
    /// `intent()`, and `arch <command>` shows `StarshipsViewModel.showPage(_:)`.
    public func intent(_ function: String = #function) {
        state.reportIntent("\(type(of: self)).\(function)")
    }
}
