import ExplorerCore
import ExplorerHTTP

/// The Star Wars API as compiled into the binary: the starships' and people's pages as swapi.dev
/// served them, and each of their items by id (`/people/13/`), answered as swapi.dev would. What
/// is not compiled in (planets, species, vehicles, a page beyond the last) is a 404, as for a
/// resource the API does not have.
public enum SWAPIEmbeddedData {
    static let pages: [String: [String]] = [
        "starships": EmbeddedStarshipPages.pages,
        "people": EmbeddedPeoplePages.pages,
    ]

    public static let responder: EmbeddedResponder = { request in
        let parts = request.path.split(separator: "/").map(String.init)
        guard let resource = parts.first, let pages = pages[resource] else { return nil }
        switch parts.count {
        case 1:
            let page = request.queryValue("page").map { Int($0) } ?? 1
            guard let page, page >= 1, page <= pages.count else { return nil }
            return .json(pages[page - 1])
        case 2:
            return items[resource]?[parts[1]].map(HTTPResponse.json)
        default:
            return nil
        }
    }

    /// Each item of each resource by its id, as its own JSON document: cut from the pages by
    /// scripts/embed-data, its keys in the order swapi.dev serves them.
    static let items: [String: [String: String]] = [
        "starships": EmbeddedStarshipItems.items,
        "people": EmbeddedPeopleItems.items,
    ]
}
