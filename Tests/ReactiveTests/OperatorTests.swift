import Reactive
import Testing

@MainActor
@Suite("Operators")
struct OperatorTests {
    // MARK: - map

    @Test func mapTransformsTheCurrentValueAndEveryLaterOne() {
        let observable = Observable(1)
        let received = Recorder<String>()
        let token = observable.map { "#\($0 * 10)" }.sink(received.record)

        observable.value = 2
        observable.value = 3

        #expect(received.values == ["#10", "#20", "#30"])
        token.cancel()
    }

    @Test func mapOnAStreamDeliversOnlyLaterValues() {
        let stream = PassthroughStream<Int>()
        let received = Recorder<Int>()
        let token = stream.map { $0 + 100 }.sink(received.record)

        stream.send(1)
        stream.send(2)

        #expect(received.values == [101, 102])
        token.cancel()
    }

    @Test func mapRunsTheTransformOncePerValuePerSubscription() {
        let stream = PassthroughStream<Int>()
        let calls = Recorder<Int>()
        let mapped = stream.map { value -> Int in
            calls.record(value)
            return value * 2
        }
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        let a = mapped.sink(first.record)
        let b = mapped.sink(second.record)

        stream.send(1)
        stream.send(2)

        #expect(first.values == [2, 4])
        #expect(second.values == [2, 4])
        #expect(calls.values == [1, 1, 2, 2])
        _ = (a, b)
    }

    @Test func mapIsLazyUntilSubscribed() {
        let observable = Observable(1)
        let calls = Recorder<Int>()
        let mapped = observable.map { value -> Int in
            calls.record(value)
            return value
        }
        observable.value = 2
        #expect(calls.values.isEmpty)
        #expect(observable.subscriberCount == 0)

        let token = mapped.sink { _ in }

        #expect(calls.values == [2])
        #expect(observable.subscriberCount == 1)
        token.cancel()
    }

    // MARK: - filter

    @Test func filterPassesOnlyIncludedValues() {
        let observable = Observable(0)
        let received = Recorder<Int>()
        let token = observable.filter { $0.isMultiple(of: 2) }.sink(received.record)

        for value in 1...6 { observable.value = value }

        #expect(received.values == [0, 2, 4, 6])
        token.cancel()
    }

    @Test func filterCanRejectTheInitialValue() {
        let observable = Observable(1)
        let received = Recorder<Int>()
        let token = observable.filter { $0 > 1 }.sink(received.record)
        #expect(received.values.isEmpty)

        observable.value = 5
        observable.value = 0

        #expect(received.values == [5])
        token.cancel()
    }

    @Test func mapAndFilterChain() {
        let stream = PassthroughStream<Int>()
        let received = Recorder<String>()
        let token = stream
            .filter { $0 > 0 }
            .map { $0 * $0 }
            .filter { $0 < 40 }
            .map { "v\($0)" }
            .sink(received.record)

        [-3, 1, 2, 9, 5, 7, 0, 3].forEach(stream.send)

        #expect(received.values == ["v1", "v4", "v25", "v9"])
        token.cancel()
    }

    // MARK: - removeDuplicates

    @Test func removeDuplicatesSkipsConsecutiveRepeats() {
        let observable = Observable(1)
        let received = Recorder<Int>()
        let token = observable.removeDuplicates().sink(received.record)

        for value in [1, 1, 2, 2, 2, 3, 1, 1] { observable.value = value }

        #expect(received.values == [1, 2, 3, 1])
        token.cancel()
    }

    @Test func removeDuplicatesComparesWithThePreviousValueOnly() {
        let stream = PassthroughStream<String>()
        let received = Recorder<String>()
        let token = stream.removeDuplicates().sink(received.record)

        ["a", "b", "a", "b", "b", "a"].forEach(stream.send)

        #expect(received.values == ["a", "b", "a", "b", "a"])
        token.cancel()
    }

