/// A page that is not there to go to, from where the list is.
public enum PageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `page next` on the last of `count` pages.
    case alreadyOnLastPage(count: Int)
    /// `page prev` on page 1.
    case alreadyOnFirstPage
    /// A page past the last of `count`.
    case noPage(Int, count: Int)

    public var description: String {
        switch self {
        case .alreadyOnLastPage(let count): "already on the last page (\(count))"
        case .alreadyOnFirstPage: "already on the first page"
        case .noPage(let number, let count): "no page \(number): there \(count == 1 ? "is 1 page" : "are \(count) pages")"
        }
    }
}
