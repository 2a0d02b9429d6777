import Reactive
import Testing

@MainActor
@Suite("Re-entrancy")
struct ReentrancyTests {
    // MARK: - Emitting from inside a callback

    @Test func valueAssignedDuringDeliveryIsQueuedBehindTheCurrentOne() {
        let observable = Observable(0)
        let log = Recorder<String>()
        let a = observable.sink { value in
            log.record("A\(value)")
            if value == 1 { observable.value = 2 }
        }
        let b = observable.sink { log.record("B\($0)") }
        #expect(log.values == ["A0", "B0"])
        log.values.removeAll()

        observable.value = 1

        // Not A1 A2 B2 B1: B gets 1 before anybody gets 2.
        #expect(log.values == ["A1", "B1", "A2", "B2"])
        #expect(observable.value == 2)
        _ = (a, b)
    }

    @Test func everySubscriberSeesTheSameOrderForChainedEmissions() {
        let observable = Observable(0)
        let log = Recorder<String>()
        let a = observable.sink { value in
            log.record("A\(value)")
            if value == 1 { observable.value = 2 }
        }
        let b = observable.sink { value in
            log.record("B\(value)")
            if value == 2 { observable.value = 3 }
        }
        let c = observable.sink { log.record("C\($0)") }
        log.values.removeAll()

        observable.value = 1

        #expect(log.values == ["A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"])
        #expect(observable.value == 3)
        _ = (a, b, c)
    }

    @Test func severalValuesSentFromOneCallbackKeepTheirOrder() {
        let stream = PassthroughStream<Int>()
        let log = Recorder<String>()
        let a = stream.sink { value in
            log.record("A\(value)")
            if value == 1 {
                stream.send(2)
                stream.send(3)
            }
        }
        let b = stream.sink { log.record("B\($0)") }

        stream.send(1)

        #expect(log.values == ["A1", "B1", "A2", "B2", "A3", "B3"])
        _ = (a, b)
    }

    @Test func laterSubscriberEmittingIsAlsoQueued() {
        let stream = PassthroughStream<Int>()
        let log = Recorder<String>()
        let a = stream.sink { log.record("A\($0)") }
        let b = stream.sink { value in
            log.record("B\(value)")
            if value == 1 { stream.send(10) }
        }
        let c = stream.sink { log.record("C\($0)") }

        stream.send(1)

        #expect(log.values == ["A1", "B1", "C1", "A10", "B10", "C10"])
        _ = (a, b, c)
    }

    @Test func valueReadsTheNewestValueImmediatelyInsideCallbacks() {
        let observable = Observable(0)
        let seenByA = Recorder<String>()
        let seenByB = Recorder<String>()
        let a = observable.sink { value in
            if value == 1 {
                observable.value = 2
                seenByA.record("after assigning: \(observable.value)")
            }
        }
        let b = observable.sink { value in
            // B is still being handed 1, but `value` already reads 2.
            seenByB.record("received \(value), value is \(observable.value)")
        }
        seenByB.values.removeAll()

        observable.value = 1

        #expect(seenByA.values == ["after assigning: 2"])
        #expect(seenByB.values == ["received 1, value is 2", "received 2, value is 2"])
        _ = (a, b)
    }

    @Test func reentrantAssignmentOfTheSameValueIsStillDelivered() {
        let observable = Observable(0)
        let log = Recorder<String>()
        let fired = Recorder<Bool>()
        let a = observable.sink { value in
            log.record("A\(value)")
            if value == 1 && fired.values.isEmpty {
                fired.record(true)
                observable.value = 1
            }
        }
        let b = observable.sink { log.record("B\($0)") }
        log.values.removeAll()

        observable.value = 1

        #expect(log.values == ["A1", "B1", "A1", "B1"])
        _ = (a, b)
    }

    @Test func emittingFromAnInitialValueCallbackReachesEverySubscriber() {
        let observable = Observable(0)
        let log = Recorder<String>()
        let a = observable.sink { log.record("A\($0)") }
        // B bumps the value the first time it is called, i.e. while subscribing.
        let b = observable.sink { value in
            log.record("B\(value)")
            if value == 0 { observable.value = 1 }
        }

        #expect(log.values == ["A0", "B0", "A1", "B1"])
        _ = (a, b)
    }

    // MARK: - Subscribing during delivery

