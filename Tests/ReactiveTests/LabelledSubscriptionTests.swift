import Reactive
import Testing

/// Chains name where values come from; a subscription made with a label is kept by its source's
/// tracer while it lasts, and its making and cancelling are told to it while it traces.
@MainActor
@Suite("Labelled subscriptions")
struct LabelledSubscriptionTests {
    let tracer = SubscriptionTracer()

    // MARK: Chains

    @Test func aChainIsTheLabelledSourceThenEachOperator() {
        let snapshot = Observable(1, traceLabel: "Interactor.snapshot", tracer: tracer)
        let filter = PassthroughStream<String>(traceLabel: "VM.filter", tracer: tracer)

        #expect(snapshot.chain.stages == ["Interactor.snapshot"])
        #expect(snapshot.removeDuplicates().map { $0 * 2 }.filter { $0 > 0 }.chain.stages
                == ["Interactor.snapshot", "removeDuplicates", "map", "filter"])
        #expect(snapshot.combineLatest(filter.map { $0 }).map { "\($0)\($1)" }.chain.stages
                == ["Interactor.snapshot", "combineLatest(with: VM.filter → map)", "map"])
        #expect(snapshot.eraseToAnyPublisher().chain.stages == ["Interactor.snapshot"])
        #expect(snapshot.map { $0 }.chain.tracer != nil, "subscriptions are reported to the source's tracer")
    }

    @Test func anUnlabelledSourceStartsNoChainAndHasNoTracer() {
        let unlabelled = Observable(0, tracer: tracer)
        #expect(unlabelled.chain.stages == [])
        #expect(unlabelled.map { $0 }.chain.stages == ["map"])
        #expect(unlabelled.map { $0 }.chain.tracer == nil)
        #expect(PassthroughStream<Int>().chain.stages == [])
        #expect(PublisherChain.text(["A", "map", "B"]) == "A → map → B")
    }

    // MARK: The registry and the trace

    @Test func aLabelledSubscriptionIsListedWhileItLastsAndTracedAsItBeginsAndEnds() {
        let state = Observable(1, traceLabel: "VM.state", tracer: tracer)
        let received = Recorder<Int>()

        let token = state.sink(owner: "View", label: "Renderer", received.record)
        #expect(tracer.live == ["View: VM.state → Renderer"])
        #expect(tracer.events == ["subscribe VM.state → Renderer"])

        state.value = 2
        #expect(received.values == [1, 2], "values flow as through an unlabelled sink")
        #expect(tracer.events.count == 1, "a value is no event")

        token.cancel()
        token.cancel()
        #expect(tracer.live == [])
        #expect(tracer.events == ["subscribe VM.state → Renderer", "cancel VM.state → Renderer"], "one cancel, however often")
        state.value = 3
        #expect(received.values == [1, 2])
    }

    @Test func releasingTheTokenCancelsAndSaysSo() {
        let state = Observable(1, traceLabel: "VM.state", tracer: tracer)
        var token: AnyCancellable? = state.sink(owner: "View", label: "Renderer") { _ in }
        #expect(tracer.live.count == 1)
        _ = token
        token = nil
        #expect(tracer.live == [])
        #expect(tracer.events.last == "cancel VM.state → Renderer")
        #expect(state.subscriberCount == 0)
    }

    @Test func theRegistryListsSubscriptionsOldestFirstWhetherOrNotTracing() {
        tracer.isTracing = false
        let state = Observable(1, traceLabel: "VM.state", tracer: tracer)
        let a = state.sink(owner: "A", label: "one") { _ in }
        let b = state.map { $0 }.sink(owner: "B", label: "two") { _ in }
        let c = state.sink(owner: "C", label: "three") { _ in }
        #expect(tracer.live == ["A: VM.state → one", "B: VM.state → map → two", "C: VM.state → three"])
        #expect(tracer.registry.live.map(\.id) == [1, 2, 3])

        b.cancel()
        #expect(tracer.live == ["A: VM.state → one", "C: VM.state → three"])
        #expect(tracer.events == [], "nothing is told while not tracing")
        _ = (a, c)
    }

    @Test func aSubscriptionToASourceWithoutATracerIsNotKept() {
        let untraced = Observable(1, traceLabel: "VM.state")
        let received = Recorder<Int>()
        let token = untraced.map { $0 + 1 }.sink(owner: "View", label: "Renderer", received.record)
        untraced.value = 5
        #expect(received.values == [2, 6])
        #expect(tracer.live == [])
        token.cancel()
        #expect(untraced.subscriberCount == 0)
    }

    @Test func twoTracersKeepEachTheirOwn() {
        let other = SubscriptionTracer()
        let mine = Observable(1, traceLabel: "Mine.state", tracer: tracer)
        let theirs = Observable(1, traceLabel: "Theirs.state", tracer: other)
        let a = mine.sink(owner: "MineView", label: "Renderer") { _ in }
        let b = theirs.sink(owner: "TheirView", label: "Renderer") { _ in }
        #expect(tracer.live == ["MineView: Mine.state → Renderer"])
        #expect(other.live == ["TheirView: Theirs.state → Renderer"])
        _ = (a, b)
    }

    // MARK: Feeding an observable

    @Test func aSubscriptionThatFeedsAnObservableLendsItItsChainWhileItLasts() {
        let snapshot = Observable(1, traceLabel: "Interactor.snapshot", tracer: tracer)
        let state = Observable("", traceLabel: "VM.state", tracer: tracer)

        let binding = snapshot.removeDuplicates().map { "#\($0)" }.assign(to: state, owner: "VM")
        #expect(state.value == "#1", "the current value at once")
        #expect(state.chain.stages == ["Interactor.snapshot", "removeDuplicates", "map", "VM.state"])

        let received = Recorder<String>()
        let renderer = state.sink(owner: "View", label: "Renderer", received.record)
        #expect(tracer.live == [
            "VM: Interactor.snapshot → removeDuplicates → map → VM.state",
            "View: Interactor.snapshot → removeDuplicates → map → VM.state → Renderer",
        ])

        snapshot.value = 1
        snapshot.value = 2
        #expect(received.values == ["#1", "#2"], "the repeat removed, the rest mapped")

        renderer.cancel()
        binding.cancel()
        #expect(state.chain.stages == ["VM.state"], "fed no more")
        #expect(tracer.events == [
            "subscribe Interactor.snapshot → removeDuplicates → map → VM.state",
            "subscribe Interactor.snapshot → removeDuplicates → map → VM.state → Renderer",
            "cancel Interactor.snapshot → removeDuplicates → map → VM.state → Renderer",
            "cancel Interactor.snapshot → removeDuplicates → map → VM.state",
        ])
        snapshot.value = 3
        #expect(state.value == "#2")
    }

    @Test func aFeedEndedLeavesTheChainOfTheFeedThatReplacedIt() {
        let first = Observable(1, traceLabel: "First", tracer: tracer)
        let second = Observable(2, traceLabel: "Second", tracer: tracer)
        let state = Observable(0, traceLabel: "VM.state", tracer: tracer)
        let a = first.assign(to: state, owner: "VM")
        let b = second.assign(to: state, owner: "VM")
        #expect(state.chain.stages == ["Second", "VM.state"])
        a.cancel()
        #expect(state.chain.stages == ["Second", "VM.state"], "the first no longer feeds it, the second still does")
        b.cancel()
        #expect(state.chain.stages == ["VM.state"])
    }

    @Test func aFeedFromAnUntracedSourceIsReportedToTheObservablesTracer() {
        let untraced = PassthroughStream<Int>()
        let state = Observable(0, traceLabel: "VM.state", tracer: tracer)
        let binding = untraced.map { $0 * 10 }.assign(to: state, owner: "VM")
        #expect(tracer.live == ["VM: map → VM.state"])
        untraced.send(4)
        #expect(state.value == 40)
        _ = binding
    }
}
