import Testing
import TestSupport
@testable import ExplorerCore

@Suite("PagedList")
struct PagedListTests {
    /// Items named after their page and position: "p2.3" is the third item of page 2.
    private func items(page: Int, count: Int) -> [String] {
        (1...count).map { "p\(page).\($0)" }
    }

    /// 36 items, 10 per page (4 pages), with the given pages stored.
    private func list(pages: [Int]) -> PagedList<String> {
        var list = PagedList<String>()
        for page in pages {
            list.store(page: page, items: items(page: page, count: page == 4 ? 6 : 10), totalCount: 36)
        }
        return list
    }

    @Test func emptyList() {
        let list = PagedList<String>()
        #expect(list.isEmpty)
        #expect(list.pageSize == 0)
        #expect(list.pageCount == 0)
        #expect(list.loadedRows.isEmpty)
        #expect(list.loadedRangesDescription == nil)
        #expect(list.row(1) == nil)
    }

    @Test func pageOneSetsThePageSizeAndTheCount() {
        let list = list(pages: [1])
        #expect(!list.isEmpty)
        #expect(list.pageSize == 10)
        #expect(list.totalCount == 36)
        #expect(list.pageCount == 4)
    }

    @Test func rowNumbersContinueAcrossPages() {
        let list = list(pages: [1, 2])
        #expect(list.rows(onPage: 1).map(\.number) == Array(1...10))
        #expect(list.rows(onPage: 2).map(\.number) == Array(11...20))
        #expect(list.rows(onPage: 2).first == .init(number: 11, item: "p2.1"))
        #expect(list.rows(onPage: 2).last == .init(number: 20, item: "p2.10"))
        #expect(list.rows(onPage: 3).isEmpty)
    }

    @Test func rowNumbersDependOnThePageNotOnTheLoadingOrder() {
        let list = list(pages: [1, 4])
        #expect(list.rows(onPage: 4).map(\.number) == Array(31...36))
        #expect(list.loadedRows.map(\.number) == Array(1...10) + Array(31...36))
        #expect(list.loadedRows.map(\.item) == items(page: 1, count: 10) + items(page: 4, count: 6))
    }

    @Test func rowByNumberForAnyLoadedRow() {
        let list = list(pages: [1, 2, 4])
        #expect(list.row(1) == .init(number: 1, item: "p1.1"))
        #expect(list.row(10) == .init(number: 10, item: "p1.10"))
        #expect(list.row(11) == .init(number: 11, item: "p2.1"))
        #expect(list.row(15) == .init(number: 15, item: "p2.5"))
        #expect(list.row(31) == .init(number: 31, item: "p4.1"))
        #expect(list.row(36) == .init(number: 36, item: "p4.6"))
    }

    @Test func rowByNumberIsNilOutsideTheLoadedRows() {
        let list = list(pages: [1, 2, 4])
        #expect(list.row(0) == nil)
        #expect(list.row(-1) == nil)
        #expect(list.row(21) == nil) // page 3 not loaded
        #expect(list.row(30) == nil)
        #expect(list.row(37) == nil) // past the short last page
        #expect(list.row(999) == nil)
    }

    @Test func loadedRangesDescription() {
        #expect(list(pages: [1]).loadedRangesDescription == "1–10")
        #expect(list(pages: [1, 2]).loadedRangesDescription == "1–20")
        #expect(list(pages: [1, 4]).loadedRangesDescription == "1–10, 31–36")
        #expect(list(pages: [1, 3]).loadedRangesDescription == "1–10, 21–30")
        #expect(list(pages: [1, 2, 3, 4]).loadedRangesDescription == "1–36")
    }

    @Test func loadedRangesDescriptionShowsASingleRowAlone() {
        var list = PagedList<String>()
        list.store(page: 1, items: items(page: 1, count: 10), totalCount: 21)
        list.store(page: 3, items: ["last"], totalCount: 21)
        #expect(list.loadedRangesDescription == "1–10, 21")
    }

