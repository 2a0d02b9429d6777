import Reactive
import Testing

private struct Starship: TraceSummarizable {
    let name: String
    var traceSummary: String { "starship \(name)" }
}

private struct Verbose: CustomStringConvertible {
    let description: String
}

/// The handler is global, so these tests run one at a time and always uninstall it.
@MainActor
@Suite("ReactiveTrace", .serialized)
struct ReactiveTraceTests {
    /// Installs a handler that records `label: summary` lines for the duration of `body`.
    private func tracing(_ body: () -> Void) -> [String] {
        let lines = Recorder<String>()
        ReactiveTrace.handler = { label, summary in lines.record("\(label): \(summary)") }
        defer { ReactiveTrace.handler = nil }
        body()
        return lines.values
    }

    @Test func labelledObservableReportsEachAssignment() {
        let rows = Observable([Int](), traceLabel: "StarshipsViewModel.rows")

        let lines = tracing {
            rows.value = [1, 2, 3]
            rows.value = [4]
            rows.value = []
            rows.value = [] // an equal value is still an assignment
        }

        #expect(lines == [
            "StarshipsViewModel.rows: 3 items",
            "StarshipsViewModel.rows: 1 item",
            "StarshipsViewModel.rows: 0 items",
            "StarshipsViewModel.rows: 0 items",
        ])
        #expect(ReactiveTrace.handler == nil)
    }

    @Test func handlerReceivesLabelAndSummarySeparately() {
        let rows = Observable(["a"], traceLabel: "VM.rows")
        let labels = Recorder<String>()
        let summaries = Recorder<String>()
        ReactiveTrace.handler = { label, summary in
            labels.record(label)
            summaries.record(summary)
        }
        defer { ReactiveTrace.handler = nil }

        rows.value = ["a", "b", "c"]

        #expect(labels.values == ["VM.rows"])
        #expect(summaries.values == ["3 items"])
    }

    @Test func optionalValuesAreSummarizedAsNilOrTheirContent() {
        let selection = Observable<[String]?>(nil, traceLabel: "VM.selection")
        let count = Observable<Int?>(0, traceLabel: "VM.count")

        let lines = tracing {
            selection.value = ["x", "y", "z"]
            selection.value = ["x"]
            selection.value = nil
            count.value = nil
            count.value = 42
        }

        #expect(lines == [
            "VM.selection: 3 items",
            "VM.selection: 1 item",
            "VM.selection: nil",
            "VM.count: nil",
            "VM.count: 42",
        ])
    }

    @Test func unlabelledPublishersReportNothing() {
        let rows = Observable([1, 2])
        let events = PassthroughStream<Int>()
        let received = Recorder<Int>()
        let token = events.sink(received.record)

        let lines = tracing {
            rows.value = [1, 2, 3]
            events.send(1)
        }

        #expect(lines.isEmpty)
        #expect(received.values == [1]) // delivery is unaffected
        token.cancel()
    }

    @Test func initialValueAndSubscribingAreNotReported() {
        let lines = tracing {
            let rows = Observable([1, 2, 3], traceLabel: "VM.rows")
            let token = rows.sink { _ in }
            token.cancel()
        }

        #expect(lines.isEmpty)
    }

    @Test func labelledStreamReportsEachSend() {
        let events = PassthroughStream<String>(traceLabel: "VM.events")
        let flags = PassthroughStream<Bool>(traceLabel: "VM.flags")

        let lines = tracing {
            events.send("hello") // text is shown as text, not as a collection of characters
            flags.send(true)
        }

        #expect(lines == ["VM.events: hello", "VM.flags: true"])
    }

    @Test func reportsEvenWithoutSubscribersAndForReentrantAssignments() {
        let count = Observable(0, traceLabel: "VM.count")
        let lines = tracing {
            count.value = 1 // no subscribers yet
            let token = count.sink { value in
                if value == 2 { count.value = 3 }
            }
            count.value = 2
            token.cancel()
        }

        #expect(lines == ["VM.count: 1", "VM.count: 2", "VM.count: 3"])
    }

    @Test func nothingIsReportedOnceTheHandlerIsRemoved() {
        let rows = Observable([Int](), traceLabel: "VM.rows")
        let lines = Recorder<String>()
        ReactiveTrace.handler = { label, summary in lines.record("\(label): \(summary)") }
        rows.value = [1]

        ReactiveTrace.handler = nil
        rows.value = [1, 2]

        #expect(lines.values == ["VM.rows: 1 item"])
    }

    @Test func traceSummarizableValuesDescribeThemselves() {
        let selected = Observable<Starship?>(nil, traceLabel: "VM.selected")

        let lines = tracing {
            selected.value = Starship(name: "Millennium Falcon")
            selected.value = nil
        }

        #expect(lines == ["VM.selected: starship Millennium Falcon", "VM.selected: nil"])
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