    @Test func removeDuplicatesHandlesOptionalValues() {
        let stream = PassthroughStream<Int?>()
        let received = Recorder<Int?>()
        let token = stream.removeDuplicates().sink(received.record)

        [nil, nil, 1, 1, nil, 2, nil, nil].forEach(stream.send)

        #expect(received.values == [nil, 1, nil, 2, nil])
        token.cancel()
    }

    @Test func removeDuplicatesMemoryIsPerSubscription() {
        let observable = Observable(1)
        let deduplicated = observable.removeDuplicates()
        let first = Recorder<Int>()
        let second = Recorder<Int>()

        let a = deduplicated.sink(first.record)
        observable.value = 2
        // A shared memory would already hold 2 and swallow the second subscriber's initial value.
        let b = deduplicated.sink(second.record)
        observable.value = 2
        observable.value = 3

        #expect(first.values == [1, 2, 3])
        #expect(second.values == [2, 3])
        _ = (a, b)
    }

    @Test func removeDuplicatesResubscribingStartsWithAFreshMemory() {
        let observable = Observable(7)
        let deduplicated = observable.removeDuplicates()
        let first = Recorder<Int>()
        let second = Recorder<Int>()

        deduplicated.sink(first.record).cancel()
        let token = deduplicated.sink(second.record)

        #expect(first.values == [7])
        #expect(second.values == [7])
        token.cancel()
    }

    @Test func removeDuplicatesAfterMapComparesMappedValues() {
        let observable = Observable(1)
        let received = Recorder<Bool>()
        let token = observable.map { $0 > 10 }.removeDuplicates().sink(received.record)

        for value in [2, 3, 11, 12, 5, 4, 20] { observable.value = value }

        #expect(received.values == [false, true, false, true])
        token.cancel()
    }

    // MARK: - combineLatest

    @Test func combineLatestWaitsForBothSidesThenEmitsOnEither() {
        let numbers = PassthroughStream<Int>()
        let letters = PassthroughStream<String>()
        let received = Recorder<String>()
        let token = numbers.combineLatest(letters).sink { received.record("\($0.0)\($0.1)") }

        numbers.send(1)
        numbers.send(2)
        #expect(received.values.isEmpty)

        letters.send("a")
        numbers.send(3)
        letters.send("b")
        letters.send("c")

        #expect(received.values == ["2a", "3a", "3b", "3c"])
        token.cancel()
    }

    @Test func combineLatestWaitsWhenTheRightSideEmitsFirst() {
        let numbers = PassthroughStream<Int>()
        let letters = PassthroughStream<String>()
        let received = Recorder<String>()
        let token = numbers.combineLatest(letters).sink { received.record("\($0.0)\($0.1)") }

        letters.send("a")
        letters.send("b")
        #expect(received.values.isEmpty)

        numbers.send(1)
        letters.send("c")

        #expect(received.values == ["1b", "1c"])
        token.cancel()
    }

    @Test func combineLatestOfTwoObservablesEmitsOnceAtOnceThenOnEitherSide() {
        let count = Observable(1)
        let name = Observable("x")
        let received = Recorder<String>()
        let token = count.combineLatest(name).sink { received.record("\($0.1)=\($0.0)") }

        #expect(received.values == ["x=1"])

        count.value = 2
        name.value = "y"
        name.value = "y"

        #expect(received.values == ["x=1", "x=2", "y=2", "y=2"])
        token.cancel()
    }

    @Test func combineLatestOfAnObservableAndAStreamWaitsForTheStream() {
        let count = Observable(1)
        let ticks = PassthroughStream<Int>()
        let received = Recorder<String>()
        let token = count.combineLatest(ticks).sink { received.record("\($0.0):\($0.1)") }
        #expect(received.values.isEmpty)

        count.value = 2
        ticks.send(100)
        count.value = 3

        #expect(received.values == ["2:100", "3:100"])
        token.cancel()
    }

