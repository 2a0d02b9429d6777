/// Loads pages of a paged API at once, at most `maxConcurrent` in flight (8 by default:
/// SWAPI's 9 pages in two round trips), all or nothing.
///
/// ``loadAll(maxConcurrent:fetch:progress:)`` fetches page 1 first (it tells the count and the
/// page size), then every other page at once: two round trips whatever the number of pages. If
/// any page fails, the whole load fails with ``PageLoadError`` naming the page, and nothing
/// half-assembled is returned. ``load(pages:maxConcurrent:fetch:progress:)`` fetches pages
/// already known (a refresh), all or nothing, failing with the first page's own error.
public enum PageLoader {
    public struct FirstPage<Item: Sendable>: Sendable {
        public var items: [Item]
        public var totalCount: Int

        public init(items: [Item], totalCount: Int) {
            self.items = items
            self.totalCount = totalCount
        }
    }

    public static func loadAll<Item: Sendable>(
        maxConcurrent: Int = 8,
        fetch: @escaping @Sendable (_ page: Int) async throws -> FirstPage<Item>,
        progress: @escaping @Sendable (_ loaded: Int, _ total: Int) async -> Void = { _, _ in }
    ) async throws -> [Item] {
        let first = try await attempt(page: 1, of: nil, fetch)
        let pageSize = max(first.items.count, 1)
        let pageCount = max(1, (first.totalCount + pageSize - 1) / pageSize)
        await progress(1, pageCount)
        guard pageCount > 1 else { return first.items }
        let rest = try await load(pages: Array(2...pageCount), maxConcurrent: maxConcurrent,
                                  fetch: { try await attempt(page: $0, of: pageCount, fetch).items },
                                  progress: { loaded in await progress(loaded + 1, pageCount) })
        return first.items + (2...pageCount).flatMap { rest[$0] ?? [] }
    }

    /// Fetches `pages` at once, at most `maxConcurrent` in flight; returns every page by
    /// number, or throws what the first that fails threw (the others are cancelled).
    public static func load<Page: Sendable>(
        pages: [Int],
        maxConcurrent: Int = 8,
        fetch: @escaping @Sendable (_ page: Int) async throws -> Page,
        progress: @escaping @Sendable (_ loaded: Int) async -> Void = { _ in }
    ) async throws -> [Int: Page] {
        var loaded: [Int: Page] = [:]
        try await withThrowingTaskGroup(of: (Int, Page).self) { group in
            var remaining = pages[...]
            func startNext() {
                guard let page = remaining.popFirst() else { return }
                group.addTask { (page, try await fetch(page)) }
            }
            for _ in 0..<max(1, maxConcurrent) { startNext() }
            while let (page, result) = try await group.next() {
                loaded[page] = result
                await progress(loaded.count)
                startNext()
            }
        }
        return loaded
    }

    private static func attempt<Page>(
        page: Int, of count: Int?, _ fetch: @Sendable (Int) async throws -> Page
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
