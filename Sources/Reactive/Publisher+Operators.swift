extension Publisher {
    /// Transforms each value.
    public func map<T>(_ transform: @escaping @MainActor (Output) -> T) -> AnyPublisher<T> {
        AnyPublisher(chain: chain.then("map")) { receive in self.sink { receive(transform($0)) } }
    }

    /// Passes on only the values for which `isIncluded` is true.
    public func filter(_ isIncluded: @escaping @MainActor (Output) -> Bool) -> AnyPublisher<Output> {
        AnyPublisher(chain: chain.then("filter")) { receive in self.sink { if isIncluded($0) { receive($0) } } }
    }

    /// Emits a pair whenever either side emits, once both have emitted at least once. Its chain
    /// names the other side in brackets: `A → combineLatest(with: B)` (a chain wrapped to a
    /// narrow screen can break after `with:`).
    public func combineLatest<Other: Publisher>(_ other: Other) -> AnyPublisher<(Output, Other.Output)> {
        let chain = PublisherChain(stages: self.chain.stages + ["combineLatest(with: \(PublisherChain.text(other.chain.stages)))"],
                                   tracer: self.chain.tracer ?? other.chain.tracer)
        return AnyPublisher(chain: chain) { receive in
            let latest = LatestPair<Output, Other.Output>()
            let left = self.sink { value in
                latest.left = value
                if let right = latest.right { receive((value, right)) }
            }
            let right = other.sink { value in
                latest.right = value
                if let left = latest.left { receive((left, value)) }
            }
            return AnyCancellable {
                left.cancel()
                right.cancel()
            }
        }
    }

    /// Hides the concrete type.
    public func eraseToAnyPublisher() -> AnyPublisher<Output> {
        AnyPublisher(self)
    }
}

extension Publisher where Output: Equatable {
    /// Skips a value equal to the one this subscription received just before it.
    public func removeDuplicates() -> AnyPublisher<Output> {
        AnyPublisher(chain: chain.then("removeDuplicates")) { receive in
            let last = LastValue<Output>()
            return self.sink { value in
                if let previous = last.value, previous == value { return }
                last.value = value
                receive(value)
            }
        }
    }
}

/// Per-subscription memory of `combineLatest`.
@MainActor
private final class LatestPair<Left, Right> {
    var left: Left?
    var right: Right?
}

/// Per-subscription memory of `removeDuplicates`.
@MainActor
private final class LastValue<Value> {
    var value: Value?
}
