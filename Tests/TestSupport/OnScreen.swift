import ExplorerCore
import ExplorerText

/// A feature's view on screen in a test, as the shell puts it there: it appeared on an outlet
/// of its own, and ``screen`` is the last screen it showed.
@MainActor
public final class OnScreen<View: ScreenView> {
    public let outlet = ScreenOutlet()
    public let view: View

    /// Makes the view on this outlet and has it appear.
    public init(_ make: (ScreenOutlet) -> View) {
        view = make(outlet)
        view.appear()
    }

    /// What the view showed last (a `nothing shown` screen before it showed anything).
    public var screen: Screen {
        outlet.latest ?? Screen(feature: nil, kind: "nothing shown")
    }
}
