/// A subscription token: the subscription lasts until ``cancel()`` is called or the token is released.
///
/// Cancelling is idempotent; the cancel action runs at most once.
@MainActor
public final class AnyCancellable: Hashable {
    private var action: (@MainActor () -> Void)?

    public init(_ cancel: @escaping @MainActor () -> Void) {
        action = cancel
    }

    /// Ends the subscription. Calling it again does nothing.
    public func cancel() {
        let action = self.action
        self.action = nil
        action?()
    }

    /// Keeps the token alive for as long as `set` is kept.
    public func store(in set: inout Set<AnyCancellable>) {
        set.insert(self)
    }

    /// Keeps the token alive for as long as `array` is kept.
    public func store(in array: inout [AnyCancellable]) {
        array.append(self)
    }

    isolated deinit {
        cancel()
    }

    public nonisolated static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
        lhs === rhs
    }

    public nonisolated func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
