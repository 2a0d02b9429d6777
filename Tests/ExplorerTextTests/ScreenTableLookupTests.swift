import Foundation
import Testing
import TestSupport
@testable import ExplorerText

/// Which table is a screen's own (what CSV writes): the first under `rows`, at the top or in the
/// regular layout, never one that only accompanies something else.
@Suite("Screen.table")
struct ScreenTableLookupTests {
    private static let videos = ScreenTable(
        columns: [.init("name"), .init("site")],
        rows: [[.init("Trailer"), .init("YouTube")]],
        key: "videos")

    private static let rows = ScreenTable(
        columns: [.init("row", title: "#", alignment: .right, truncatable: false), .init("name")],
        rows: [[.init("1", 1), .init("Ottawa")]])

    @Test func aTableUnderRowsIsTheScreensTable() {
        let screen = Screen(feature: "facts", kind: "list", blocks: [.heading("Canada"), .table(Self.rows)])
        #expect(screen.table == Self.rows)
    }

    @Test func aTableUnderAnotherKeyIsNotTheScreensTable() {
        let screen = Screen(feature: "moviedb", kind: "detail", blocks: [.heading("Venom"), .table(Self.videos)])
        #expect(screen.table == nil)
        #expect(CSVRenderer.render(screen) == "", "a detail writes no CSV")
    }

    @Test func aTableUnderAnotherKeyIsInJSONUnderThatKey() {
        let screen = Screen(feature: "moviedb", kind: "detail", blocks: [.table(Self.videos)])
        #expect(JSONWriter.string(screen.json)
                == #"{"feature":"moviedb","screen":"detail","videos":[{"name":"Trailer","site":"YouTube"}]}"#)
    }

    @Test func aTableUnderRowsAfterOneUnderAnotherKeyIsTheScreensTable() {
        let screen = Screen(feature: "facts", kind: "list", blocks: [.table(Self.videos), .table(Self.rows)])
        #expect(screen.table == Self.rows)
        #expect(CSVRenderer.render(screen) == "row,name\r\n1,Ottawa\r\n")
    }

    @Test func aTableInTheRegularLayoutIsTheScreensTable() {
        let screen = Screen(feature: "facts", kind: "list", blocks: [
            .heading("Canada"),
            .sizeClasses(compact: [.line("1  Ottawa")], regular: [.table(Self.videos), .table(Self.rows)], regularWidth: 60),
        ])
        #expect(screen.table == Self.rows)
        #expect(CSVRenderer.render(screen) == "row,name\r\n1,Ottawa\r\n")
    }

    @Test func theFirstTableUnderRowsWins() {
        let other = ScreenTable(columns: [.init("name")], rows: [[.init("Halifax")]])
        let screen = Screen(feature: "facts", kind: "list", blocks: [
            .sizeClasses(compact: [], regular: [.table(Self.rows)], regularWidth: 60),
            .table(other),
        ])
        #expect(screen.table == Self.rows)
    }
}
