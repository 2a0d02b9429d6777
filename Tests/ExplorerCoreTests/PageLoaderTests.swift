import ExplorerCore
import ExplorerHTTP
import Synchronization
import TestSupport
import Testing

/// `PageLoader.loadAll` over fake pages of numbers: `totalCount` items, `pageSize` to a page,
/// item N being the number N, with a request log, failures, answers held back and the peak in flight.
final class FakePages: Sendable {
    /// How answers are held back, so that how many requests overlap is decided by the loader,
    /// never by how long something sleeps.
    enum Hold: Sendable {
        /// Each answer comes at once.
        case none
        /// Pages from `fromPage` on are held until `count` requests are in flight together, then
        /// all answer, each after yielding to the other tasks (so a request too many would show
        /// in the peak): a loader that starts them together gets its answers; one that starts
        /// fewer is held until the test's time limit cancels it, which lets every page answer.
        case untilInFlight(Int, fromPage: Int)
        /// Each answer first yields to the other tasks `times` times, so a loader that started
        /// requests together would show it in the peak.
        case yielding(times: Int)
    }

    let totalCount: Int
    let pageSize: Int
    private let log = Mutex<[Int]>([])
    private let errors = Mutex<[Int: any Error]>([:])
    private let hold: Hold
    private let inFlight = Mutex<(current: Int, maximum: Int)>((0, 0))
    private let held = Mutex<(released: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))
    private let progressLog = Mutex<[String]>([])

    init(totalCount: Int, pageSize: Int, hold: Hold = .none) {
        self.totalCount = totalCount
        self.pageSize = pageSize
        self.hold = hold
    }

    func fail(page: Int, with error: any Error) {
        errors.withLock { $0[page] = error }
    }

    var fetch: @Sendable (Int) async throws -> PageLoader.FirstPage<Int> {
        { [self] page in
            log.withLock { $0.append(page) }
            let together = inFlight.withLock { value in
                value.current += 1
                value.maximum = max(value.maximum, value.current)
                return value.maximum
            }
            defer { inFlight.withLock { $0.current -= 1 } }
            switch hold {
            case .none: break
            case .untilInFlight(let count, let fromPage):
                if page >= fromPage {
                    await waitUntilReleased(release: together >= count)
                    for _ in 0..<100 { await Task.yield() }
                }
            case .yielding(let times):
                for _ in 0..<times { await Task.yield() }
            }
            if let error = errors.withLock({ $0[page] }) { throw error }
            let first = (page - 1) * pageSize + 1
            let last = min(page * pageSize, totalCount)
            return PageLoader.FirstPage(items: first <= last ? Array(first...last) : [], totalCount: totalCount)
        }
    }

    /// Waits with the other held pages; the one that brings enough together releases them all,
    /// and so does a cancellation (the time limit), so a test that fails ends.
    private func waitUntilReleased(release: Bool) async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready = held.withLock { held -> [CheckedContinuation<Void, Never>] in
                    if release || Task.isCancelled { held.released = true }
                    guard held.released else {
                        held.waiting.append(continuation)
                        return []
                    }
                    defer { held.waiting = [] }
                    return held.waiting + [continuation]
                }
                for waiter in ready { waiter.resume() }
            }
        } onCancel: {
            let ready = held.withLock { held -> [CheckedContinuation<Void, Never>] in
                held.released = true
                defer { held.waiting = [] }
                return held.waiting
            }
            for waiter in ready { waiter.resume() }
        }
    }

    var progress: @Sendable (Int, Int) async -> Void {
        { [self] loaded, total in progressLog.withLock { $0.append("\(loaded)/\(total)") } }
    }

    var requests: [Int] { log.withLock { $0 } }
    var maximumInFlight: Int { inFlight.withLock { $0.maximum } }
    var progressReports: [String] { progressLog.withLock { $0 } }
}

@Suite("PageLoader") struct PageLoaderTests {
    @Test func loadsPageOneThenTheRestAssembledInOrder() async throws {
        let pages = FakePages(totalCount: 87, pageSize: 10)
        let items = try await PageLoader.loadAll(fetch: pages.fetch, progress: pages.progress).items

        #expect(items == Array(1...87))
        #expect(pages.requests.first == 1)
        #expect(pages.requests.sorted() == Array(1...9), "every page exactly once")
        #expect(pages.progressReports == (1...9).map { "\($0)/9" })
    }

    @Test func aSinglePageIsOneRequest() async throws {
        let pages = FakePages(totalCount: 7, pageSize: 10)
        let items = try await PageLoader.loadAll(fetch: pages.fetch, progress: pages.progress).items
        #expect(items == Array(1...7))
        #expect(pages.requests == [1])
        #expect(pages.progressReports == ["1/1"])
    }

    @Test func nothingAtAllIsAnEmptyList() async throws {
        let pages = FakePages(totalCount: 0, pageSize: 10)
        let items = try await PageLoader.loadAll(fetch: pages.fetch, progress: pages.progress).items
        #expect(items == [])
        #expect(pages.requests == [1])
        #expect(pages.progressReports == ["1/1"])
    }

