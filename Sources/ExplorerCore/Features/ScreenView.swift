/// A feature's view: it shows its view model's states on the ``ScreenOutlet`` (to be rendered
/// when the shell prints them) while it is on screen — from `use` until the user leaves the
/// feature.
@MainActor
public protocol ScreenView: AnyObject {
    /// Goes on screen: shows the state as it is now at once, then every settled state after it.
    func appear()
    /// Leaves the screen: renders nothing more until it appears again.
    func disappear()
}
