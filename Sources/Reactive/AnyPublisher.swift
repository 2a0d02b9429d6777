/// A publisher defined by its subscribe function; what the operators return.
@MainActor
public struct AnyPublisher<Output>: Publisher {
    private let subscribe: @MainActor (@escaping @MainActor (Output) -> Void) -> AnyCancellable
    public let chain: PublisherChain

    /// A publisher whose subscriptions `subscribe` makes; `chain` names where its values come
    /// from (an operator's: its upstream's chain and its own name).
    public init(chain: PublisherChain = PublisherChain(),
                _ subscribe: @escaping @MainActor (@escaping @MainActor (Output) -> Void) -> AnyCancellable) {
        self.subscribe = subscribe
        self.chain = chain
    }

    public init<Upstream: Publisher>(_ upstream: Upstream) where Upstream.Output == Output {
        self.subscribe = { upstream.sink($0) }
        self.chain = upstream.chain
    }

    public func sink(_ receive: @escaping @MainActor (Output) -> Void) -> AnyCancellable {
        subscribe(receive)
    }
}
