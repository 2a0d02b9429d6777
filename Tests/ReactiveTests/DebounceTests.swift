import Reactive
import Testing

/// `debounce` on a scheduler whose time a test moves: every value delivered and every wait
/// begun, run and cancelled is asserted.
@MainActor
@Suite("debounce")
struct DebounceTests {
    let scheduler = TestScheduler()
    let typed = PassthroughStream<String>()
    let received = Recorder<String>()

    @Test func aBurstBecomesItsLastValueOnceTheIntervalPassesWithoutAnother() {
        let token = typed.debounce(for: .milliseconds(300), on: scheduler).sink(received.record)

        typed.send("j")
        scheduler.advance(by: .milliseconds(120))
        typed.send("ja")
        scheduler.advance(by: .milliseconds(120))
        typed.send("jac")
        scheduler.advance(by: .milliseconds(299))
        #expect(received.values == [], "not yet: 299 ms of quiet")

        scheduler.advance(by: .milliseconds(1))
        #expect(received.values == ["jac"])
        #expect(scheduler.log == ["wait 300 ms", "cancel", "wait 300 ms", "cancel", "wait 300 ms", "run at 540 ms"])
        #expect(scheduler.pending == 0)
        token.cancel()
    }

    @Test func valuesFartherApartThanTheIntervalEachPass() {
        let token = typed.debounce(for: .milliseconds(300), on: scheduler).sink(received.record)

        typed.send("a")
        scheduler.advance(by: .milliseconds(500))
        typed.send("b")
        scheduler.advance(by: .milliseconds(300))
        typed.send("b")
        scheduler.advance(by: .seconds(1))

        #expect(received.values == ["a", "b", "b"], "repeats pass: dropping them is removeDuplicates' work")
        #expect(scheduler.log == ["wait 300 ms", "run at 300 ms", "wait 300 ms", "run at 800 ms", "wait 300 ms", "run at 1100 ms"])
        token.cancel()
    }

    @Test func cancellingDropsTheValueWaiting() {
        let token = typed.debounce(for: .milliseconds(300), on: scheduler).sink(received.record)
        typed.send("jack")
        token.cancel()
        scheduler.advance(by: .seconds(1))

        #expect(received.values == [])
        #expect(scheduler.log == ["wait 300 ms", "cancel"])
        #expect(typed.subscriberCount == 0)
    }

    @Test func eachSubscriptionWaitsOnItsOwn() {
        let debounced = typed.debounce(for: .milliseconds(300), on: scheduler)
        let other = Recorder<String>()
        let a = debounced.sink(received.record)
        typed.send("x")
        scheduler.advance(by: .milliseconds(200))
        let b = debounced.sink(other.record)
        typed.send("y")
        scheduler.advance(by: .milliseconds(300))

        #expect(received.values == ["y"])
        #expect(other.values == ["y"])
        _ = (a, b)
    }

    @Test func itsChainNamesTheInterval() {
        let labelled = PassthroughStream<String>(traceLabel: "VM.typed", tracer: SubscriptionTracer())
        #expect(labelled.debounce(for: .milliseconds(300), on: scheduler).chain.stages == ["VM.typed", "debounce(0.3 s)"])
        #expect(labelled.debounce(for: .seconds(2), on: scheduler).chain.stages == ["VM.typed", "debounce(2 s)"])
        #expect(labelled.debounce(for: .milliseconds(1250), on: scheduler).chain.stages == ["VM.typed", "debounce(1.25 s)"])
        #expect(labelled.debounce(for: .milliseconds(5), on: scheduler).chain.stages == ["VM.typed", "debounce(0.005 s)"])
    }
}
