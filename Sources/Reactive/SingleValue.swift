/// One value, made by work begun when it is subscribed to — a request — the in-house `Deferred {
/// Future { … } }`: the subscription ends once the value is delivered; cancelled before that,
/// the work is cancelled and its value never arrives.
///
/// Each subscription is a labelled one while it is in flight (listed by `subscriptions`, kept
/// by `owner`, its chain the label): `trace on` says `subscribe ITunesService.search("jack")`
/// when it begins and `cancel …` when it is cancelled in flight (superseded, under
/// ``Publisher/switchToLatest()``); a value delivered ends it without a word.
@MainActor
public struct SingleValue<Output>: Publisher {
    public let chain: PublisherChain
    private let owner: String
    private let start: @MainActor (_ deliver: @escaping @MainActor (Output) -> Void) -> @MainActor () -> Void

    /// - Parameters:
    ///   - start: begins the work for one subscription, which calls `deliver` once, with the
    ///     value; returns what cancels the work (called only if the value has not come).
    public init(owner: String, label: String, tracer: (any EmissionTracer)?,
                _ start: @escaping @MainActor (_ deliver: @escaping @MainActor (Output) -> Void) -> @MainActor () -> Void) {
        self.owner = owner
        self.chain = PublisherChain(stages: [label], tracer: tracer)
        self.start = start
    }

    public func sink(_ receive: @escaping @MainActor (Output) -> Void) -> AnyCancellable {
        let tracer = chain.tracer
        let registry = tracer?.subscriptions
        let subscription = registry?.add(owner: owner, chain: chain.stages)
        if let subscription, let tracer, tracer.isTracing { tracer.subscribed(subscription) }
        let flight = Flight()
        let cancelWork = start { value in
            guard !flight.isOver else { return }
            flight.isOver = true
            if let subscription { registry?.remove(subscription.id) }
            receive(value)
        }
        return AnyCancellable {
            guard !flight.isOver else { return }
            flight.isOver = true
            cancelWork()
            if let subscription, let removed = registry?.remove(subscription.id), let tracer, tracer.isTracing {
                tracer.cancelled(removed)
            }
        }
    }
}

/// Per-subscription memory of ``SingleValue``: whether its value came (or it was cancelled).
@MainActor
private final class Flight {
    var isOver = false
}
