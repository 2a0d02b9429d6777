import ExplorerHTTP

/// Loads pages of a paged API at once, at most `maxConcurrent` in flight (8 by default:
/// SWAPI's 9 pages in two round trips), all or nothing.
///
/// ``loadAll(maxConcurrent:maxPages:fetch:progress:)`` fetches page 1 first (it tells the count and
/// the page size), then every other page at once, up to `maxPages`: two round trips. If
/// any page fails, the whole load fails with ``PageLoadError`` naming the page, and nothing
/// half-assembled is returned. ``load(pages:maxConcurrent:fetch:progress:)`` fetches pages
/// already known (a refresh), all or nothing, failing with the lowest failing page's own error.
public enum PageLoader {
    public struct FirstPage<Item: Sendable>: Sendable {
        public var items: [Item]
        public var totalCount: Int

        public init(items: [Item], totalCount: Int) {
            self.items = items
            self.totalCount = totalCount
        }
    }

    /// What ``loadAll(maxConcurrent:maxPages:fetch:progress:)`` brought back.
    public struct Loaded<Item: Sendable>: Sendable {
        public var items: [Item]
        /// The total the server reports, whatever was loaded.
        public var reportedCount: Int
        /// How many pages the server's count makes.
        public var pageCount: Int
        /// Set when the load stopped at the page limit before the server's last page.
        public var stoppedAfter: Int?
    }

    /// The most pages one load fetches unless told otherwise: a server reporting a billion
    /// items must not make one command request pages for ever.
    public static let defaultMaxPages = 100

    public static func loadAll<Item: Sendable>(
        maxConcurrent: Int = 8,
        maxPages: Int = defaultMaxPages,
        fetch: @escaping @Sendable (_ page: Int) async throws -> FirstPage<Item>,
        progress: @escaping @Sendable (_ loaded: Int, _ total: Int) async -> Void = { _, _ in }
    ) async throws -> Loaded<Item> {
        let first = try await attempt(page: 1, of: nil, fetch)
        let reported = max(first.totalCount, 0)
        let pageCount = pages(for: reported, pageSize: max(first.items.count, 1))
        let last = min(pageCount, max(maxPages, 1))
        var loaded = Loaded(items: first.items, reportedCount: reported, pageCount: pageCount,
                            stoppedAfter: last < pageCount ? last : nil)
        await progress(1, last)
        guard last > 1 else { return loaded }
        let rest = try await load(pages: Array(2...last), maxConcurrent: maxConcurrent,
                                  fetch: { try await attempt(page: $0, of: pageCount, fetch).items },
                                  progress: { count in await progress(count + 1, last) })
        loaded.items += (2...last).flatMap { rest[$0] ?? [] }
        return loaded
    }

    /// How many pages `count` items make, `pageSize` to a page (at least 1), without
    /// overflowing whatever count a server reports.
    public static func pages(for count: Int, pageSize: Int) -> Int {
        guard count > 0, pageSize > 0 else { return 1 }
        return count / pageSize + (count % pageSize == 0 ? 0 : 1)
    }

    /// Fetches `pages` at once, at most `maxConcurrent` in flight; returns every page by
    /// number, or throws the error of the lowest-numbered page that failed — whatever order the
    /// answers come in, so the same failures are always reported the same way. When a page
    /// fails, nothing more starts and the pages after it are cancelled (they cannot change what
    /// is reported); the pages before it are waited for, as one of them may fail too.
    public static func load<Page: Sendable>(
        pages: [Int],
        maxConcurrent: Int = 8,
        fetch: @escaping @Sendable (_ page: Int) async throws -> Page,
        progress: @escaping @Sendable (_ loaded: Int) async -> Void = { _ in }
    ) async throws -> [Int: Page] {
        var loaded: [Int: Page] = [:]
        var lowestFailure: (page: Int, error: Error)?
        // Only the group's own body touches these, one step at a time.
        var running: [Int: Task<Page, Error>] = [:]
        await withTaskGroup(of: (Int, Result<Page, Error>).self) { group in
            var remaining = pages.sorted()[...]
            func startNext() {
                guard lowestFailure == nil, let page = remaining.popFirst() else { return }
                // Each page in a task of its own, so that the pages after a failure can be
                // cancelled without cancelling those before it.
                let task = Task { try await fetch(page) }
                running[page] = task
                group.addTask {
                    let result = await withTaskCancellationHandler { await task.result } onCancel: { task.cancel() }
                    return (page, result)
                }
            }
            for _ in 0..<max(1, maxConcurrent) { startNext() }
            while let (page, result) = await group.next() {
                running[page] = nil
                switch result {
                case .success(let value):
                    loaded[page] = value
                    if lowestFailure == nil { await progress(loaded.count) }
                case .failure(let error):
                    if let lowest = lowestFailure, lowest.page < page { break }
                    lowestFailure = (page, error)
                    for (other, task) in running where other > page { task.cancel() }
                }
                startNext()
            }
        }
        if let lowestFailure { throw lowestFailure.error }
        try Task.checkCancellation()
        return loaded
    }

    /// `page all`'s walk: pages 1 to `bound` (or to the last, as `pageCount` says after each
    /// answer), one after another in order (an API that links each page to the next can only be
    /// walked so, and each answer may change the count): each page `needs` lets through is
    /// fetched with `fetch` (its failure named by the page, as ``attempt(page:of:_:)`` names
    /// it), said to `progress` (`loading starships 3/4`) and given to `store`. Stops at the
    /// first failure or cancellation, which it throws.
    public static func walk<Page>(
        upTo bound: Int, pageCount: () -> Int?, needs: (Int) -> Bool, progress: (_ page: Int, _ of: Int) -> Void,
        fetch: (Int) async throws -> Page, store: (Int, Page) -> Void
    ) async throws {
        var number = 1
        while number <= min(bound, max(pageCount() ?? 1, 1)) {
            if needs(number) {
                progress(number, min(bound, max(pageCount() ?? number, number)))
                let page = try await attempt(page: number, of: pageCount(), fetch)
                try Task.checkCancellation()
                store(number, page)
            }
            number += 1
        }
    }

    /// Fetches page `page` (of `count`, when known) with `fetch`: its failure named by the page
    /// (``PageLoadError``), a cancellation left as it is.
    public static func attempt<Page>(
        page: Int, of count: Int?, _ fetch: (Int) async throws -> Page
    ) async throws -> Page {
        do {
            return try await fetch(page)
        } catch let error as HTTPError where error.kind == .cancelled {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw PageLoadError(page: page, pageCount: count, underlying: error)
        }
    }
}

/// One page of a load failed; says which, and why. Nothing of the load is kept.
public struct PageLoadError: Error, CustomStringConvertible {
    public let page: Int
    public let pageCount: Int?
    public let underlying: Error

    public var description: String {
        let which = pageCount.map { "page \(page) of \($0)" } ?? "page \(page)"
        return "\(which) failed: \(underlying)"
    }
}
