import ExplorerText

/// The argument of `page`: `next`, `prev` (or `previous`), a page number, or `all [MAX]`.
public enum PageArgument: Sendable, Equatable {
    case next, previous, number(Int)
    /// `page all [MAX]`: every page up to page MAX (``PageLoader/defaultMaxPages`` without
    /// one), listed as one.
    case all(limit: Int?)

    public static let usage = "page next|prev|N|all [MAX]"
    /// The most pages `page all MAX` may ask for.
    public static let maxAllLimit = 10_000

    public init(_ arguments: [String]) throws(CommandError) {
        guard let first = arguments.first, arguments.count == 1 || (arguments.count == 2 && first.lowercased() == "all") else {
            throw CommandError.usage(Self.usage)
        }
        switch first.lowercased() {
        case "next", "n": self = .next
        case "prev", "previous", "p": self = .previous
        case "all":
            guard arguments.count == 2 else {
                self = .all(limit: nil)
                return
            }
            let text = arguments[1]
            guard let limit = Int(text), (1...Self.maxAllLimit).contains(limit) else {
                throw CommandError("`page all MAX` takes the most pages to load, 1 to \(ReadableNumber.grouping(Self.maxAllLimit)), not '\(text.sanitizedForTerminal.truncated(toWidth: 20))'")
            }
            self = .all(limit: limit)
        default:
            guard let number = Int(first) else {
                throw CommandError("expected next, prev, all or a page number, not '\(first.sanitizedForTerminal.truncated(toWidth: 20))'")
            }
            guard number > 0 else { throw CommandError("page numbers start at 1, not \(number)") }
            self = .number(number)
        }
    }

    /// The last page `page all` loads: its MAX, or ``PageLoader/defaultMaxPages``; nil for a
    /// move to one page.
    public var allBound: Int? {
        guard case .all(let limit) = self else { return nil }
        return limit ?? PageLoader.defaultMaxPages
    }

    /// The page this argument means from `current` of `count` pages, or an error at either end.
    /// `all` moves to no page: the current one stays the page `next` and `prev` move from.
    public func target(current: Int, count: Int) throws(PageError) -> Int {
        switch self {
        case .next:
            guard current < count else { throw .alreadyOnLastPage(count: count) }
            return current + 1
        case .previous:
            guard current > 1 else { throw .alreadyOnFirstPage }
            return current - 1
        case .number(let number):
            guard number <= count else { throw .noPage(number, count: count) }
            return number
        case .all:
            return current
        }
    }
}
