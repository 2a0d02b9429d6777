import ExplorerText

/// Items of a paged API, kept by page, each with a row number that is its position in the
/// API's order: page 2 of a 10-per-page API holds rows 11–20, whichever pages were loaded
/// before it. A row number, once shown, keeps meaning the same item.
public struct PagedList<Item: Sendable & Equatable>: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        public let number: Int
        public let item: Item
    }

    public private(set) var pages: [Int: [Item]] = [:]
    /// Items per page, learnt from page 1 (10 for SWAPI); 0 until a page is stored.
    public private(set) var pageSize = 0
    /// The total the API reports.
    public private(set) var totalCount = 0

    public init() {}

    public var isEmpty: Bool { pages.isEmpty }

    public var pageCount: Int {
        guard pageSize > 0 else { return 0 }
        return PageLoader.pages(for: totalCount, pageSize: pageSize)
    }

    /// Stores a page. Page 1 sets the page size; other pages use it (page 1 is always loaded first).
    public mutating func store(page: Int, items: [Item], totalCount: Int) {
        if page == 1 || pageSize == 0 { pageSize = max(items.count, 1) }
        // A server's count is not trusted: never below what is here, never negative.
        self.totalCount = max(totalCount, 0)
        pages[page] = items
    }

    public func rows(onPage page: Int) -> [Row] {
        rows(onPage: page) { Row(number: $0, item: $1) }
    }

    /// The rows on `page`, each made by `transform` from its number and item: a view model's
    /// rows straight from the items, without a ``Row`` copied on the way.
    @inlinable
    public func rows<T>(onPage page: Int, _ transform: (Int, Item) throws -> T) rethrows -> [T] {
        var rows: [T] = []
        rows.reserveCapacity(pages[page]?.count ?? 0)
        try forEachRow(onPage: page) { rows.append(try transform($0, $1)) }
        return rows
    }

    /// Each row on `page`, by number and item, in order: rows made from some of them without
    /// an array of all of them on the way.
    @inlinable
    public func forEachRow(onPage page: Int, _ body: (Int, Item) throws -> Void) rethrows {
        guard case let (first, items)? = numberedItems(onPage: page) else { return }
        for index in items.indices { try body(first + index, items[index]) }
    }

    /// The items on `page` and the number of the first of them, if it is loaded and its rows'
    /// numbers are all within `Int`.
    @inlinable
    public func numberedItems(onPage page: Int) -> (first: Int, items: [Item])? {
        guard let items = pages[page] else { return nil }
        let (offset, overflow) = (page - 1).multipliedReportingOverflow(by: pageSize)
        guard !overflow, offset <= Int.max - items.count else { return nil }
        return (offset + 1, items)
    }

    /// How many items are loaded, over every page.
    public var loadedCount: Int {
        // A loop, not `reduce` (docs/performance.md).
        var count = 0
        for items in pages.values { count += items.count }
        return count
    }

    /// Every loaded row, in row-number order.
    public var loadedRows: [Row] {
        pages.keys.sorted().flatMap { rows(onPage: $0) }
    }

    /// The numbers of ``loadedRows``, without copying their items.
    public var loadedRowNumbers: [Int] {
        pages.keys.sorted().flatMap { page -> [Int] in
            guard case let (first, items)? = numberedItems(onPage: page) else { return [] }
            return Array(first ..< first + items.count)
        }
    }

    public func row(_ number: Int) -> Row? {
        guard pageSize > 0, number > 0 else { return nil }
        let page = (number - 1) / pageSize + 1
        let index = (number - 1) % pageSize
        guard let items = pages[page], index < items.count else { return nil }
        return Row(number: number, item: items[index])
    }

    /// The loaded row numbers as ranges, for messages: "1–10, 31–36".
    public var loadedRangesDescription: String? {
        var ranges: [ClosedRange<Int>] = []
        for row in loadedRows {
            if let last = ranges.last, last.upperBound + 1 == row.number {
                ranges[ranges.count - 1] = last.lowerBound...row.number
            } else {
                ranges.append(row.number...row.number)
            }
        }
        guard !ranges.isEmpty else { return nil }
        return ranges.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)–\($0.upperBound)" }
            .joined(separator: ", ")
    }

    /// The row numbered by `text`, or an error that says which rows exist.
    public func row(named text: String) throws(ListError) -> Row {
        guard let number = Int(text) else { throw .notARowNumber(text) }
        guard let row = row(number) else {
            if number > totalCount || number < 1, totalCount > 0 { throw .noRow(number, count: totalCount) }
            guard let loaded = loadedRangesDescription else { throw .noRow(number, count: 0) }
            throw .rowNotLoaded(number, loaded: loaded, morePages: pages.count < pageCount)
        }
        return row
    }
}
