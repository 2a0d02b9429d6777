import ExplorerCore

/// Answers `/people/?page=N` from the pages compiled into the binary, as swapi.dev would.
enum CharactersEmbeddedData {
    static let responder: EmbeddedResponder = { request in
        guard request.path == "/people/" || request.path == "/people" else { return nil }
        let page = request.queryValue("page").map { Int($0) } ?? 1
        guard let page, page >= 1, page <= EmbeddedPeoplePages.pages.count else { return nil }
        return .json(EmbeddedPeoplePages.pages[page - 1])
    }
}
