import Foundation
import Testing
import TestSupport
@testable import ExplorerText

/// A list cut to its first rows (`head N`, `--rows N`): the rows, a line saying how many were left
/// out and who cut them, `head` in JSON, the first rows in CSV; everything else as it was.
@Suite("Screens: the first rows of a list")
struct ScreenHeadTests {
    private static func cities(_ count: Int) -> ScreenTable {
        ScreenTable(columns: [.init("row", title: "#", alignment: .right, truncatable: false), .init("name")],
                    rows: (1...count).map { [.init("\($0)", .int($0)), .init("city \($0)")] })
    }

    private static let list = Screen(feature: "facts", kind: "list", facts: ["count": 5],
                                     blocks: [.heading("Cities · 5"), .table(cities(5)), .hint("`page next` for more")])

    @Test func theFirstRowsThenALineSayingHowManyWereLeftOutAboveTheHints() {
        let head = Self.list.keepingRows(2, by: "head 2")
        #expect(TextRenderer(width: 80).render(head) == """
            Cities · 5
            #  name
            1  city 1
            2  city 2
            … 3 more rows (head 2 of 5)
            `page next` for more
            """)
        #expect(JSONWriter.string(head.json) == #"""
            {"feature":"facts","screen":"list","count":5,"head":{"rows":2,"of":5},"rows":[{"row":1,"name":"city 1"},{"row":2,"name":"city 2"}]}
            """#, "the list's own count as it was")
        #expect(CSVRenderer.render(head) == "row,name\r\n1,city 1\r\n2,city 2\r\n")
        #expect(head.isHeadOfList)
        #expect(!Self.list.isHeadOfList)
    }

    @Test func oneRowLeftOutIsARow() {
        #expect(TextRenderer(width: 80).render(Self.list.keepingRows(4, by: "--rows 4")).contains("… 1 more row (--rows 4 of 5)"))
    }

    @Test func aListNoLongerThanTheLimitIsAsItWas() {
        #expect(Self.list.keepingRows(5, by: "head 5") == Self.list)
        #expect(Self.list.keepingRows(50, by: "head 50") == Self.list)
    }

    @Test func aScreenThatIsNoListIsAsItWasEvenWithATable() {
        let net = Screen(feature: nil, kind: "net", blocks: [.table(Self.cities(5))])
        #expect(net.keepingRows(2, by: "--rows 2") == net)
        #expect(net.listRowCount == nil)
        #expect(Self.list.listRowCount == 5)
    }

    @Test func aListNestedInAnotherScreenIsCutToo() {
        let arch = Screen(feature: "facts", kind: "arch_path", blocks: [.screen(key: "result", Self.list), .line("arch: page 2")])
        let cut = arch.keepingRows(1, by: "--rows 1")
        #expect(cut.facts["head"] == nil, "the outer screen is no list")
        #expect(cut.blocks[0] == .screen(key: "result", Self.list.keepingRows(1, by: "--rows 1")))
        #expect(cut.blocks[1] == .line("arch: page 2"))
    }

    @Test func aListInSizeClassesIsCutInBothItsLayouts() {
        // The compact layout: each row a line, with lines beneath it (a fact: its title, then its description).
        let compact: [ScreenBlock] = (1...3).flatMap { [.line("\($0)  city \($0)"), .paragraph("about city \($0)", indent: 3)] }
        let screen = Screen(feature: "facts", kind: "list", blocks: [
            .heading("Cities"), .sizeClasses(compact: compact, regular: [.table(Self.cities(3))], regularWidth: 40), .hint("more"),
        ])
        let head = screen.keepingRows(2, by: "head 2")
        #expect(TextRenderer(width: 39).render(head) == """
            Cities
            1  city 1
               about city 1
            2  city 2
               about city 2
            … 1 more row (head 2 of 3)
            more
            """)
        #expect(TextRenderer(width: 40).render(head) == """
            Cities
            #  name
            1  city 1
            2  city 2
            … 1 more row (head 2 of 3)
            more
            """)
        #expect(CSVRenderer.render(head) == "row,name\r\n1,city 1\r\n2,city 2\r\n")
    }

    @Test func aListsRowsAreCutAsTheyAreKept() {
        let columns = [ScreenTable.Column("name")]
        let rows = ScreenTable.ListRows(
            marks: (1...4).map { .init(number: $0, id: "\($0)", isFavourite: $0 == 2) },
            fields: (1...4).map { [ScreenField("name", "ship \($0)")] }, columns: columns)
        let table = ScreenTable(listColumns: columns, rows: rows)
        let head = table.prefix(2)
        #expect(head.rowCount == 2)
        #expect(head.dataRows == Array(table.dataRows.prefix(2)))
        #expect(head.textTable.cells == Array(table.textTable.cells.prefix(2 * 3)))
        #expect(table.prefix(4) == table)
    }
}
