import Foundation
import Testing
import TestSupport
@testable import ExplorerCore

@Suite("PageLoader")
struct PageLoaderTests {
    /// A fake paged API of `total` items, `pageSize` per page: item n is "item n".
    private struct API: Sendable {
        let total: Int
        let pageSize: Int
        var failingPage: Int?
        var delay: Duration = .zero
        let calls = LockedValue<[Int]>([])
        let inFlight = LockedValue(0)
        let maxInFlight = LockedValue(0)

        func fetch(_ page: Int) async throws -> PageLoader.FirstPage<String> {
            calls.withLock { $0.append(page) }
            let now = inFlight.withLock { value -> Int in value += 1; return value }
            maxInFlight.withLock { $0 = max($0, now) }
            defer { inFlight.withLock { $0 -= 1 } }
            if delay > .zero { try await Task.sleep(for: delay) }
            if page == failingPage { throw HTTPError(.status(500), endpoint: "/items/?page=\(page)") }
            let first = (page - 1) * pageSize + 1
            let last = min(page * pageSize, total)
            let items = first <= last ? (first...last).map { "item \($0)" } : []
            return PageLoader.FirstPage(items: items, totalCount: total)
        }
    }

    @Test func loadsEveryPageInOrder() async throws {
        let api = API(total: 82, pageSize: 10)
        let items = try await PageLoader.loadAll { try await api.fetch($0) }
        #expect(items == (1...82).map { "item \($0)" })
        #expect(api.calls.value.first == 1)
        #expect(api.calls.value.sorted() == Array(1...9))
    }

    @Test func singlePageNeedsOneRequest() async throws {
        let api = API(total: 4, pageSize: 10)
        let items = try await PageLoader.loadAll { try await api.fetch($0) }
        #expect(items == ["item 1", "item 2", "item 3", "item 4"])
        #expect(api.calls.value == [1])
    }

    @Test func emptyResultIsEmpty() async throws {
        let api = API(total: 0, pageSize: 10)
        let items = try await PageLoader.loadAll { try await api.fetch($0) }
        #expect(items == [])
        #expect(api.calls.value == [1])
    }

    @Test func atMostMaxConcurrentPagesAreInFlight() async throws {
        let api = API(total: 100, pageSize: 5, delay: .milliseconds(5))
        let items = try await PageLoader.loadAll(maxConcurrent: 3) { try await api.fetch($0) }
        #expect(items.count == 100)
        #expect(api.calls.value.count == 20)
        #expect(api.maxInFlight.value <= 3)
        #expect(api.maxInFlight.value >= 2)
    }

    @Test func zeroConcurrencyStillLoadsOneAtATime() async throws {
        let api = API(total: 30, pageSize: 10)
        let items = try await PageLoader.loadAll(maxConcurrent: 0) { try await api.fetch($0) }
        #expect(items.count == 30)
        #expect(api.maxInFlight.value == 1)
    }

    @Test func progressCountsLoadedPages() async throws {
        let api = API(total: 36, pageSize: 10)
        let reports = LockedValue<[String]>([])
        _ = try await PageLoader.loadAll(fetch: { try await api.fetch($0) }, progress: { loaded, total in
            reports.withLock { $0.append("\(loaded)/\(total)") }
        })
        #expect(reports.value == ["1/4", "2/4", "3/4", "4/4"])
    }

    @Test func failingPageFailsTheWholeLoadNamingIt() async throws {
        var api = API(total: 36, pageSize: 10)
        api.failingPage = 3
        let error = try await #require(throws: PageLoadError.self) {
            try await PageLoader.loadAll { [api] in try await api.fetch($0) }
        }
        #expect(error.page == 3)
        #expect(error.pageCount == 4)
        #expect(error.description == "page 3 of 4 failed: HTTP 500 from /items/?page=3")
        #expect((error.underlying as? HTTPError)?.kind == .status(500))
    }

    @Test func failingFirstPageHasNoCount() async throws {
        var api = API(total: 36, pageSize: 10)
        api.failingPage = 1
        let error = try await #require(throws: PageLoadError.self) {
            try await PageLoader.loadAll { [api] in try await api.fetch($0) }
        }
        #expect(error.description == "page 1 failed: HTTP 500 from /items/?page=1")
        #expect(api.calls.value == [1])
    }

    @Test func cancellationIsNotWrapped() async {
        await #expect(throws: CancellationError.self) {
            let _: [String] = try await PageLoader.loadAll { _ in throw CancellationError() }
        }
        await #expect(throws: HTTPError(.cancelled, endpoint: "/x/")) {
            let _: [String] = try await PageLoader.loadAll { _ in throw HTTPError(.cancelled, endpoint: "/x/") }
        }
    }
}
