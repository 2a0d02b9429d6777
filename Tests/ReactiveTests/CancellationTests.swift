import Reactive
import Testing

@MainActor
@Suite("Cancellation")
struct CancellationTests {
    // MARK: - cancel()

    @Test func cancelStopsDelivery() {
        let observable = Observable(0)
        let received = Recorder<Int>()
        let token = observable.sink(received.record)
        observable.value = 1

        token.cancel()
        observable.value = 2

        #expect(received.values == [0, 1])
        #expect(observable.subscriberCount == 0)
    }

    @Test func cancelStopsDeliveryFromAStream() {
        let stream = PassthroughStream<Int>()
        let received = Recorder<Int>()
        let token = stream.sink(received.record)
        stream.send(1)

        token.cancel()
        stream.send(2)

        #expect(received.values == [1])
        #expect(stream.subscriberCount == 0)
    }

    @Test func cancelOnlyAffectsItsOwnSubscription() {
        let observable = Observable(0)
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        let a = observable.sink(first.record)
        let b = observable.sink(second.record)

        a.cancel()
        observable.value = 1

        #expect(first.values == [0])
        #expect(second.values == [0, 1])
        #expect(observable.subscriberCount == 1)
        b.cancel()
        #expect(observable.subscriberCount == 0)
    }

    @Test func cancellingTwiceIsHarmless() {
        let observable = Observable(0)
        let received = Recorder<Int>()
        let token = observable.sink(received.record)
        let other = observable.sink { _ in }

        token.cancel()
        token.cancel()
        observable.value = 1

        #expect(received.values == [0])
        // The second cancel must not remove anybody else.
        #expect(observable.subscriberCount == 1)
        other.cancel()
        other.cancel()
        #expect(observable.subscriberCount == 0)
    }

    @Test func cancelActionRunsAtMostOnceEvenWhenReleasedAfterwards() {
        let runs = Recorder<Int>()
        var token: AnyCancellable? = AnyCancellable { runs.record(1) }

        token?.cancel()
        token?.cancel()
        #expect(runs.values.count == 1)

        token = nil
        #expect(runs.values.count == 1)
    }

    @Test func releasingAnUncancelledTokenRunsTheCancelActionOnce() {
        let runs = Recorder<Int>()
        var token: AnyCancellable? = AnyCancellable { runs.record(1) }
        _ = token  // held: creating the token runs nothing
        #expect(runs.values.isEmpty)

        token = nil

        #expect(runs.values.count == 1)
    }

    @Test func cancellingAfterThePublisherIsGoneIsHarmless() {
        var observable: Observable<Int>? = Observable(0)
        let token = observable!.sink { _ in }
        weak let weakObservable = observable

        observable = nil
        #expect(weakObservable == nil)

        token.cancel()
        token.cancel()
    }

    // MARK: - Releasing the token

    @Test func settingTheTokenToNilStopsDelivery() {
        let observable = Observable(0)
        let received = Recorder<Int>()
        var token: AnyCancellable? = observable.sink(received.record)
        observable.value = 1
        _ = token
        #expect(received.values == [0, 1], "delivered while the token is held")
        #expect(observable.subscriberCount == 1)

        token = nil
        observable.value = 2

        #expect(received.values == [0, 1])
        #expect(observable.subscriberCount == 0)
    }

    @Test func droppingTheSetOfCancellablesStopsDelivery() {
        let observable = Observable(0)
        let stream = PassthroughStream<String>()
        let numbers = Recorder<Int>()
        let strings = Recorder<String>()
        var bag = Set<AnyCancellable>()
        observable.sink(numbers.record).store(in: &bag)
        stream.sink(strings.record).store(in: &bag)
        #expect(bag.count == 2)
        observable.value = 1
        stream.send("a")

        bag = []
        observable.value = 2
        stream.send("b")

        #expect(numbers.values == [0, 1])
        #expect(strings.values == ["a"])
        #expect(observable.subscriberCount == 0)
        #expect(stream.subscriberCount == 0)
    }

    @Test func tokenGoingOutOfScopeStopsDelivery() {
        let observable = Observable(0)
        let received = Recorder<Int>()
        do {
            var bag = Set<AnyCancellable>()
            observable.sink(received.record).store(in: &bag)
            #expect(observable.subscriberCount == 1)
        }

        observable.value = 1

        #expect(received.values == [0])
        #expect(observable.subscriberCount == 0)
    }

    @Test func ignoringTheReturnedTokenEndsTheSubscriptionImmediately() {
        let stream = PassthroughStream<Int>()
        let received = Recorder<Int>()

        _ = stream.sink(received.record)
        stream.send(1)

        #expect(received.values.isEmpty)
        #expect(stream.subscriberCount == 0)
    }

