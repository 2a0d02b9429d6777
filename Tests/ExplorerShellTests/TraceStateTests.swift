import CustomDump
import Testing
@testable import ExplorerTrace

/// What `trace state` says of a change: key paths of what changed, a collection's elements by
/// who they are (removed, added, moved, changed), nothing of what did not change.
@Suite("trace state")
struct TraceStateTests {
    struct Row: TraceIdentifiable, Equatable {
        var id: String
        var name: String
        var starred = false
        var traceID: String { id }
        var traceName: String { name }
    }

    struct State {
        var screen = "list"
        var rows: [Row] = []
        var detail: Row?
        var names: [String: String] = [:]
        var counts: [Int] = []
    }

    static let rows = ["Luke", "Leia", "Han", "Chewbacca", "Yoda"].enumerated().map { Row(id: "\($0.offset + 1)", name: $0.element) }

    func lines(_ old: State, _ new: State, full: Bool = false) -> [String] {
        StateDiff.changes(old, new).flatMap { $0.lines(full: full) }
    }

    @Test func aValueIsWhatItWasAndIsAndNothingElseIsSaid() {
        #expect(lines(State(), State(screen: "detail")) == [#"screen: "list" → "detail""#])
        #expect(StateDiff.changes(State(rows: Self.rows), State(rows: Self.rows)).isEmpty, "nothing changed, nothing said")
    }

    @Test func aSortIsTheSameRowsMoved() {
        let sorted = Self.rows.sorted { $0.name < $1.name }
        #expect(lines(State(rows: Self.rows), State(rows: sorted)) == ["rows: moved Chewbacca, Han, Leia"], "Luke and Yoda stay in order")
        let reversed = Array(Self.rows.reversed())
        #expect(lines(State(rows: Self.rows), State(rows: reversed)) == ["rows: reordered, 4 of 5 moved: Yoda, Chewbacca, Han, … 1 more"], "in their new order")
        let swapped = [Self.rows[1], Self.rows[0]] + Self.rows[2...]
        #expect(lines(State(rows: Self.rows), State(rows: swapped)) == ["rows: moved Leia"])
    }

    @Test func aFilterRemovesRowsByNameAndCountsTheRest() {
        #expect(lines(State(rows: Self.rows), State(rows: [Self.rows[4]])) == ["rows: 4 removed (5 → 1): Luke, Leia, Han, … 1 more"])
        #expect(lines(State(rows: Self.rows), State(rows: [Self.rows[4]]), full: true) == ["rows: 4 removed (5 → 1): Luke, Leia, Han, Chewbacca"])
        #expect(lines(State(), State(rows: Array(Self.rows.prefix(2)))) == ["rows: 2 added (0 → 2): Luke, Leia"])
    }

