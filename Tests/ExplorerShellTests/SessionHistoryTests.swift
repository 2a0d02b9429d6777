import ExplorerCore
@testable import ExplorerShell
import ExplorerText
import ExplorerTrace
import Reactive
import Testing

/// The history's store: a command kept as it ends, numbered as typed, with each view model's
/// state then; bounded, the oldest dropped and counted; what each changed worked out only when
/// asked.
@MainActor
@Suite("Session history")
struct SessionHistoryTests {
    struct Row: TraceIdentifiable, Equatable {
        var id: String
        var name: String
        var starred = false
        var traceID: String { id }
        var traceName: String { name }
    }

    struct State: Equatable, TraceSummarizable {
        var page = 1
        var rows: [Row] = []
        var traceSummary: String { "page \(page), \(rows.count) rows" }
    }

    static let rows = ["Luke", "Leia", "Han", "Chewbacca", "Yoda"].enumerated().map { Row(id: "\($0.offset + 1)", name: $0.element) }

    /// A view model's state, as a feature's observable holds it, and the history tracking it.
    let state = Observable(State(rows: SessionHistoryTests.rows), traceLabel: "TestViewModel.state")
    let history: SessionHistory

    init() {
        history = SessionHistory(capacity: 10)
        let state = state
        history.track(LiveViewModel(featureID: "test", state: state))
    }

    /// Runs a "command": begins it, applies `change` to the state, keeps it.
    func run(_ line: String, failing: String? = nil, _ change: (inout State) -> Void = { _ in }) {
        let begun = history.begin()
        change(&state.value)
        history.keep(begun, words: line.split(separator: " ").map(String.init), feature: "test",
                     failure: failing.map { CommandError($0) }, screen: nil)
    }

    func summaries() -> [String] {
        history.entries.map { HistoryCommand.line($0, in: history).summary }
    }

    @Test func eachCommandIsKeptWithTheStateRightAfterIt() throws {
        run("page 2") { $0.page = 2 }
        run("sort name") { $0.rows.sort { $0.name < $1.name } }
        #expect(history.entries.map(\.number) == [1, 2])
        #expect(history.entries.map(\.command) == ["page 2", "sort name"])
        let first = try #require(history.entry(1)?.states.first?.state as? State)
        #expect(first == State(page: 2, rows: Self.rows), "command 1's state is kept as it was, whatever came after")
        #expect(history.now == 2)
    }

