import Reactive
import Testing

/// A shared source of truth that outlives the screens observing it.
@MainActor
private final class CounterStore {
    let count = Observable(0)
    let events = PassthroughStream<String>()
}

/// A little view model in the usual style: it owns its subscriptions and captures itself weakly.
@MainActor
private final class CounterViewModel {
    let title = Observable("")
    private(set) var lastEvent: String?
    private(set) var titleUpdates = 0
    private var cancellables = Set<AnyCancellable>()

    init(store: CounterStore) {
        store.count
            .map { "Count: \($0)" }
            .sink { [weak self] text in self?.title.value = text }
            .store(in: &cancellables)
        store.events
            .sink { [weak self] event in self?.lastEvent = event }
            .store(in: &cancellables)
        // Observing its own observable: a cycle unless `self` is captured weakly.
        title
            .sink { [weak self] _ in self?.titleUpdates += 1 }
            .store(in: &cancellables)
    }
}

/// The mistake the weak capture avoids: it owns an observable whose subscriber holds it strongly.
@MainActor
private final class LeakyViewModel {
    let value = Observable(0)
    var received: [Int] = []
    var cancellables = Set<AnyCancellable>()

    init() {
        value.sink { self.received.append($0) }.store(in: &cancellables)
    }
}

@MainActor
private final class SumViewModel {
    var sum = 0
    var cancellables = Set<AnyCancellable>()
}

@MainActor
@Suite("Retain cycles")
struct RetainCycleTests {
    @Test func viewModelWorksWhileAlive() {
        let store = CounterStore()
        let viewModel = CounterViewModel(store: store)

        store.count.value = 3
        store.events.send("tapped")

        #expect(viewModel.title.value == "Count: 3")
        #expect(viewModel.lastEvent == "tapped")
        #expect(viewModel.titleUpdates == 2) // "Count: 0" at subscription, then "Count: 3"
        #expect(store.count.subscriberCount == 1)
        #expect(store.events.subscriberCount == 1)
    }

    @Test func viewModelIsFreedAndUnsubscribedWhenItsLastReferenceGoes() {
        let store = CounterStore()
        var viewModel: CounterViewModel? = CounterViewModel(store: store)
        weak let weakViewModel = viewModel
        weak let weakTitle = viewModel?.title
        store.count.value = 1
        #expect(weakViewModel?.title.value == "Count: 1")
        #expect(store.count.subscriberCount == 1)
        #expect(store.events.subscriberCount == 1)

        viewModel = nil

        #expect(weakViewModel == nil)
        #expect(weakTitle == nil)
        #expect(store.count.subscriberCount == 0)
        #expect(store.events.subscriberCount == 0)
        // Emitting after the view model is gone is harmless.
        store.count.value = 2
        store.events.send("late")
    }

    @Test func viewModelObservingACombinedPublisherIsFreed() {
        let left = Observable(1)
        let right = Observable(2)
        var viewModel: SumViewModel? = SumViewModel()
        weak let weakViewModel = viewModel
        left.combineLatest(right)
            .map { $0 + $1 }
            .sink { [weak viewModel] in viewModel?.sum = $0 }
            .store(in: &viewModel!.cancellables)
        #expect(viewModel?.sum == 3)

        viewModel = nil

        #expect(weakViewModel == nil)
        #expect(left.subscriberCount == 0)
        #expect(right.subscriberCount == 0)
    }

    @Test func observableWithLiveSubscriptionsIsFreedWhenUnreferenced() {
        var observable: Observable<Int>? = Observable(0)
        weak let weakObservable = observable
        let received = Recorder<Int>()
        let token = observable?.sink(received.record)

        observable = nil

        // Subscriptions do not keep the publisher alive.
        #expect(weakObservable == nil)
        token?.cancel()
        #expect(received.values == [0])
    }

    @Test func releasingAPublisherFreesItsSubscribersWhileTokensAreStillHeld() {
        // A long-lived owner keeps tokens to a short-lived publisher.
        final class Sentinel {}
        var observable: Observable<Int>? = Observable(0)
        var stream: PassthroughStream<Int>? = PassthroughStream()
        var sentinel: Sentinel? = Sentinel()
        weak let weakSentinel = sentinel
        var bag = Set<AnyCancellable>()
        observable?.sink { [sentinel] _ in _ = sentinel }.store(in: &bag)
        stream?.sink { [sentinel] _ in _ = sentinel }.store(in: &bag)
        sentinel = nil
        #expect(weakSentinel != nil) // held by the subscriber closures

        observable = nil
        stream = nil

        // The tokens must not keep the publishers' subscriber lists (and closures) alive.
        #expect(weakSentinel == nil)
        #expect(bag.count == 2)
        bag.removeAll() // cancelling after the publishers are gone is harmless
    }

    @Test func strongSelfCaptureIsDetectedAsALeak() {
        // Control: proves the weak-reference check above can fail.
        var viewModel: LeakyViewModel? = LeakyViewModel()
        weak let weakViewModel = viewModel
        viewModel?.value.value = 1

        viewModel = nil

        #expect(weakViewModel != nil)
        #expect(weakViewModel?.received == [0, 1])
        // Break the cycle so the test does not leak.
        weakViewModel?.cancellables.removeAll()
        #expect(weakViewModel == nil)
    }
}
