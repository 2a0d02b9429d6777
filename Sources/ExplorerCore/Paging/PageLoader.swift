/// Loads every page of a paged API: page 1 first (it tells the count and the page size), then
/// all the others at once, at most `maxConcurrent` in flight (8 by default: SWAPI's 9 pages in two round trips), assembled in page order.
///
/// Two round trips whatever the number of pages. If any page fails, the whole load fails with
/// ``PageLoadError`` naming the page, and nothing half-assembled is returned.
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

        var pages: [Int: [Item]] = [1: first.items]
        try await withThrowingTaskGroup(of: (Int, [Item]).self) { group in
            var next = 2
            func startNext() {
                guard next <= pageCount else { return }
                let page = next
                next += 1
                group.addTask { (page, try await attempt(page: page, of: pageCount, fetch).items) }
            }
            for _ in 0..<max(1, maxConcurrent) { startNext() }
            while let (page, items) = try await group.next() {
                pages[page] = items
                await progress(pages.count, pageCount)
                startNext()
            }
        }
        return (1...pageCount).flatMap { pages[$0] ?? [] }
    }

    private static func attempt<Item>(
        page: Int, of count: Int?, _ fetch: @Sendable (Int) async throws -> FirstPage<Item>
    ) async throws -> FirstPage<Item> {
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

/// One page of a load-all failed; says which, and why. Nothing of the load is kept.
public struct PageLoadError: Error, CustomStringConvertible {
    public let page: Int
    public let pageCount: Int?
    public let underlying: Error

    public var description: String {
        let which = pageCount.map { "page \(page) of \($0)" } ?? "page \(page)"
        return "\(which) failed: \(underlying)"
    }
}
