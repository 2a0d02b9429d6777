import Testing
import TestSupport
@testable import ExplorerText

/// Columns whose long cells run down several lines, wrapped at spaces, instead of being cut.
@Suite("TextTable wrapping columns")
struct TextTableWrappingTests {
    private func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    private static let cities = [
        ["1", "Ottawa", "The capital city of Canada, on the Ottawa River"],
        ["2", "Yukon", "North"],
    ]

    private static func citiesTable(wraps: Bool) -> TextTable {
        TextTable(
            columns: [.init("#", alignment: .right, truncatable: false), .init("name"), .init("about", wraps: wraps)],
            rows: cities)
    }

    @Test func aLongCellIsWrappedAtSpacesToTheFittedWidth() {
        // Natural width 1 + 6 + 47 + 4 = 58; at 30, "about" gives up 28 columns and is 19 wide.
        let rendered = lines(Self.citiesTable(wraps: true).render(width: 30))
        #expect(rendered == [
            "#  name    about",
            "1  Ottawa  The capital city of",
            "           Canada, on the",
            "           Ottawa River",
            "2  Yukon   North",
        ])
        #expect(rendered.map(\.displayWidth).max() == 30)
    }

    @Test func theHeaderAndRowsWithoutLongCellsAreAsWithoutWrapping() {
        let wrapped = lines(Self.citiesTable(wraps: true).render(width: 30))
        let cut = lines(Self.citiesTable(wraps: false).render(width: 30))
        #expect(cut == [
            "#  name    about",
            "1  Ottawa  The capital city o…",
            "2  Yukon   North",
        ])
        #expect(wrapped.first == cut.first)
        #expect(wrapped.last == cut.last)
    }

    @Test func aTableThatFitsIsTheSameWithOrWithoutWrapping() {
        for width in [58, 80, 200] {
            #expect(Self.citiesTable(wraps: true).render(width: width) == Self.citiesTable(wraps: false).render(width: width))
        }
        #expect(lines(Self.citiesTable(wraps: true).render(width: 80)) == [
            "#  name    about",
            "1  Ottawa  The capital city of Canada, on the Ottawa River",
            "2  Yukon   North",
        ])
    }

    @Test func theOtherColumnsAreOnTheFirstLineOnly() {
        let table = TextTable(
            columns: [.init("name", wraps: true), .init("km", alignment: .right, truncatable: false)],
            rows: [["Trans-Canada Highway from coast to coast", "7,821"], ["Route 66", "3,940"]])
        // "name" is cut from 40 to 13 columns; "km" stays beside the first line.
        let rendered = lines(table.render(width: 20))
        #expect(rendered == [
            "name              km",
            "Trans-Canada   7,821",
            "Highway from",
            "coast to",
            "coast",
            "Route 66       3,940",
        ])
        #expect(rendered.allSatisfy { $0.displayWidth <= 20 })
    }

    @Test func aWordLongerThanTheColumnIsBrokenOverLinesNotCut() {
        let table = TextTable(
            columns: [.init("name"), .init("about", wraps: true)],
            rows: [["Quebec", "Pneumonoultramicroscopicsilicovolcanoconiosis is long"]])
        let rendered = lines(table.render(width: 24))
        #expect(rendered == [
            "name    about",
            "Quebec  Pneumonoultramic",
            "        roscopicsilicovo",
            "        lcanoconiosis",
            "        is long",
        ])
        #expect(rendered.allSatisfy { $0.displayWidth <= 24 })
    }

    @Test func twoWrappingColumnsRunAsFarAsTheLongerOne() {
        let table = TextTable(
            columns: [.init("a", wraps: true), .init("b", wraps: true)],
            rows: [["one two three four", "five six"]])
        // Natural 18 + 2 + 8 = 28; at 15 "a" is 6 wide and "b" 7 (ties go to the first column).
        let rendered = lines(table.render(width: 15))
        #expect(rendered == [
            "a       b",
            "one     five",
            "two     six",
            "three",
            "four",
        ])
        #expect(rendered.allSatisfy { $0.displayWidth <= 15 })
    }

    @Test func everyLineIsWithinTheWidthAtEveryWidth() {
        let table = TextTable(
            columns: [.init("#", alignment: .right, truncatable: false), .init("name", minimumWidth: 6),
                      .init("about", wraps: true)],
            rows: [["1", "Ottawa", "The capital city of Canada, on the Ottawa River"],
                   ["2", "Prince Edward Island", "Green Gables, red sand and the Confederation Bridge to New Brunswick"],
                   ["3", "Nunavut", "Iqaluit"]])
        for width in 20 ... 100 {
            let rendered = lines(table.render(width: width))
            #expect(rendered.allSatisfy { $0.displayWidth <= width }, "width \(width)")
            #expect(rendered.first == "#  name" + String(repeating: " ", count: rendered.first!.count - 12) + "about")
            #expect(rendered.allSatisfy { !$0.hasSuffix(" ") }, "width \(width)")
        }
    }

    @Test func aWrappingColumnIsAlwaysOneThatGivesUpWidth() {
        let column = TextTable.Column("about", truncatable: false, wraps: true)
        #expect(column.wraps)
        #expect(column.isTruncatable)
        #expect(!TextTable.Column("about").wraps)
    }

    @Test func aScreenTablesWrappingColumnWrapsInText() {
        let table = ScreenTable(
            columns: [.init("row", title: "#", alignment: .right, truncatable: false), .init("about", wraps: true)],
            rows: [[.init("1", 1), .init("The capital city of Canada")]])
        #expect(table.textTable.columns.map(\.wraps) == [false, true])
        let screen = Screen(feature: "facts", kind: "list", blocks: [.table(table)])
        #expect(TextRenderer(width: 16).render(screen) == """
            #  about
            1  The capital
               city of
               Canada
            """)
    }
}
