import Reactive
import Testing

@MainActor
@Suite("PassthroughStream")
struct PassthroughStreamTests {
    @Test func newSubscriberReceivesNothingUntilSomethingIsSent() {
        let stream = PassthroughStream<Int>()
        let received = Recorder<Int>()

        let token = stream.sink(received.record)

        #expect(received.values.isEmpty)
        token.cancel()
    }

    @Test func deliversOnlyValuesSentAfterSubscribing() {
        let stream = PassthroughStream<Int>()
        stream.send(1)
        stream.send(2)
        let received = Recorder<Int>()

        let token = stream.sink(received.record)
        stream.send(3)
        stream.send(4)

        #expect(received.values == [3, 4])
        token.cancel()
    }

    @Test func sendingWithNoSubscribersIsHarmless() {
        let stream = PassthroughStream<String>()
        stream.send("lost")
        #expect(stream.subscriberCount == 0)
    }

    @Test func repeatedValuesAreAllDelivered() {
        let stream = PassthroughStream<Int>()
        let received = Recorder<Int>()
        let token = stream.sink(received.record)

        stream.send(1)
        stream.send(1)
        stream.send(1)

        #expect(received.values == [1, 1, 1])
        token.cancel()
    }

    @Test func deliversToSubscribersInSubscriptionOrder() {
        let stream = PassthroughStream<Int>()
        let log = Recorder<String>()
        let a = stream.sink { log.record("A\($0)") }
        let b = stream.sink { log.record("B\($0)") }
        let c = stream.sink { log.record("C\($0)") }

        stream.send(1)
        stream.send(2)

        #expect(log.values == ["A1", "B1", "C1", "A2", "B2", "C2"])
        _ = (a, b, c)
    }

    @Test func subscribersJoiningAtDifferentTimesSeeDifferentSuffixes() {
        let stream = PassthroughStream<Int>()
        let early = Recorder<Int>()
        let late = Recorder<Int>()
        let a = stream.sink(early.record)
        stream.send(1)
        let b = stream.sink(late.record)
        stream.send(2)

        #expect(early.values == [1, 2])
        #expect(late.values == [2])
        _ = (a, b)
    }

    @Test func subscriberCountTracksLiveSubscriptions() {
        let stream = PassthroughStream<Int>()
        let a = stream.sink { _ in }
        let b = stream.sink { _ in }
        #expect(stream.subscriberCount == 2)

        a.cancel()
        b.cancel()

        #expect(stream.subscriberCount == 0)
    }

    @Test func traceLabelIsKept() {
        #expect(PassthroughStream<Int>().traceLabel == nil)
        #expect(PassthroughStream<Int>(traceLabel: "VM.events").traceLabel == "VM.events")
    }
}
