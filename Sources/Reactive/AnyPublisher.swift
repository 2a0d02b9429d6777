/// A publisher defined by its subscribe function; what the operators return.
@MainActor
public struct AnyPublisher<Output>: Publisher {
    private let subscribe: @MainActor (@escaping @MainActor (Output) -> Void) -> AnyCancellable

    public init(_ subscribe: @escaping @MainActor (@escaping @MainActor (Output) -> Void) -> AnyCancellable) {
        self.subscribe = subscribe
    }

    public init<Upstream: Publisher>(_ upstream: Upstream) where Upstream.Output == Output {
        self.subscribe = { upstream.sink($0) }
    }

    public func sink(_ receive: @escaping @MainActor (Output) -> Void) -> AnyCancellable {
        subscribe(receive)
    }
}
