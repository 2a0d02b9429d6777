import ExplorerText

/// The argument of `page`: `next`, `prev` (or `previous`), or a page number.
public enum PageArgument: Sendable, Equatable {
    case next, previous, number(Int)

    public static let usage = "page next|prev|N"

    public init(_ arguments: [String]) throws(CommandError) {
        guard arguments.count == 1 else { throw CommandError.usage(Self.usage) }
        switch arguments[0].lowercased() {
        case "next", "n": self = .next
        case "prev", "previous", "p": self = .previous
        default:
            let text = arguments[0]
            guard let number = Int(text) else {
                throw CommandError("expected next, prev or a page number, not '\(text.sanitizedForTerminal.truncated(toWidth: 20))'")
            }
            guard number > 0 else { throw CommandError("page numbers start at 1, not \(number)") }
            self = .number(number)
        }
    }

    /// The page this argument means from `current` of `count` pages, or an error at either end.
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
        }
    }
}
