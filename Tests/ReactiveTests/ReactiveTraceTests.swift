import Reactive
import Testing

private struct Starship: TraceSummarizable {
    let name: String
    var traceSummary: String { "starship \(name)" }
}

private struct Verbose: CustomStringConvertible {
    let description: String
}

/// An ``EmissionTracer`` that records `label: summary` lines while it is on.
final class LineTracer: EmissionTracer, @unchecked Sendable {
    var lines: [String] = []
    var isTracing = true
    func emitted(_ label: String, summary: String) { lines.append("\(label): \(summary)") }
}

/// Each observable is given its tracer: nothing is global, so these tests run in parallel.
@MainActor
@Suite("ReactiveTrace")
struct ReactiveTraceTests {
    let tracer = LineTracer()

    @Test func labelledObservableReportsEachAssignment() {
        let rows = Observable([Int](), traceLabel: "StarshipsViewModel.rows", tracer: tracer)

        rows.value = [1, 2, 3]
        rows.value = [4]
        rows.value = []
        rows.value = [] // an equal value is still an assignment

        #expect(tracer.lines == [
            "StarshipsViewModel.rows: 3 items",
            "StarshipsViewModel.rows: 1 item",
            "StarshipsViewModel.rows: 0 items",
            "StarshipsViewModel.rows: 0 items",
        ])
    }

    @Test func twoTracersEachSeeOnlyTheirOwnObservables() {
        let other = LineTracer()
        let rows = Observable(["a"], traceLabel: "VM.rows", tracer: tracer)
        let pages = Observable(1, traceLabel: "Other.page", tracer: other)

        rows.value = ["a", "b", "c"]
        pages.value = 2

        #expect(tracer.lines == ["VM.rows: 3 items"])
        #expect(other.lines == ["Other.page: 2"])
    }

    @Test func aLabelWithoutATracerOrATracerWithoutALabelReportsNothing() {
        let unlabelled = Observable(0, tracer: tracer)
        let untraced = Observable(0, traceLabel: "VM.count")

        unlabelled.value = 1
        untraced.value = 1

        #expect(tracer.lines.isEmpty)
    }

    @Test func optionalValuesAreSummarizedAsNilOrTheirContent() {
        let selection = Observable<[String]?>(nil, traceLabel: "VM.selection", tracer: tracer)
        let count = Observable<Int?>(0, traceLabel: "VM.count", tracer: tracer)

        selection.value = ["x", "y", "z"]
        selection.value = ["x"]
        selection.value = nil
        count.value = nil
        count.value = 42

        #expect(tracer.lines == [
            "VM.selection: 3 items",
            "VM.selection: 1 item",
            "VM.selection: nil",
            "VM.count: nil",
            "VM.count: 42",
        ])
    }

    @Test func unlabelledPublishersReportNothing() {
        let rows = Observable([1, 2], tracer: tracer)
        let events = PassthroughStream<Int>(tracer: tracer)
        let received = Recorder<Int>()
        let token = events.sink(received.record)

        rows.value = [1, 2, 3]
        events.send(1)

        #expect(tracer.lines.isEmpty)
        #expect(received.values == [1]) // delivery is unaffected
        token.cancel()
    }

    @Test func initialValueAndSubscribingAreNotReported() {
        let rows = Observable([1, 2, 3], traceLabel: "VM.rows", tracer: tracer)
        let token = rows.sink { _ in }
        token.cancel()

        #expect(tracer.lines.isEmpty)
    }

    @Test func labelledStreamReportsEachSend() {
        let events = PassthroughStream<String>(traceLabel: "VM.events", tracer: tracer)
        let flags = PassthroughStream<Bool>(traceLabel: "VM.flags", tracer: tracer)

        events.send("hello") // text is shown as text, not as a collection of characters
        flags.send(true)

        #expect(tracer.lines == ["VM.events: hello", "VM.flags: true"])
    }

    @Test func reportsEvenWithoutSubscribersAndForReentrantAssignments() {
        let count = Observable(0, traceLabel: "VM.count", tracer: tracer)
        count.value = 1 // no subscribers yet
        let token = count.sink { value in
            if value == 2 { count.value = 3 }
        }
        count.value = 2
        token.cancel()

        #expect(tracer.lines == ["VM.count: 1", "VM.count: 2", "VM.count: 3"])
    }

    @Test func nothingIsReportedWhileTheTracerIsOff() {
        let rows = Observable([Int](), traceLabel: "VM.rows", tracer: tracer)
        rows.value = [1]

        tracer.isTracing = false
        rows.value = [1, 2]

        #expect(tracer.lines == ["VM.rows: 1 item"])
    }

    @Test func traceSummarizableValuesDescribeThemselves() {
        let selected = Observable<Starship?>(nil, traceLabel: "VM.selected", tracer: tracer)

        selected.value = Starship(name: "Millennium Falcon")
        selected.value = nil

        #expect(tracer.lines == ["VM.selected: starship Millennium Falcon", "VM.selected: nil"])
    }

    // MARK: - summary(of:)

    @Test func summaryCountsCollections() {
        #expect(ReactiveTrace.summary(of: [Int]()) == "0 items")
        #expect(ReactiveTrace.summary(of: [7]) == "1 item")
        #expect(ReactiveTrace.summary(of: [1, 2, 3]) == "3 items")
        #expect(ReactiveTrace.summary(of: ["a": 1, "b": 2]) == "2 items")
        #expect(ReactiveTrace.summary(of: Set([1])) == "1 item")
    }

    @Test func summaryOfOptionals() {
        #expect(ReactiveTrace.summary(of: Optional<[Int]>.none) == "nil")
        #expect(ReactiveTrace.summary(of: Optional([1, 2])) == "2 items")
        #expect(ReactiveTrace.summary(of: Optional(5)) == "5")
        #expect(ReactiveTrace.summary(of: Optional<Int>.none) == "nil")
    }

    @Test func summaryDescribesOtherValues() {
        #expect(ReactiveTrace.summary(of: 42) == "42")
        #expect(ReactiveTrace.summary(of: false) == "false")
        #expect(ReactiveTrace.summary(of: Starship(name: "X-wing")) == "starship X-wing")
    }

    @Test func summaryShortensLongDescriptionsToSixtyCharacters() {
        let sixty = String(repeating: "a", count: 60)
        let sixtyOne = String(repeating: "b", count: 61)

        #expect(ReactiveTrace.summary(of: Verbose(description: sixty)) == sixty)
        let shortened = ReactiveTrace.summary(of: Verbose(description: sixtyOne))
        #expect(shortened == String(repeating: "b", count: 59) + "…")
        #expect(shortened.count == 60)
    }
}
