import Testing
import TestSupport
@testable import ExplorerText

@Suite("TextTable")
struct TextTableTests {
    private func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func rowsAreKeptOneCellPerColumnShortRowsFilledLongOnesCut() {
        let table = TextTable(columns: [.init("a"), .init("b")], rows: [["1"], ["2", "3", "extra"], []])
        #expect(table.rowCount == 3)
        #expect(table.cells == ["1", "", "2", "3", "", ""])
        #expect(table.rows == [["1", ""], ["2", "3"], ["", ""]])
        let same = TextTable(columns: [.init("a"), .init("b")], cells: ["1", "", "2", "3", "", ""], rowCount: 3)
        #expect(same.render(width: 80) == table.render(width: 80))
        #expect(lines(table.render(width: 80)) == ["a  b", "1", "2  3", ""])
    }

    @Test func aCellThatMustBeSanitizedIsShownSanitizedAndTheTableKeepsItsOwn() {
        let table = TextTable(columns: [.init("name"), .init("n", alignment: .right)], rows: [["a\u{1B}[31mb", "1"], ["ok", "22"]])
        #expect(lines(table.render(width: 80)) == ["name     n", "a[31mb   1", "ok      22"])
        #expect(table.cells[0] == "a\u{1B}[31mb")
    }

    @Test func alignsColumnsByDisplayWidthWithCJKCells() {
        let table = TextTable(
            columns: [.init("name"), .init("n", alignment: .right)],
            rows: [["周杰倫", "5"], ["abc", "120"]])
        #expect(lines(table.render(width: 80)) == [
            "name      n",
            "周杰倫    5",
            "abc     120",
        ])
        #expect(lines(table.render(width: 80)).map(\.displayWidth) == [11, 11, 11])
    }

    @Test func rightAlignedColumnsArePaddedOnTheLeft() {
        let table = TextTable(
            columns: [.init("#", alignment: .right, truncatable: false), .init("name"), .init("cost", alignment: .right)],
            rows: [["1", "X-wing", "149,999"], ["10", "Death Star", "1,000,000,000,000"]])
        #expect(table.render(width: 80) == """
             #  name                     cost
             1  X-wing                149,999
            10  Death Star  1,000,000,000,000
            """)
    }

    @Test func fitsTheWidthByTruncatingTheWidestTruncatableColumn() {
        let table = TextTable(
            columns: [.init("#", alignment: .right, truncatable: false), .init("name"), .init("model")],
            rows: [["1", "Millennium Falcon", "YT-1300 light freighter"], ["10", "X-wing", "T-65 X-wing"]])
        // Natural width 46; "model" (23) gives up 6 columns, "name" (17) none.
        let rendered = lines(table.render(width: 40))
        #expect(rendered == [
            " #  name               model",
            " 1  Millennium Falcon  YT-1300 light fr…",
            "10  X-wing             T-65 X-wing",
        ])
        #expect(rendered.map(\.displayWidth).max() == 40)
    }

    @Test func truncationTakesFromTheWidestColumnInTurn() {
        let table = TextTable(
            columns: [.init("a"), .init("b")],
            rows: [["abcdefghij", "abcdefgh"]])
        // Natural 10 + 2 + 8 = 20. Fitting 16: "a" gives 10→8, then on a tie the first column
        // gives one (7), then "b" (8→7).
        #expect(lines(table.render(width: 16)) == [
            "a        b",
            "abcdef…  abcdef…",
        ])
    }

    @Test func truncatedCJKCellDropsTheWideCharacterAndStaysAligned() {
        let table = TextTable(
            columns: [.init("name"), .init("x")],
            rows: [["周杰倫周杰倫", "1"]])
        #expect(lines(table.render(width: 10)) == [
            "name     x",
            "周杰倫…  1",
        ])
        // Width 11 leaves the name column 8 wide: "周杰倫…" is 7, padded with one space.
        #expect(lines(table.render(width: 11)) == [
            "name      x",
            "周杰倫…   1",
        ])
    }

    @Test func nonTruncatableColumnsAreNeverCut() {
        let table = TextTable(
            columns: [.init("#", truncatable: false), .init("name")],
            rows: [["123456", "abcdefghij"]])
        #expect(lines(table.render(width: 12)) == [
            "#       name",
            "123456  abc…",
        ])
    }

    @Test func whenMinimumsDoNotFitTruncatableColumnsGoBelowThemButNotUntruncatableOnes() {
        let table = TextTable(
            columns: [.init("id", truncatable: false), .init("title")],
            rows: [["abcdefghijklmnopqrstuvwxyz", "hello world"]])
        let rendered = lines(table.render(width: 30))
        #expect(rendered == [
            "id                          t…",
            "abcdefghijklmnopqrstuvwxyz  h…",
        ])
        #expect(rendered.map(\.displayWidth) == [30, 30])
    }

    @Test func customMinimumWidthIsRespectedWhileTheTableCanFit() {
        let table = TextTable(
            columns: [.init("k", truncatable: false), .init("v", minimumWidth: 8)],
            rows: [["key", "a long value here"]])
        #expect(lines(table.render(width: 13)) == [
            "k    v",
            "key  a long …",
        ])
        #expect(lines(table.render(width: 5)) == ["k    v", "key  a…"], "then it gives way to the width")
    }

    @Test func droppableColumnsGoLowestFirstWhenMinimumsDoNotFitAndTheNameStays() {
        let table = TextTable(
            columns: [.init("#", alignment: .right, truncatable: false), .init("name", minimumWidth: 12),
                      .init("model", minimumWidth: 8, dropOrder: 2), .init("maker", minimumWidth: 8, dropOrder: 1)],
            rows: [["5", "Millennium Falcon", "YT-1300 light freighter", "Corellian Engineering"]])
        #expect(lines(table.render(width: 36)) == [
            "#  name          model     maker",
            "5  Millennium …  YT-1300…  Corellia…",
        ], "at their minimums everything still fits")
        #expect(lines(table.render(width: 28)) == [
            "#  name          model",
            "5  Millennium …  YT-1300 li…",
        ], "maker (drop order 1) goes first; the rest share the width")
        #expect(lines(table.render(width: 20)) == [
            "#  name",
            "5  Millennium Falcon",
        ], "then model; the number and the name stay")
        #expect(lines(table.render(width: 12)) == ["#  name", "5  Millenni…"], "the name gives way last")
    }

    @Test func noLineEndsInSpaces() {
        let table = TextTable(
            columns: [.init("a"), .init("b"), .init("c")],
            rows: [["x", "", ""], ["long value", "y", ""], ["z"]])
        let rendered = lines(table.render(width: 80))
        #expect(rendered == [
            "a           b  c",
            "x",
            "long value  y",
            "z",
        ])
        #expect(rendered.allSatisfy { !$0.hasSuffix(" ") })
    }

    @Test func headerCanBeTurnedOff() {
        var table = TextTable(columns: [.init("long title"), .init("b")], rows: [["a", "b"]])
        #expect(table.render(width: 80) == "long title  b\na           b")
        table.showsHeader = false
        #expect(table.render(width: 80) == "a  b")
    }

    @Test func headerOnlyWhenThereAreNoRows() {
        let table = TextTable(columns: [.init("id"), .init("title")])
        #expect(table.render(width: 80) == "id  title")
    }

    @Test func cellsAreSanitized() {
        let table = TextTable(
            columns: [.init("c1"), .init("c2")],
            rows: [["\u{1B}[31mred\u{1B}[0m", "a\nb"]])
        #expect(lines(table.render(width: 80)) == [
            "c1          c2",
            "[31mred[0m  a b",
        ])
    }

    @Test func customSeparator() {
        var table = TextTable(columns: [.init("a"), .init("b")], rows: [["1", "2"]])
        table.separator = " | "
        #expect(table.render(width: 80) == "a | b\n1 | 2")
    }

    @Test func coloredStyleWrapsOnlyTheHeader() {
        let table = TextTable(columns: [.init("a"), .init("b")], rows: [["1", "2"]])
        #expect(table.render(width: 80, style: .colored) == "\u{1B}[1ma  b\u{1B}[0m\n1  2")
        #expect(table.render(width: 80, style: .plain) == "a  b\n1  2")
    }
}