    @Test func aChangedRowIsThatRowWithWhatChangedInIt() {
        var starred = Self.rows
        starred[2].starred = true
        #expect(lines(State(rows: Self.rows, detail: Self.rows[2]), State(rows: starred, detail: starred[2])) == [
            "rows: Han: starred: false → true",
            "detail: Han: starred: false → true",
        ])
        #expect(lines(State(), State(detail: Self.rows[0])) == ["detail: nil → Luke"])
        #expect(lines(State(detail: Self.rows[0]), State(detail: Self.rows[1])) == ["detail: Luke → Leia"])
    }

    @Test func aDictionaryIsItsEntriesByKey() {
        let names = ["https://a/1": "Luke", "https://a/2": "Leia"]
        #expect(lines(State(), State(names: names)) == [#"names: 2 added (0 → 2): "Luke", "Leia""#])
        #expect(lines(State(names: names), State(names: ["https://a/1": "Luke", "https://a/2": "Leia Organa"])) == [
            #"names: "Leia Organa": "Leia" → "Leia Organa""#,
        ])
    }

    /// Strings, numbers and flags are written as swift-custom-dump writes them, without it.
    @Test func aSimpleValueIsDumpedAsTheLibraryDumpsIt() {
        let values: [Any] = ["A New Hope", "", "tab\tand é 😀", "say \"hi\"", "back\\slash", "two\nlines", "\u{7}",
                             Optional("wrapped") as Any, Optional<String>.none as Any, 0, -42, Int.max, true, false, 1.5, [1, 2]]
        for value in values {
            #expect(StateDiff.dump(value) == String(customDumping: value), "\(value)")
        }
    }

    @Test func aLargeCollectionIsCountedNotWrittenOut() {
        #expect(lines(State(), State(counts: Array(0..<100_000))) == ["counts: 0 elements → 100000 elements"])
    }

    @Test func aLongListSaysWhoLeftAndCameNotWhatChangedWithin() {
        let many = (0..<1_000).map { Row(id: "\($0)", name: "row \($0)") }
        var starred = many
        starred[7].starred = true
        #expect(StateDiff.changes(State(rows: many), State(rows: starred)).isEmpty)
        #expect(lines(State(rows: many), State(rows: Array(many.dropFirst()))) == ["rows: 1 removed (1000 → 999): row 0"])
    }

    @Test func aLongValueIsItsChangedLinesCapped() {
        let old = State(counts: Array(0..<20)), new = State(counts: Array(100..<120))
        let shown = lines(old, new)
        #expect(shown.first == "counts:")
        #expect(shown.count == 1 + StateChange.linesShown + 1)
        #expect(shown.last == "  … (34 more changed lines)")
        #expect(lines(old, new, full: true).count == 1 + 40)
    }

    enum Place: Equatable { case list, detail(number: Int) }

    struct Screen {
        var place = Place.list
        var title = ""
    }

    func headlines(_ old: some Any, _ new: some Any) -> [String] {
        StateDiff.changes(old, new).map(\.headline)
    }

    @Test func aHeadlineSaysAChangeInAFewWords() {
        let sorted = Self.rows.sorted { $0.name < $1.name }
        #expect(headlines(State(rows: Self.rows), State(rows: sorted)) == ["rows reordered (5)"], "a sort is a reorder, whoever moved")
        #expect(headlines(State(rows: Self.rows), State(rows: [Self.rows[4]])) == ["rows 4 removed"])
        #expect(headlines(State(rows: Array(Self.rows.prefix(2))), State(rows: [Self.rows[2], Self.rows[1], Self.rows[0]])) == ["rows 1 added, reordered"])
        var starred = Self.rows
        starred[2].starred = true
        #expect(headlines(State(rows: Self.rows), State(rows: starred)) == ["rows Han: starred false → true"])
        starred[3].starred = true
        #expect(headlines(State(rows: Self.rows), State(rows: starred)) == ["rows 2 changed"])
        #expect(headlines(State(), State(detail: Self.rows[0])) == ["detail nil → Luke"])
        #expect(headlines(Screen(), Screen(place: .detail(number: 5))) == ["place .list → .detail(number: 5)"],
                "the type both sides name is left out")
        #expect(headlines(Screen(), Screen(title: String(repeating: "long ", count: 10))) == ["title changed"],
                "a value too long for a few words")
    }

    @Test func aReportCountsTheFieldsChanged() {
        let report = StateReport(from: State(rows: Self.rows), to: State(screen: "detail", rows: Array(Self.rows.prefix(1))))
        #expect(report.changedFields == ["screen", "rows"])
        #expect(report.fieldsChanged == "(2 of 5 fields changed)")
        #expect(StateReport(from: State(), to: State()).isEmpty)
        let lines = report.lines(full: false) { "… \($0) more" }
        #expect(lines == [#"screen: "list" → "detail""#, "rows: 4 removed (5 → 1): Leia, Han, Chewbacca, … 1 more"])
    }

    @Test func theLongestRunKeptInOrderStays() {
        #expect(StateDiff.longestCommonSubsequence(["a", "b", "c", "d"], ["b", "a", "c", "d"]).count == 3)
        #expect(StateDiff.longestCommonSubsequence(["a", "b", "c"], ["c", "b", "a"]).count == 1)
        #expect(StateDiff.longestCommonSubsequence([], []) == [])
    }
}