    @Test func anExactMultipleOfThePageSizeHasNoExtraPage() async throws {
        let pages = FakePages(totalCount: 30, pageSize: 10)
        let items = try await PageLoader.loadAll(fetch: pages.fetch, progress: pages.progress).items
        #expect(items == Array(1...30))
        #expect(pages.requests.sorted() == [1, 2, 3])
        #expect(pages.progressReports == ["1/3", "2/3", "3/3"])
    }

    @Test(.timeLimit(.minutes(1)), arguments: [6, 2])
    func atMostMaxConcurrentPagesAreInFlight(limit: Int) async throws {
        let pages = FakePages(totalCount: 87, pageSize: 10, hold: .untilInFlight(limit, fromPage: 2))
        let items = try await PageLoader.loadAll(maxConcurrent: limit, fetch: pages.fetch).items
        #expect(items == Array(1...87))
        #expect(pages.maximumInFlight == limit, "all started together, never more than the limit")
        #expect(pages.requests.sorted() == Array(1...9))
    }

    @Test(arguments: [1, 0, -3])
    func aLimitOfOneOrLessFetchesOneAtATime(limit: Int) async throws {
        let pages = FakePages(totalCount: 45, pageSize: 10, hold: .yielding(times: 100))
        let items = try await PageLoader.loadAll(maxConcurrent: limit, fetch: pages.fetch).items
        #expect(items == Array(1...45))
        #expect(pages.maximumInFlight == 1)
        #expect(pages.requests == [1, 2, 3, 4, 5])
    }

