extension Publisher where Output: Publisher {
    /// Subscribes to each publisher as it arrives and passes on its values, cancelling the one
    /// before: a new search supersedes the one still in flight, whose answer is never delivered
    /// (the in-house `switchToLatest`, RxSwift's `flatMapLatest` after a `map`). Cancelling the
    /// subscription cancels the publisher in flight too. A labelled ``SingleValue`` as the inner
    /// publisher has `trace` say when each is superseded in flight.
    public func switchToLatest() -> AnyPublisher<Output.Output> {
        AnyPublisher(chain: chain.then("switchToLatest")) { receive in
            let current = InnerSubscription()
            let upstream = self.sink { inner in
                // The one in flight first, so that nothing of it arrives once the next has begun.
                current.token?.cancel()
                current.token = nil
                current.token = inner.sink(receive)
            }
            return AnyCancellable {
                upstream.cancel()
                current.token?.cancel()
                current.token = nil
            }
        }
    }
}

/// Per-subscription memory of `switchToLatest`: the publisher in flight.
@MainActor
private final class InnerSubscription {
    var token: AnyCancellable?
}
