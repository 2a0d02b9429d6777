@testable import Reactive
import Testing

/// The delivery engine on its own, as promised by its doc comment.
@MainActor
@Suite("SubscriberList")
struct SubscriberListTests {
    @Test func addingDoesNotDeliverAnything() {
        let list = SubscriberList<Int>()
        let received = Recorder<Int>()

        let token = list.add(received.record)

        #expect(received.values.isEmpty)
        #expect(list.count == 1)
        token.cancel()
        #expect(list.count == 0)
    }

    @Test func deliversInSubscriptionOrderAndQueuesReentrantSends() {
        let list = SubscriberList<Int>()
        let log = Recorder<String>()
        let a = list.add { value in
            log.record("A\(value)")
            if value == 1 { list.send(2) }
        }
        let b = list.add { log.record("B\($0)") }

        list.send(1)
        list.send(3)

        #expect(log.values == ["A1", "B1", "A2", "B2", "A3", "B3"])
        _ = (a, b)
    }

    @Test func cancelledDuringDeliveryGetsNothingFurther() {
        let list = SubscriberList<Int>()
        let log = Recorder<String>()
        let victim = TokenBox()
        let a = list.add { value in
            log.record("A\(value)")
            if value == 1 {
                list.send(2)
                victim.token?.cancel()
            }
        }
        victim.token = list.add { log.record("B\($0)") }

        list.send(1)

        #expect(log.values == ["A1", "A2"])
        #expect(list.count == 1)
        _ = a
    }

    @Test func addedDuringDeliveryGetsOnlyValuesSentAfterwards() {
        let list = SubscriberList<Int>()
        let log = Recorder<String>()
        let late = TokenBox()
        let a = list.add { value in
            log.record("A\(value)")
            if value == 1 {
                list.send(2)
                late.token = list.add { log.record("C\($0)") }
                list.send(3)
            }
        }

        list.send(1)
        list.send(4)

        #expect(log.values == ["A1", "A2", "A3", "C3", "A4", "C4"])
        _ = a
    }

    @Test func aSecondDeliveryAfterAReentrantOneStartsCleanly() {
        // After a delivery with queued values has finished, the next send is delivered at once.
        let list = SubscriberList<Int>()
        let received = Recorder<Int>()
        let a = list.add { value in
            received.record(value)
            if value == 1 { list.send(2) }
        }

        list.send(1)
        #expect(received.values == [1, 2])
        list.send(5)
        #expect(received.values == [1, 2, 5])
        _ = a
    }
}
