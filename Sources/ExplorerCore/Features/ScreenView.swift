/// A feature's view: it renders its view model's states onto the ``ScreenOutlet`` while it is
/// on screen — from `use` until the user leaves the feature.
@MainActor
public protocol ScreenView: AnyObject {
    /// Goes on screen: shows the state as it is now at once, then every settled state after it.
    func appear()
    /// Leaves the screen: renders nothing more until it appears again.
    func disappear()
}
