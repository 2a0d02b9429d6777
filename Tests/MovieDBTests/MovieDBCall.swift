@testable import MovieDB

/// A call to the MovieDB service, as ``ExpectedCalls`` matches it: a category's page, a title's
/// detail, a page of TMDB's search; `fresh` when it refuses the cache's answer (`refresh`).
enum MovieDBCall: Hashable, Sendable, CustomStringConvertible {
    case list(MovieDBCategory, page: Int, fresh: Bool = false)
    case detail(MovieDBKind, Int, fresh: Bool = false)
    case search(MovieDBKind, String, page: Int, fresh: Bool = false)

    /// The endpoint the call stands for (`/movie/popular?page=2`), ` fresh` added for `refresh`.
    var description: String {
        switch self {
        case .list(let category, let page, let fresh): MovieDBFixture.list(category, page) + (fresh ? " fresh" : "")
        case .detail(let kind, let id, let fresh): MovieDBFixture.detail(kind, id) + (fresh ? " fresh" : "")
        case .search(let kind, let query, let page, let fresh): MovieDBFixture.search(kind, query, page) + (fresh ? " fresh" : "")
        }
    }
}