    @Test func combineLatestMemoryIsPerSubscription() {
        let numbers = PassthroughStream<Int>()
        let letters = PassthroughStream<String>()
        let combined = numbers.combineLatest(letters)
        let first = Recorder<String>()
        let second = Recorder<String>()
        let a = combined.sink { first.record("\($0.0)\($0.1)") }
        numbers.send(1)
        letters.send("a")

        let b = combined.sink { second.record("\($0.0)\($0.1)") }
        numbers.send(2) // b has no letter yet
        letters.send("b")

        #expect(first.values == ["1a", "2a", "2b"])
        #expect(second.values == ["2b"])
        _ = (a, b)
    }

    @Test func cancellingACombinedSubscriptionUnsubscribesBothUpstreams() {
        let left = Observable(0)
        let right = PassthroughStream<Int>()
        let received = Recorder<String>()
        let token = left.combineLatest(right).sink { received.record("\($0.0),\($0.1)") }
        #expect(left.subscriberCount == 1)
        #expect(right.subscriberCount == 1)
        right.send(1)

        token.cancel()

        #expect(left.subscriberCount == 0)
        #expect(right.subscriberCount == 0)
        left.value = 5
        right.send(6)
        #expect(received.values == ["0,1"])
    }

    @Test func releasingACombinedSubscriptionUnsubscribesBothUpstreams() {
        let left = Observable(0)
        let right = Observable("a")
        let received = Recorder<String>()
        var bag = Set<AnyCancellable>()
        left.combineLatest(right).sink { received.record("\($0.0)\($0.1)") }.store(in: &bag)
        #expect(left.subscriberCount == 1)
        #expect(right.subscriberCount == 1)

        bag.removeAll()

        #expect(left.subscriberCount == 0)
        #expect(right.subscriberCount == 0)
        left.value = 1
        #expect(received.values == ["0a"])
    }

    @Test func combineLatestComposesWithOtherOperators() {
        let query = Observable("")
        let items = Observable(["apple", "banana", "avocado"])
        let received = Recorder<[String]>()
        let token = query
            .combineLatest(items)
            .map { prefix, list in list.filter { prefix.isEmpty || $0.hasPrefix(prefix) } }
            .removeDuplicates()
            .sink(received.record)

        query.value = "a"
        query.value = "av"
        query.value = "avo" // same result as "av": deduplicated
        items.value = ["avocado", "apricot"]

        #expect(received.values == [
            ["apple", "banana", "avocado"],
            ["apple", "avocado"],
            ["avocado"],
        ])
        token.cancel()
        #expect(query.subscriberCount == 0)
        #expect(items.subscriberCount == 0)
    }

    // MARK: - Cancellation through operators

    @Test func cancellingAnOperatorChainUnsubscribesTheSource() {
        let observable = Observable(0)
        let received = Recorder<Int>()
        let token = observable.map { $0 + 1 }.filter { $0 > 0 }.removeDuplicates().sink(received.record)
        #expect(observable.subscriberCount == 1)

        token.cancel()
        observable.value = 9

        #expect(observable.subscriberCount == 0)
        #expect(received.values == [1])
    }

    // MARK: - AnyPublisher

    @Test func eraseToAnyPublisherBehavesLikeTheUpstream() {
        let observable = Observable(1)
        let erased: AnyPublisher<Int> = observable.eraseToAnyPublisher()
        let received = Recorder<Int>()
        let token = erased.sink(received.record)

        observable.value = 2

        #expect(received.values == [1, 2])
        #expect(observable.subscriberCount == 1)
        token.cancel()
        #expect(observable.subscriberCount == 0)
    }

    @Test func anyPublisherFromAClosureUsesItForEverySubscription() {
        let subscriptions = Recorder<Int>()
        let cancellations = Recorder<Int>()
        let publisher = AnyPublisher<Int> { receive in
            subscriptions.record(subscriptions.values.count + 1)
            receive(42)
            return AnyCancellable { cancellations.record(1) }
        }
        let received = Recorder<Int>()

        let a = publisher.sink(received.record)
        let b = publisher.sink(received.record)
        #expect(received.values == [42, 42])
        #expect(subscriptions.values == [1, 2])

        a.cancel()
        b.cancel()
        #expect(cancellations.values.count == 2)
    }
}
