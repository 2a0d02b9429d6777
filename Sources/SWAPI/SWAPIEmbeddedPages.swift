import ExplorerCore

/// Answers `/<resource>/?page=N` from pages compiled into the binary, as swapi.dev would: a
/// missing or out-of-range page is a 404.
public enum SWAPIEmbeddedPages {
    /// `pages[0]` is page 1, each a body exactly as SWAPI served it.
    public static func responder(resource: String, pages: [String]) -> EmbeddedResponder {
        { request in
            guard request.path == "/\(resource)/" || request.path == "/\(resource)" else { return nil }
            let page = request.queryValue("page").map { Int($0) } ?? 1
            guard let page, page >= 1, page <= pages.count else { return nil }
            return .json(pages[page - 1])
        }
    }
}
