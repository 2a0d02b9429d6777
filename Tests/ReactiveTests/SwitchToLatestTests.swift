import Reactive
import Testing

/// `switchToLatest` over inner publishers, and ``SingleValue`` — one value made by work begun
/// on subscription — as the inner publisher a search is: every value and every cancel asserted.
@MainActor
@Suite("switchToLatest and SingleValue")
struct SwitchToLatestTests {
    let tracer = SubscriptionTracer()

    @Test func eachInnerPublishersValuesPassUntilTheNextArrives() {
        let outer = PassthroughStream<PassthroughStream<Int>>()
        let first = PassthroughStream<Int>()
        let second = PassthroughStream<Int>()
        let received = Recorder<Int>()
        let token = outer.switchToLatest().sink(received.record)

        outer.send(first)
        first.send(1)
        first.send(2)
        #expect(first.subscriberCount == 1)

        outer.send(second)
        #expect(first.subscriberCount == 0, "the one before is cancelled")
        first.send(3)
        second.send(10)

        #expect(received.values == [1, 2, 10])
        token.cancel()
        #expect(second.subscriberCount == 0, "cancelling cancels the one in flight")
        #expect(outer.subscriberCount == 0)
    }

    @Test func anInnerObservableDeliversItsCurrentValueAtOnce() {
        let outer = Observable(Observable("a"))
        let received = Recorder<String>()
        let token = outer.switchToLatest().sink(received.record)
        outer.value = Observable("b")
        #expect(received.values == ["a", "b"])
        token.cancel()
    }

    // MARK: SingleValue

    /// A search whose answer arrives when the test says (`answer`), its cancelling logged.
    @MainActor
    final class FakeSearch {
        var pending: [String: @MainActor (String) -> Void] = [:]
        var log: [String] = []

        func publisher(_ term: String, tracer: SubscriptionTracer) -> SingleValue<String> {
            SingleValue(owner: "VM", label: "search(\"\(term)\")", tracer: tracer) { deliver in
                self.log.append("request \(term)")
                self.pending[term] = deliver
                return {
                    self.log.append("cancel \(term)")
                    self.pending[term] = nil
                }
            }
        }

        func answer(_ term: String) {
            pending.removeValue(forKey: term)?("results for \(term)")
        }
    }

    @Test func aSingleValueDeliversOnceThenItsSubscriptionHasEnded() {
        let search = FakeSearch()
        let received = Recorder<String>()
        let token = search.publisher("jack", tracer: tracer).sink(received.record)
        #expect(tracer.live == ["VM: search(\"jack\")"], "listed while in flight")

        search.answer("jack")
        #expect(received.values == ["results for jack"])
        #expect(tracer.live == [], "delivered: the subscription has ended")
        token.cancel()
        #expect(search.log == ["request jack"], "cancelling after the value cancels nothing")
        #expect(tracer.events == ["subscribe search(\"jack\")"], "a value delivered ends it without a word")
    }

    @Test func aSingleValueCancelledInFlightNeverDelivers() {
        let search = FakeSearch()
        let received = Recorder<String>()
        let token = search.publisher("jack", tracer: tracer).sink(received.record)
        token.cancel()
        search.answer("jack")

        #expect(received.values == [])
        #expect(search.log == ["request jack", "cancel jack"])
        #expect(tracer.events == ["subscribe search(\"jack\")", "cancel search(\"jack\")"])
        #expect(tracer.live == [])
    }

    @Test func aNewTermSupersedesTheSearchInFlightWhoseAnswerIsDropped() {
        let search = FakeSearch()
        let terms = PassthroughStream<String>()
        let received = Recorder<String>()
        let token = terms.map { [tracer] in search.publisher($0, tracer: tracer) }.switchToLatest().sink(received.record)

        terms.send("jack")
        terms.send("jack johnson")
        search.answer("jack")
        search.answer("jack johnson")
        terms.send("jack")
        search.answer("jack")

        #expect(received.values == ["results for jack johnson", "results for jack"])
        #expect(search.log == ["request jack", "cancel jack", "request jack johnson", "request jack"],
                "the answered search is not cancelled when the next comes")
        #expect(tracer.events == [
            "subscribe search(\"jack\")", "cancel search(\"jack\")", "subscribe search(\"jack johnson\")", "subscribe search(\"jack\")",
        ])
        token.cancel()
    }

    @Test func cancellingTheSubscriptionCancelsTheSearchInFlight() {
        let search = FakeSearch()
        let terms = PassthroughStream<String>()
        let token = terms.map { [tracer] in search.publisher($0, tracer: tracer) }.switchToLatest().sink { _ in }
        terms.send("jack")
        token.cancel()
        #expect(search.log == ["request jack", "cancel jack"])
        #expect(terms.subscriberCount == 0)
    }

    @Test func itsChainNamesTheStage() {
        let terms = PassthroughStream<String>(traceLabel: "VM.terms", tracer: tracer)
        let search = FakeSearch()
        let searches = terms.map { [tracer] term in search.publisher(term, tracer: tracer) }.switchToLatest()
        #expect(searches.chain.stages == ["VM.terms", "map", "switchToLatest"])
    }
}