    @Test func aFailingPageFailsTheWholeLoadNamingIt() async throws {
        let pages = FakePages(totalCount: 87, pageSize: 10)
        pages.fail(page: 4, with: HTTPError(.status(500), endpoint: "/things/?page=4"))

        let error = await #expect(throws: PageLoadError.self) {
            try await PageLoader.loadAll(fetch: pages.fetch, progress: pages.progress)
        }
        #expect(error?.description == "page 4 of 9 failed: HTTP 500 for /things/?page=4")
        #expect(error?.page == 4)
        #expect(error?.pageCount == 9)
        #expect(error?.underlying as? HTTPError == HTTPError(.status(500), endpoint: "/things/?page=4"))
        #expect(!pages.progressReports.contains("9/9"))
    }

    @Test func aFailingFirstPageHasNoCountToName() async throws {
        let pages = FakePages(totalCount: 87, pageSize: 10)
        pages.fail(page: 1, with: HTTPError(.timeout, endpoint: "/things/?page=1"))

        let error = await #expect(throws: PageLoadError.self) {
            try await PageLoader.loadAll(fetch: pages.fetch, progress: pages.progress)
        }
        #expect(error?.description == "page 1 failed: timed out: no answer for /things/?page=1")
        #expect(error?.pageCount == nil)
        #expect(pages.requests == [1])
        #expect(pages.progressReports == [])
    }

    @Test func anInterruptionIsPassedOnAsItIs() async throws {
        let pages = FakePages(totalCount: 87, pageSize: 10)
        pages.fail(page: 3, with: HTTPError(.cancelled, endpoint: "/things/?page=3"))
        await #expect(throws: HTTPError(.cancelled, endpoint: "/things/?page=3")) {
            try await PageLoader.loadAll(fetch: pages.fetch)
        }

        let cancelled = FakePages(totalCount: 87, pageSize: 10)
        cancelled.fail(page: 2, with: CancellationError())
        await #expect(throws: CancellationError.self) {
            try await PageLoader.loadAll(fetch: cancelled.fetch)
        }
    }

    // MARK: load(pages:) — a refresh of pages already known

    @Test(.timeLimit(.minutes(1))) func loadFetchesTheGivenPagesAtOnceAndGivesThemByNumber() async throws {
        let pages = FakePages(totalCount: 87, pageSize: 10, hold: .untilInFlight(3, fromPage: 1))
        let loaded = try await PageLoader.load(pages: [1, 3, 4], fetch: { try await pages.fetch($0).items })
        #expect(loaded == [1: Array(1...10), 3: Array(21...30), 4: Array(31...40)])
        #expect(pages.requests.sorted() == [1, 3, 4])
        #expect(pages.maximumInFlight == 3)
    }

    @Test func loadFailsWithThePagesOwnErrorAndKeepsNothing() async throws {
        let pages = FakePages(totalCount: 87, pageSize: 10)
        pages.fail(page: 3, with: HTTPError(.status(500), endpoint: "/things/?page=3"))
        await #expect(throws: HTTPError(.status(500), endpoint: "/things/?page=3")) {
            try await PageLoader.load(pages: [1, 2, 3], fetch: { try await pages.fetch($0).items })
        }
    }

    // MARK: Which failure is reported: the lowest page's, whatever the scheduling

    @Test func whenSeveralPagesFailTheLowestIsReportedWhateverOrderTheirAnswersComeIn() async throws {
        // Page 3 fails at once; page 2 fails only once page 4 has been cancelled, which the
        // loader does when page 3's failure is in. So page 3's answer surely comes first, and
        // page 2's after: the report is page 2's all the same.
        let page4Cancelled = Gate()
        let cancelled = Mutex<[Int]>([])
        let fetch: @Sendable (Int) async throws -> [Int] = { page in
            switch page {
            case 2:
                await page4Cancelled.wait()
                throw HTTPError(.status(502), endpoint: "/things/?page=2")
            case 3:
                throw HTTPError(.status(500), endpoint: "/things/?page=3")
            case 4:
                await Gate.untilCancelled()
                cancelled.withLock { $0.append(4) }
                page4Cancelled.open()
                throw CancellationError()
            default:
                return [page]
            }
        }
        await #expect(throws: HTTPError(.status(502), endpoint: "/things/?page=2")) {
            try await PageLoader.load(pages: [1, 2, 3, 4], fetch: fetch)
        }
        #expect(cancelled.withLock { $0 } == [4], "the page after the first failure is cancelled; the one before it is waited for")
    }

    @Test(arguments: [[2, 3, 5], [5, 3, 2], [3, 5, 2], [2], [5, 2]])
    func theReportIsAFunctionOfWhichPagesFailNotOfTheirOrder(failing: [Int]) async throws {
        // The failing pages answer in the order given, each after the one before it has.
        let gates = Dictionary(uniqueKeysWithValues: failing.map { ($0, Gate()) })
        let fetch: @Sendable (Int) async throws -> [Int] = { page in
            guard let position = failing.firstIndex(of: page) else { return [page] }
            if position > 0 { await gates[failing[position - 1]]!.wait() }
            defer { gates[page]!.open() }
            throw HTTPError(.status(500), endpoint: "/things/?page=\(page)")
        }
        let lowest = failing.min()!
        await #expect(throws: HTTPError(.status(500), endpoint: "/things/?page=\(lowest)")) {
            try await PageLoader.load(pages: Array(1...6), maxConcurrent: 6, fetch: fetch)
        }
    }

    @Test func loadAllNamesTheLowestFailingPageToo() async throws {
        let pages = FakePages(totalCount: 87, pageSize: 10)
        for page in [9, 4, 6] { pages.fail(page: page, with: HTTPError(.status(500), endpoint: "/things/?page=\(page)")) }
        let error = await #expect(throws: PageLoadError.self) { try await PageLoader.loadAll(fetch: pages.fetch) }
        #expect(error?.page == 4)
    }

    // MARK: What a server reports is not trusted

    @Test func aCountNearTheLargestIntegerStopsAtThePageLimitWithoutTrapping() async throws {
        let pages = FakePages(totalCount: Int.max, pageSize: 10)
        let loaded = try await PageLoader.loadAll(maxPages: 3, fetch: pages.fetch, progress: pages.progress)
        #expect(loaded.items == Array(1...30))
        #expect(loaded.reportedCount == Int.max)
        #expect(loaded.pageCount == Int.max / 10 + 1)
        #expect(loaded.stoppedAfter == 3)
        #expect(pages.requests.sorted() == [1, 2, 3])
        #expect(pages.progressReports == ["1/3", "2/3", "3/3"], "progress counts to the pages that will be fetched")
    }

    @Test func aBillionItemsOneToAPageMakeAtMostTheDefaultLimitOfRequests() async throws {
        let pages = FakePages(totalCount: 1_000_000_000, pageSize: 1)
        let loaded = try await PageLoader.loadAll(fetch: pages.fetch)
        #expect(pages.requests.count == PageLoader.defaultMaxPages)
        #expect(loaded.items.count == PageLoader.defaultMaxPages)
        #expect(loaded.stoppedAfter == 100)
    }

    @Test func aNegativeCountIsOnePage() async throws {
        let pages = FakePages(totalCount: -5, pageSize: 10)
        let loaded = try await PageLoader.loadAll(fetch: pages.fetch)
        #expect(loaded.items == [])
        #expect(loaded.pageCount == 1)
        #expect(loaded.stoppedAfter == nil)
    }

    @Test func aLoadWithinTheLimitSaysNothingStopped() async throws {
        let loaded = try await PageLoader.loadAll(maxPages: 9, fetch: FakePages(totalCount: 87, pageSize: 10).fetch)
        #expect(loaded.stoppedAfter == nil)
        #expect(loaded.items.count == 87)
    }

    @Test(arguments: [(0, 10, 1), (1, 10, 1), (10, 10, 1), (11, 10, 2), (Int.max, 1, Int.max), (Int.max, 2, Int.max / 2 + 1), (-1, 10, 1)])
    func pagesForACountNeverOverflow(count: Int, pageSize: Int, pages: Int) {
        #expect(PageLoader.pages(for: count, pageSize: pageSize) == pages)
    }
}
