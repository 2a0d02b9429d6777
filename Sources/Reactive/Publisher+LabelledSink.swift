extension Publisher {
    /// A labelled subscription: `owner` keeps it (`RacesView`), `label` names what receives the
    /// values (`StateRenderer`), after the publisher's ``chain``. While it lasts it is kept by the
    /// registry of its source's tracer (``EmissionTracer/subscriptions``: what `subscriptions`
    /// lists), and with `trace on` its making and its cancelling are said
    /// (`trace: subscribe RacesViewModel.state → StateRenderer`). Values flow as through
    /// ``sink(_:)``: the label costs nothing as they do.
    public func sink(owner: String, label: String, _ receive: @escaping @MainActor (Output) -> Void) -> AnyCancellable {
        labelledSink(owner: owner, chain: chain.stages + [label], tracer: chain.tracer, receive)
    }

    /// A labelled subscription whose values feed `observable` (`receive` sets it, or makes what
    /// it is set to), reported to the tracer of its source or else of the observable: the last
    /// stage of its chain is the observable's label, and while it lasts the observable's own
    /// chain begins with this one's, so what subscribes to the observable is listed with where
    /// its values come from: `RacesInteractor.snapshot → removeDuplicates → map →
    /// RacesViewModel.state → StateRenderer`.
    public func sink<Value>(owner: String, feeding observable: Observable<Value>,
                            _ receive: @escaping @MainActor (Output) -> Void) -> AnyCancellable {
        let stages = chain.stages
        let feed = LabelledSubscription.nextFeed()
        observable.feeder = (feed, stages)
        let token = labelledSink(owner: owner, chain: stages + [observable.traceLabel ?? "Observable"],
                                 tracer: chain.tracer ?? observable.chain.tracer, receive)
        return AnyCancellable { [weak observable] in
            token.cancel()
            if observable?.feeder?.id == feed { observable?.feeder = nil }
        }
    }

    /// Sets `observable` to each value: a labelled subscription that feeds it (see
    /// ``sink(owner:feeding:_:)``), the in-house `assign(to:)`.
    public func assign(to observable: Observable<Output>, owner: String) -> AnyCancellable {
        sink(owner: owner, feeding: observable) { [weak observable] in observable?.value = $0 }
    }

    /// Reported to `tracer`: the source's, or the fed observable's.
    private func labelledSink(owner: String, chain stages: [String], tracer: (any EmissionTracer)?,
                              _ receive: @escaping @MainActor (Output) -> Void) -> AnyCancellable {
        let registry = tracer?.subscriptions
        let subscription = registry?.add(owner: owner, chain: stages)
        if let subscription, let tracer, tracer.isTracing { tracer.subscribed(subscription) }
        let token = sink(receive)
        guard let subscription, let registry else { return token }
        return AnyCancellable {
            token.cancel()
            if let removed = registry.remove(subscription.id), let tracer, tracer.isTracing { tracer.cancelled(removed) }
        }
    }
}

/// Numbers the labelled subscriptions that feed an observable.
@MainActor
enum LabelledSubscription {
    private static var feeds = 0

    /// A number for each subscription that feeds an observable, to tell whether it still does.
    static func nextFeed() -> Int {
        feeds += 1
        return feeds
    }
}
