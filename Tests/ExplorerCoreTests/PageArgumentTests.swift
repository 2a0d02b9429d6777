import Testing
import TestSupport
@testable import ExplorerCore

@Suite("PageArgument")
struct PageArgumentTests {
    @Test(arguments: ["next", "n", "NEXT", "Next"])
    func next(word: String) throws {
        #expect(try PageArgument([word]) == .next)
    }

    @Test(arguments: ["prev", "previous", "p", "PREV", "Previous"])
    func previous(word: String) throws {
        #expect(try PageArgument([word]) == .previous)
    }

    @Test func number() throws {
        #expect(try PageArgument(["1"]) == .number(1))
        #expect(try PageArgument(["3"]) == .number(3))
        #expect(try PageArgument(["42"]) == .number(42))
    }

    @Test(arguments: ["all", "ALL", "All"])
    func all(word: String) throws {
        #expect(try PageArgument([word]) == .all(limit: nil))
        #expect(try PageArgument([word, "500"]) == .all(limit: 500))
    }

    @Test func allIsBoundedByItsMaxOrAHundredPages() throws {
        #expect(try PageArgument(["all"]).allBound == PageLoader.defaultMaxPages)
        #expect(PageLoader.defaultMaxPages == 100)
        #expect(try PageArgument(["all", "1"]).allBound == 1)
        #expect(try PageArgument(["all", "10000"]).allBound == 10_000)
        #expect(try PageArgument(["next"]).allBound == nil)
        #expect(try PageArgument(["3"]).allBound == nil)
    }

    @Test(arguments: ["0", "-1", "10001", "x", "1.5", ""])
    func aBadMaxIsOneError(word: String) {
        #expect(throws: CommandError("`page all MAX` takes the most pages to load, 1 to 10,000, not '\(word)'")) {
            try PageArgument(["all", word])
        }
    }

    @Test func allStaysOnThePageItIsOn() throws {
        #expect(try PageArgument.all(limit: nil).target(current: 3, count: 4) == 3)
    }

    @Test func usage() {
        #expect(PageArgument.usage == "page next|prev|N|all [MAX]")
        #expect(throws: CommandError("usage: page next|prev|N|all [MAX]")) { try PageArgument([]) }
        #expect(throws: CommandError("usage: page next|prev|N|all [MAX]")) { try PageArgument(["1", "2"]) }
        #expect(throws: CommandError("usage: page next|prev|N|all [MAX]")) { try PageArgument(["next", "2"]) }
        #expect(throws: CommandError("usage: page next|prev|N|all [MAX]")) { try PageArgument(["all", "2", "3"]) }
    }

    @Test func zeroAndNegativeNumbersAreErrors() {
        #expect(throws: CommandError("page numbers start at 1, not 0")) { try PageArgument(["0"]) }
        #expect(throws: CommandError("page numbers start at 1, not -1")) { try PageArgument(["-1"]) }
    }

    @Test func otherWordsAreErrors() {
        #expect(throws: CommandError("expected next, prev, all or a page number, not 'abc'")) { try PageArgument(["abc"]) }
        #expect(throws: CommandError("expected next, prev, all or a page number, not '1.5'")) { try PageArgument(["1.5"]) }
        #expect(throws: CommandError("expected next, prev, all or a page number, not ''")) { try PageArgument([""]) }
        #expect(throws: CommandError("expected next, prev, all or a page number, not '[31mx'")) { try PageArgument(["\u{1B}[31mx"]) }
        #expect(throws: CommandError("expected next, prev, all or a page number, not 'abcdefghijklmnopqrs…'")) {
            try PageArgument(["abcdefghijklmnopqrstuvwxyz"])
        }
    }

    // MARK: target

    @Test func nextAndPreviousInTheMiddle() throws {
        #expect(try PageArgument.next.target(current: 2, count: 4) == 3)
        #expect(try PageArgument.previous.target(current: 2, count: 4) == 1)
        #expect(try PageArgument.next.target(current: 3, count: 4) == 4)
    }

    @Test func nextOnTheLastPageIsAnError() {
        #expect(throws: PageError.alreadyOnLastPage(count: 4)) { try PageArgument.next.target(current: 4, count: 4) }
        #expect(throws: PageError.alreadyOnLastPage(count: 1)) { try PageArgument.next.target(current: 1, count: 1) }
    }

    @Test func previousOnTheFirstPageIsAnError() {
        #expect(throws: PageError.alreadyOnFirstPage) { try PageArgument.previous.target(current: 1, count: 4) }
    }

    @Test func numberWithinTheRange() throws {
        #expect(try PageArgument.number(1).target(current: 3, count: 4) == 1)
        #expect(try PageArgument.number(4).target(current: 1, count: 4) == 4)
        #expect(try PageArgument.number(2).target(current: 2, count: 4) == 2)
    }

    @Test func numberBeyondTheLastPageIsAnError() {
        #expect(throws: PageError.noPage(5, count: 4)) { try PageArgument.number(5).target(current: 1, count: 4) }
        #expect(throws: PageError.noPage(2, count: 1)) { try PageArgument.number(2).target(current: 1, count: 1) }
        #expect(throws: PageError.noPage(100, count: 36)) { try PageArgument.number(100).target(current: 7, count: 36) }
    }
}