    @Test func restoringAPageReplacesItsItems() {
        var list = list(pages: [1])
        list.store(page: 1, items: ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"], totalCount: 40)
        #expect(list.row(1)?.item == "a")
        #expect(list.totalCount == 40)
        #expect(list.pageCount == 4)
    }

    @Test func pageCountRoundsUpAndIsAtLeastOne() {
        var list = PagedList<Int>()
        list.store(page: 1, items: Array(1...10), totalCount: 41)
        #expect(list.pageCount == 5)
        var empty = PagedList<Int>()
        empty.store(page: 1, items: [], totalCount: 0)
        #expect(empty.pageSize == 1)
        #expect(empty.pageCount == 1)
        #expect(empty.loadedRangesDescription == nil)
    }

    // MARK: row(named:)

    @Test func rowNamedReturnsTheRow() throws {
        let list = list(pages: [1, 4])
        #expect(try list.row(named: "3") == .init(number: 3, item: "p1.3"))
        #expect(try list.row(named: "33") == .init(number: 33, item: "p4.3"))
    }

    @Test func rowNamedRejectsWhatIsNotANumber() {
        let list = list(pages: [1])
        #expect(throws: ListError.notARowNumber("x")) { try list.row(named: "x") }
        #expect(throws: ListError.notARowNumber("")) { try list.row(named: "") }
        #expect(throws: ListError.notARowNumber("1.5")) { try list.row(named: "1.5") }
    }

    @Test func rowNamedSanitizesAndShortensWhatWasTyped() {
        let list = list(pages: [1])
        let escape = #expect(throws: ListError.self) { try list.row(named: "\u{1B}[2Jx") }
        #expect(escape?.description == "expected a row number, not '[2Jx'")
        let long = #expect(throws: ListError.self) {
            try list.row(named: "abcdefghijklmnopqrstuvwxyz")
        }
        #expect(long?.description == "expected a row number, not 'abcdefghijklmnopqrs…'")
    }

    @Test func rowNamedSaysWhichRowsAreLoadedAndThatMoreCanBe() {
        #expect(throws: ListError.rowNotLoaded(11, loaded: "1–10", morePages: true)) {
            try list(pages: [1]).row(named: "11")
        }
        #expect(throws: ListError.rowNotLoaded(25, loaded: "1–10, 31–36", morePages: true)) {
            try list(pages: [1, 4]).row(named: "25")
        }
    }

    /// No page will ever hold a row past the total, or row 0: say how many rows there are.
    @Test func rowNamedBeyondTheTotalSaysHowManyRowsThereAre() {
        #expect(throws: ListError.noRow(999, count: 36)) { try list(pages: [1]).row(named: "999") }
        #expect(throws: ListError.noRow(0, count: 36)) { try list(pages: [1]).row(named: "0") }
        #expect(throws: ListError.noRow(-2, count: 36)) { try list(pages: [1]).row(named: "-2") }
        #expect(throws: ListError.noRow(37, count: 36)) { try list(pages: [1, 2, 3, 4]).row(named: "37") }
    }

    @Test func rowNamedOnAnEmptyList() {
        #expect(throws: ListError.noRow(1, count: 0)) {
            try PagedList<String>().row(named: "1")
        }
    }

    // MARK: What a server reports is not trusted

    @Test func theLargestCountAServerCanSendIsPagesNotATrap() {
        var list = PagedList<String>()
        list.store(page: 1, items: items(page: 1, count: 10), totalCount: Int.max)
        #expect(list.pageCount == Int.max / 10 + 1)
        list.store(page: Int.max / 10 + 1, items: items(page: 9, count: 7), totalCount: Int.max)
        #expect(list.rows(onPage: Int.max / 10 + 1).map(\.number) == Array(Int.max - 6...Int.max), "the last rows end at the count")
        list.store(page: Int.max, items: items(page: 9, count: 10), totalCount: Int.max)
        #expect(list.rows(onPage: Int.max).isEmpty, "rows past the largest number are never made")
        #expect(list.row(Int.max) == list.rows(onPage: Int.max / 10 + 1).last)
    }

    @Test func aNegativeCountIsNoRows() {
        var list = PagedList<String>()
        list.store(page: 1, items: [], totalCount: -7)
        #expect(list.totalCount == 0)
        #expect(list.pageCount == 1)
    }
}
