import Foundation
import Testing
import TestSupport
@testable import ExplorerText

/// Two layouts of one screen: text picks by the width, JSON and CSV always read the regular one.
@Suite("Screens: size classes")
struct ScreenSizeClassesTests {
    private static let regularTable = ScreenTable(
        columns: [.init("row", title: "#", alignment: .right, truncatable: false), .init("name"), .init("province")],
        rows: [[.init("1", 1), .init("Ottawa"), .init("Ontario")],
               [.init("2", 2), .init("Halifax"), .init("Nova Scotia")]])

    private static let compactTable = ScreenTable(
        columns: [.init("row", title: "#", alignment: .right, truncatable: false), .init("place")],
        rows: [[.init("1", 1), .init("Ottawa, Ontario")], [.init("2", 2), .init("Halifax, Nova Scotia")]])

    private static let screen = Screen(
        feature: "facts", kind: "list", facts: ["page": 1, "pages": 3],
        blocks: [
            .heading("Canada · page 1 of 3"),
            .sizeClasses(compact: [.table(compactTable), .note("the compact layout")],
                         regular: [.table(regularTable), .note("the regular layout")],
                         regularWidth: 40),
            .hint("`page next` for more"),
        ])

    // MARK: Text

    @Test func textBelowTheRegularWidthShowsTheCompactBlocks() {
        #expect(TextRenderer(width: 39).render(Self.screen) == """
            Canada · page 1 of 3
            #  place
            1  Ottawa, Ontario
            2  Halifax, Nova Scotia
            note: the compact layout
            `page next` for more
            """)
        #expect(TextRenderer(width: 30).render(Self.screen) == TextRenderer(width: 39).render(Self.screen))
    }

    @Test func textFromTheRegularWidthShowsTheRegularBlocks() {
        let regular = """
            Canada · page 1 of 3
            #  name     province
            1  Ottawa   Ontario
            2  Halifax  Nova Scotia
            note: the regular layout
            `page next` for more
            """
        #expect(TextRenderer(width: 40).render(Self.screen) == regular)
        #expect(TextRenderer(width: 120).render(Self.screen) == regular)
    }

    @Test func sizeClassesNestInsideOneAnother() {
        let screen = Screen(feature: nil, kind: "x", blocks: [
            .sizeClasses(compact: [.line("narrow")],
                         regular: [.sizeClasses(compact: [.line("medium")], regular: [.line("wide")], regularWidth: 100)],
                         regularWidth: 50),
        ])
        #expect(TextRenderer(width: 49).render(screen) == "narrow")
        #expect(TextRenderer(width: 50).render(screen) == "medium")
        #expect(TextRenderer(width: 99).render(screen) == "medium")
        #expect(TextRenderer(width: 100).render(screen) == "wide")
    }

    @Test func emptyLayoutsShowNothing() {
        let screen = Screen(feature: nil, kind: "x", blocks: [
            .line("before"), .sizeClasses(compact: [], regular: [.line("wide")], regularWidth: 60), .line("after"),
        ])
        #expect(TextRenderer(width: 59).render(screen) == "before\nafter")
        #expect(TextRenderer(width: 60).render(screen) == "before\nwide\nafter")
    }

    // MARK: JSON and CSV

    @Test func jsonReadsTheRegularBlocksWhateverTheWidth() {
        #expect(JSONWriter.string(Self.screen.json) == #"""
            {"feature":"facts","screen":"list","page":1,"pages":3,"rows":[{"row":1,"name":"Ottawa","province":"Ontario"},{"row":2,"name":"Halifax","province":"Nova Scotia"}],"notes":["the regular layout"]}
            """#)
    }

    @Test func jsonTakesFieldsFromTheRegularBlocksOnly() {
        let detail = Screen(feature: "facts", kind: "detail", facts: ["row": 1], blocks: [
            .sizeClasses(compact: [.fields([ScreenField("name", "Ottawa"), .data("compact_only", true)])],
                         regular: [.fields([ScreenField("name", "Ottawa"), ScreenField("province", "Ontario")])],
                         regularWidth: 60),
        ])
        #expect(JSONWriter.string(detail.json) == #"{"feature":"facts","screen":"detail","row":1,"name":"Ottawa","province":"Ontario"}"#)
    }

    @Test func theScreensTableIsTheOneInTheRegularBlocks() {
        #expect(Self.screen.table == Self.regularTable)
    }

    @Test func csvWritesTheRegularTable() {
        #expect(CSVRenderer.render(Self.screen) == "row,name,province\r\n1,Ottawa,Ontario\r\n2,Halifax,Nova Scotia\r\n")
    }

    @Test func aTableInTheCompactBlocksAloneIsNotTheScreensTable() {
        let screen = Screen(feature: "facts", kind: "list", blocks: [
            .sizeClasses(compact: [.table(Self.compactTable)], regular: [.line("no table here")], regularWidth: 40),
        ])
        #expect(screen.table == nil)
        #expect(CSVRenderer.render(screen) == "")
    }
}
