import ExplorerText
import Testing
@testable import ExplorerCore

/// What `page all` says of what it listed: the heading's words, the warning when the bound
/// stopped it, and the facts of its screen's data.
@Suite("AllPages")
struct AllPagesTests {
    @Test func theHeadingCountsRowsAndPages() {
        #expect(AllPages(pages: 4).heading(loaded: 36) == "all 36 loaded (4 pages)")
        #expect(AllPages(pages: 1).heading(loaded: 7) == "all 7 loaded (1 page)")
        #expect(AllPages(pages: 100, stoppedAfter: 100).heading(loaded: 1_000) == "all 1,000 loaded (100 pages)")
    }

    @Test func itIsStoppedOnlyWhenTheBoundLeftPagesUnloaded() {
        #expect(AllPages(pages: 4, bound: 100, pageCount: 4).stoppedAfter == nil)
        #expect(AllPages(pages: 2, bound: 2, pageCount: 4).stoppedAfter == 2)
        #expect(AllPages(pages: 4, bound: 2, pageCount: 4).stoppedAfter == nil, "every page was loaded before")
        #expect(AllPages(pages: 100, bound: 100, pageCount: 1_000_000).stoppedAfter == 100)
    }

    @Test func theWarningSaysTheBoundAndHowToLoadMore() {
        #expect(AllPages(pages: 4).stopNote(pageCount: 4) == nil)
        #expect(AllPages(pages: 100, stoppedAfter: 100).stopNote(pageCount: 1_000_000)
            == "stopped after 100 pages (the API has 1,000,000 pages): `page all 500` loads more")
        #expect(AllPages(pages: 2, stoppedAfter: 2).stopNote(pageCount: 4) == "stopped after 2 pages (the API has 4 pages): `page all 4` loads more")
        #expect(AllPages(pages: 1, stoppedAfter: 1).stopNote(pageCount: 500, source: "TMDB")
            == "stopped after 1 page (TMDB has 500 pages): `page all 5` loads more")
        #expect(AllPages(pages: 3_000, stoppedAfter: 3_000).stopNote(pageCount: 1_000_000)
            == "stopped after 3,000 pages (the API has 1,000,000 pages): `page all 10000` loads more")
        #expect(AllPages(pages: 10_000, stoppedAfter: 10_000).stopNote(pageCount: 1_000_000)
            == "stopped after 10,000 pages (the API has 1,000,000 pages): 10,000 is the most `page all` loads")
    }

    @Test func theFactsSayAllAndTheBoundWhenItStopped() {
        #expect(AllPages(pages: 4).facts == ["all": true])
        #expect(AllPages(pages: 100, stoppedAfter: 100).facts == ["all": true, "stopped_after": 100])
    }
}
