import Reactive
import Testing

@MainActor
@Suite("Observable")
struct ObservableTests {
    @Test func newSubscriberReceivesCurrentValueAtOnce() {
        let observable = Observable(7)
        let received = Recorder<Int>()

        let token = observable.sink(received.record)

        #expect(received.values == [7])
        token.cancel()
    }

    @Test func subscriberReceivesCurrentValueThenEveryAssignment() {
        let observable = Observable(1)
        let received = Recorder<Int>()
        let token = observable.sink(received.record)

        observable.value = 2
        observable.value = 3

        #expect(received.values == [1, 2, 3])
        token.cancel()
    }

    @Test func lateSubscriberGetsOnlyTheCurrentValueNotHistory() {
        let observable = Observable("a")
        observable.value = "b"
        observable.value = "c"
        let received = Recorder<String>()

        let token = observable.sink(received.record)
        observable.value = "d"

        #expect(received.values == ["c", "d"])
        token.cancel()
    }

    @Test func assigningAnEqualValueStillNotifies() {
        let observable = Observable(5)
        let received = Recorder<Int>()
        let token = observable.sink(received.record)

        observable.value = 5
        observable.value = 5

        #expect(received.values == [5, 5, 5])
        token.cancel()
    }

    @Test func valueReflectsTheLatestAssignment() {
        let observable = Observable([1, 2])
        #expect(observable.value == [1, 2])

        observable.value.append(3)

        #expect(observable.value == [1, 2, 3])
    }

    @Test func mutatingTheValueInPlaceNotifiesWithTheNewValue() {
        let observable = Observable([Int]())
        let received = Recorder<[Int]>()
        let token = observable.sink(received.record)

        observable.value.append(1)
        observable.value.append(2)

        #expect(received.values == [[], [1], [1, 2]])
        token.cancel()
    }

    @Test func initialValueDoesNotCountAsAnAssignment() {
        // Nothing is delivered until somebody subscribes.
        let observable = Observable(0)
        let received = Recorder<Int>()
        observable.value = 1 // no subscriber yet: goes nowhere

        let token = observable.sink(received.record)

        #expect(received.values == [1])
        token.cancel()
    }

    @Test func deliversToSubscribersInSubscriptionOrder() {
        let observable = Observable(0)
        let log = Recorder<String>()
        let a = observable.sink { log.record("A\($0)") }
        let b = observable.sink { log.record("B\($0)") }
        let c = observable.sink { log.record("C\($0)") }
        #expect(log.values == ["A0", "B0", "C0"])
        log.values.removeAll()

        observable.value = 1
        observable.value = 2

        #expect(log.values == ["A1", "B1", "C1", "A2", "B2", "C2"])
        _ = (a, b, c)
    }

    @Test func orderSurvivesCancellingAMiddleSubscriber() {
        let observable = Observable(0)
        let log = Recorder<String>()
        let a = observable.sink { log.record("A\($0)") }
        let b = observable.sink { log.record("B\($0)") }
        let c = observable.sink { log.record("C\($0)") }
        b.cancel()
        let d = observable.sink { log.record("D\($0)") }
        log.values.removeAll()

        observable.value = 1

        #expect(log.values == ["A1", "C1", "D1"])
        _ = (a, c, d)
    }

    @Test func subscriberCountTracksLiveSubscriptions() {
        let observable = Observable(0)
        #expect(observable.subscriberCount == 0)

        let a = observable.sink { _ in }
        let b = observable.sink { _ in }
        #expect(observable.subscriberCount == 2)

        a.cancel()
        #expect(observable.subscriberCount == 1)
        b.cancel()
        #expect(observable.subscriberCount == 0)
    }

    @Test func traceLabelIsKept() {
        #expect(Observable(0).traceLabel == nil)
        #expect(Observable(0, traceLabel: "VM.count").traceLabel == "VM.count")
    }

    @Test func optionalValuesAreDeliveredIncludingNil() {
        let observable = Observable<Int?>(nil)
        let received = Recorder<Int?>()
        let token = observable.sink(received.record)

        observable.value = 4
        observable.value = nil

        #expect(received.values == [nil, 4, nil])
        token.cancel()
    }
}
