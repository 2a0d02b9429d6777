/// Something that delivers values over time to the closures that subscribe to it.
///
/// The in-house counterpart of Combine's `Publisher`, cut down to what an MVVM demo needs:
/// subscribe with ``sink(_:)``, keep the returned ``AnyCancellable`` for as long as you want
/// values, and derive new publishers with ``map(_:)``, ``filter(_:)``, ``removeDuplicates()``,
/// ``combineLatest(_:)``, ``debounce(for:on:)`` and ``switchToLatest()``.
///
/// Everything happens on the main actor: values are delivered synchronously, on the main actor,
/// in the order subscribers subscribed. See ``Observable`` for what happens when a subscriber
/// sends, subscribes or cancels while a value is being delivered.
///
/// A publisher names where its values come from (``chain``): a labelled source, then each
/// operator. A subscription made with a label (``sink(owner:label:_:)``) is listed while it
/// lasts, with that chain, and `trace on` says when it begins and ends.
@MainActor
public protocol Publisher<Output> {
    associatedtype Output

    /// Starts delivering values to `receive` until the returned token is cancelled or released.
    func sink(_ receive: @escaping @MainActor (Output) -> Void) -> AnyCancellable

    /// Where the values come from, stage by stage (`RacesInteractor.snapshot → removeDuplicates`),
    /// and where a labelled subscription to them is reported.
    var chain: PublisherChain { get }
}

extension Publisher {
    /// Unnamed: a publisher of its own that says nothing of where its values come from.
    public var chain: PublisherChain { PublisherChain() }
}
