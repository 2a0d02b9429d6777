import ExplorerCore

/// Answers `/starships/?page=N` from the pages compiled into the binary, as swapi.dev would:
/// a missing or out-of-range page is a 404.
enum StarshipsEmbeddedData {
    static let responder: EmbeddedResponder = { request in
        guard request.path == "/starships/" || request.path == "/starships" else { return nil }
        let page = request.queryValue("page").map { Int($0) } ?? 1
        guard let page, page >= 1, page <= EmbeddedStarshipPages.pages.count else { return nil }
        return .json(EmbeddedStarshipPages.pages[page - 1])
    }
}