    @Test func whatEachChangedIsSaidInALine() {
        run("use test")
        run("page 2") { $0.page = 2 }
        run("sort name") { $0.rows.sort { $0.name < $1.name } }
        run("star 3") { $0.rows[2].starred = true }
        #expect(summaries() == [
            "test: first used, page 1, 5 rows",
            "test: page 1 → 2",
            "test: rows reordered (5)",
            "test: rows Leia: starred false → true",
        ])
        run("help")
        #expect(summaries().last == "changed nothing")
    }

    @Test func aFailedCommandSaysSoAndThatItChangedNothing() {
        run("use test")
        run("open 40", failing: "no row 40: there are 5 rows")
        #expect(summaries().last == "error: no row 40: there are 5 rows (changed nothing)")
        #expect(history.entries.last?.failure != nil)
    }

    @Test func theOldestAreDroppedAndCountedAndTheFirstKeptStillSaysWhatItChanged() throws {
        for page in 2...13 { run("page \(page)") { $0.page = page } }
        #expect(history.entries.map(\.number) == Array(3...12))
        #expect(history.dropped == 2)
        #expect(summaries().first == "test: page 3 → 4", "measured from the last entry dropped")
        #expect(throws: CommandError("command 1 was dropped: the history keeps the last 10 (3–12)")) { try history.kept(1) }
        #expect(throws: CommandError("no command 99: the history holds 3–12")) { try history.kept(99) }
    }

    @Test func dropsAreManyWithoutTheEntriesMovingEachTime() {
        let history = SessionHistory(capacity: 500)
        for number in 1...2_000 {
            history.keep(history.begin(), words: ["page", "\(number)"], feature: nil, failure: nil, screen: nil)
        }
        #expect(history.entries.count == 500)
        #expect(history.entries.first?.number == 1_501)
        #expect(history.entry(1_750)?.command == "page 1750")
        #expect(history.dropped == 1_500)
    }

    @Test func aRunIsNumberedBeforeTheLinesOfItsFileAndSaysWhatTheWholeFileChanged() throws {
        let state = Observable(State())
        let history = SessionHistory()
        history.track(LiveViewModel(featureID: "test", state: state))
        func run(_ line: String, _ change: (inout State) -> Void) {
            let begun = history.begin()
            change(&state.value)
            history.keep(begun, words: line.split(separator: " ").map(String.init), feature: "test", failure: nil, screen: nil)
        }
        run("page 2") { $0.page = 2 }
        let file = history.begin()
        run("page 3") { $0.page = 3 }
        run("page 4") { $0.page = 4 }
        // A `jump 2` on the file's third line: the `run` has not ended.
        let jump = history.begin()
        #expect(throws: CommandError("command 2 is still running (a `run` reading its file): the history holds 1–4")) { try history.kept(2) }
        #expect(throws: CommandError("command 5 is this one: the history holds 1–4")) { try history.kept(5) }
        history.keep(jump, words: ["jump", "2"], feature: "test", failure: CommandError("…"), screen: nil)
        history.keep(file, words: ["run", "pages.txt"], feature: "test", failure: nil, screen: nil)
        #expect(history.entries.map(\.number) == [1, 2, 3, 4, 5])
        #expect(history.entries.map(\.depth) == [0, 0, 1, 1, 1])
        #expect(history.entries.map { HistoryCommand.line($0, in: history).summary }.dropFirst()
                == ["test: page 2 → 4", "test: page 2 → 3", "test: page 3 → 4", "error: … (changed nothing)"])
        #expect(history.now == 5)
        let next = history.begin()
        #expect(next.startedAfter == 5, "the next command starts from the file's last line")
    }

    /// A value that counts how often it is compared.
    struct Compared: Equatable {
        nonisolated(unsafe) static var comparisons = 0
        var value = 0
        static func == (lhs: Compared, rhs: Compared) -> Bool {
            comparisons += 1
            return lhs.value == rhs.value
        }
    }

    @Test func keepingACommandComparesNothingUntilHistoryAsks() {
        let history = SessionHistory()
        let state = Observable(Compared())
        history.track(LiveViewModel(featureID: "compared", state: state))
        Compared.comparisons = 0
        for value in 1...100 {
            let begun = history.begin()
            state.value.value = value
            history.keep(begun, words: ["set"], feature: nil, failure: nil, screen: nil)
        }
        #expect(Compared.comparisons == 0, "a command is kept without its state being compared to the last")
        let last = history.entries.last!
        #expect(HistoryCommand.line(last, in: history).summary.hasPrefix("compared: value 99 → 100"))
        #expect(Compared.comparisons > 0, "`history` compares")
    }

    @Test func aStateIsReadAgainOnlyWhenItsViewModelPublished() {
        let history = SessionHistory()
        let state = Observable(0)
        var reads = 0
        history.track(LiveViewModel(featureID: "number", label: "NumberViewModel.state",
                                    read: { reads += 1; return state.value }, published: { state.assignments }))
        for _ in 1...10 { history.keep(history.begin(), words: ["help"], feature: nil, failure: nil, screen: nil) }
        #expect(reads == 1, "commands that published nothing share the state read first")
        state.value = 5
        history.keep(history.begin(), words: ["set", "5"], feature: nil, failure: nil, screen: nil)
        #expect(reads == 2)
        #expect(history.entries.map { $0.states.first?.state as? Int } == Array(repeating: 0, count: 10) + [5])
    }

    @Test func aCommandIsWrittenAsTyped() {
        run("search")
        history.keep(history.begin(), words: ["search", "guns n' roses"], feature: nil, failure: nil, screen: nil)
        history.keep(history.begin(), words: ["say", "a \"b\""], feature: nil, failure: nil, screen: nil)
        #expect(history.entries.map(\.command).suffix(2) == [#"search "guns n' roses""#, #"say 'a "b"'"#])
    }
}