    @Test func storeInArrayKeepsTheSubscriptionAlive() {
        let observable = Observable(0)
        let received = Recorder<Int>()
        var tokens: [AnyCancellable] = []
        observable.sink(received.record).store(in: &tokens)

        observable.value = 1
        #expect(received.values == [0, 1])
        #expect(observable.subscriberCount == 1)

        tokens.removeAll()
        observable.value = 2
        #expect(received.values == [0, 1])
        #expect(observable.subscriberCount == 0)
    }

    @Test func tokensAreHashedByIdentity() {
        let observable = Observable(0)
        var bag = Set<AnyCancellable>()
        let a = observable.sink { _ in }
        let b = observable.sink { _ in }

        a.store(in: &bag)
        a.store(in: &bag)
        b.store(in: &bag)

        #expect(bag.count == 2)
        #expect(a == a)
        #expect(a != b)
    }

    // MARK: - Cancelling inside a callback

    @Test func subscriberCancellingItselfGetsNothingFurther() {
        let observable = Observable(0)
        let received = Recorder<Int>()
        let box = TokenBox()
        box.token = observable.sink { value in
            received.record(value)
            if value == 2 { box.token?.cancel() }
        }

        observable.value = 1
        observable.value = 2
        observable.value = 3

        #expect(received.values == [0, 1, 2])
        #expect(observable.subscriberCount == 0)
    }

    @Test func subscriberReleasingItsOwnTokenGetsNothingFurther() {
        let stream = PassthroughStream<Int>()
        let received = Recorder<Int>()
        let box = TokenBox()
        box.token = stream.sink { value in
            received.record(value)
            box.token = nil
        }

        stream.send(1)
        stream.send(2)

        #expect(received.values == [1])
        #expect(stream.subscriberCount == 0)
    }

    @Test func selfCancellationDoesNotDisturbTheOtherSubscribers() {
        let stream = PassthroughStream<Int>()
        let log = Recorder<String>()
        let box = TokenBox()
        let a = stream.sink { log.record("A\($0)") }
        box.token = stream.sink { value in
            log.record("B\(value)")
            box.token?.cancel()
        }
        let c = stream.sink { log.record("C\($0)") }

        stream.send(1)
        stream.send(2)

        #expect(log.values == ["A1", "B1", "C1", "A2", "C2"])
        _ = (a, c)
    }

    @Test func cancellingALaterSubscriberDuringDeliveryWithholdsTheCurrentValue() {
        let observable = Observable(0)
        let log = Recorder<String>()
        let later = TokenBox()
        let a = observable.sink { value in
            log.record("A\(value)")
            if value == 1 { later.token?.cancel() }
        }
        later.token = observable.sink { log.record("B\($0)") }
        let c = observable.sink { log.record("C\($0)") }
        log.values.removeAll()

        observable.value = 1
        observable.value = 2

        // B was cancelled by A before value 1 reached it: it must not see 1 (nor 2).
        #expect(log.values == ["A1", "C1", "A2", "C2"])
        #expect(observable.subscriberCount == 2)
        _ = (a, c)
    }

    @Test func releasingALaterSubscribersTokenDuringDeliveryWithholdsTheCurrentValue() {
        let stream = PassthroughStream<Int>()
        let log = Recorder<String>()
        let later = TokenBox()
        let a = stream.sink { value in
            log.record("A\(value)")
            later.token = nil
        }
        later.token = stream.sink { log.record("B\($0)") }

        stream.send(1)
        stream.send(2)

        #expect(log.values == ["A1", "A2"])
        #expect(stream.subscriberCount == 1)
        _ = a
    }

    @Test func cancellingAnEarlierSubscriberDuringDeliveryStopsItsLaterValues() {
        let stream = PassthroughStream<Int>()
        let log = Recorder<String>()
        let earlier = TokenBox()
        earlier.token = stream.sink { log.record("A\($0)") }
        let b = stream.sink { value in
            log.record("B\(value)")
            if value == 1 { earlier.token?.cancel() }
        }

        stream.send(1)
        stream.send(2)

        // A had already received 1 when B cancelled it.
        #expect(log.values == ["A1", "B1", "B2"])
        _ = b
    }

    @Test func cancelledSubscriberDoesNotReceiveValuesQueuedDuringTheSameDelivery() {
        let observable = Observable(0)
        let log = Recorder<String>()
        let victim = TokenBox()
        victim.token = observable.sink { log.record("A\($0)") }
        let b = observable.sink { value in
            log.record("B\(value)")
            if value == 1 {
                observable.value = 2 // queued
                victim.token?.cancel() // A must not get the queued 2
            }
        }
        log.values.removeAll()

        observable.value = 1

        #expect(log.values == ["A1", "B1", "B2"])
        _ = b
    }
}