    @Test func observableSubscriberAddedDuringDeliveryGetsCurrentValueOnceThenLaterValues() {
        let observable = Observable(0)
        let log = Recorder<String>()
        let late = TokenBox()
        let a = observable.sink { value in
            log.record("A\(value)")
            if value == 1 && late.token == nil {
                late.token = observable.sink { log.record("C\($0)") }
            }
        }
        let b = observable.sink { log.record("B\($0)") }
        log.values.removeAll()

        observable.value = 1
        #expect(log.values == ["A1", "C1", "B1"]) // C: the current value once, not 1 again

        observable.value = 2
        #expect(log.values == ["A1", "C1", "B1", "A2", "B2", "C2"])
        _ = (a, b)
    }

    @Test func observableSubscriberAddedAfterAQueuedAssignmentGetsTheNewestValueOnce() {
        let observable = Observable(0)
        let log = Recorder<String>()
        let late = TokenBox()
        let a = observable.sink { value in
            log.record("A\(value)")
            if value == 1 {
                observable.value = 2 // queued
                late.token = observable.sink { log.record("C\($0)") } // gets 2 now…
            }
        }
        let b = observable.sink { log.record("B\($0)") }
        log.values.removeAll()

        observable.value = 1

        // …and must not get the queued 2 a second time.
        #expect(log.values == ["A1", "C2", "B1", "A2", "B2"])

        observable.value = 3
        #expect(log.values == ["A1", "C2", "B1", "A2", "B2", "A3", "B3", "C3"])
        _ = (a, b)
    }

    @Test func observableSubscriberAddedBeforeAQueuedAssignmentReceivesIt() {
        let observable = Observable(0)
        let log = Recorder<String>()
        let late = TokenBox()
        let a = observable.sink { value in
            log.record("A\(value)")
            if value == 1 {
                late.token = observable.sink { log.record("C\($0)") } // gets 1 now
                observable.value = 2 // sent after C joined: C gets it
            }
        }
        let b = observable.sink { log.record("B\($0)") }
        log.values.removeAll()

        observable.value = 1

        #expect(log.values == ["A1", "C1", "B1", "A2", "B2", "C2"])
        _ = (a, b)
    }

    @Test func streamSubscriberAddedDuringDeliveryMissesTheCurrentValue() {
        let stream = PassthroughStream<Int>()
        let log = Recorder<String>()
        let late = TokenBox()
        let a = stream.sink { value in
            log.record("A\(value)")
            if late.token == nil {
                late.token = stream.sink { log.record("C\($0)") }
            }
        }
        let b = stream.sink { log.record("B\($0)") }

        stream.send(1)
        stream.send(2)

        #expect(log.values == ["A1", "B1", "A2", "B2", "C2"])
        _ = (a, b)
    }

    @Test func streamSubscriberAddedDuringDeliveryMissesValuesQueuedBeforeItJoined() {
        let stream = PassthroughStream<Int>()
        let log = Recorder<String>()
        let late = TokenBox()
        let a = stream.sink { value in
            log.record("A\(value)")
            if value == 1 {
                stream.send(2) // queued before C joins
                late.token = stream.sink { log.record("C\($0)") }
                stream.send(3) // queued after C joined
            }
        }

        stream.send(1)

        #expect(log.values == ["A1", "A2", "A3", "C3"])
        _ = a
    }

    @Test func subscriberAddedDuringDeliveryCountsImmediately() {
        let stream = PassthroughStream<Int>()
        let late = TokenBox()
        let counts = Recorder<Int>()
        let a = stream.sink { _ in
            if late.token == nil { late.token = stream.sink { _ in } }
            counts.record(stream.subscriberCount)
        }

        stream.send(1)

        #expect(counts.values == [2])
        late.token = nil
        #expect(stream.subscriberCount == 1)
        _ = a
    }

    // MARK: - Across publishers

    @Test func callbackOfOnePublisherCanDriveAnother() {
        let source = Observable(0)
        let mirror = Observable(0)
        let log = Recorder<String>()
        let forward = source.sink { mirror.value = $0 * 10 }
        let watch = mirror.sink { log.record("M\($0)") }
        let watchSource = source.sink { log.record("S\($0)") }
        log.values.removeAll()

        source.value = 1

        // Different publishers have independent queues: the mirror delivers synchronously.
        #expect(log.values == ["M10", "S1"])
        #expect(mirror.value == 10)
        _ = (forward, watch, watchSource)
    }
}
