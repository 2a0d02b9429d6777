/// Something that delivers values over time to the closures that subscribe to it.
///
/// The in-house counterpart of Combine's `Publisher`, cut down to what an MVVM demo needs:
/// subscribe with ``sink(_:)``, keep the returned ``AnyCancellable`` for as long as you want
/// values, and derive new publishers with ``map(_:)``, ``filter(_:)``, ``removeDuplicates()``
/// and ``combineLatest(_:)``.
///
/// Everything happens on the main actor: values are delivered synchronously, on the main actor,
/// in the order subscribers subscribed. See ``Observable`` for what happens when a subscriber
/// sends, subscribes or cancels while a value is being delivered.
@MainActor
public protocol Publisher<Output> {
    associatedtype Output

    /// Starts delivering values to `receive` until the returned token is cancelled or released.
    func sink(_ receive: @escaping @MainActor (Output) -> Void) -> AnyCancellable
}
