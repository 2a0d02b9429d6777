import ExplorerCore
import ExplorerHTTP

/// The Star Wars API as compiled into the binary, all six of its resources (films, people,
/// planets, species, starships, vehicles): their pages as swapi.dev serves them, and each item
/// by id (`/people/13/`), answered as swapi.dev would. A page beyond the last, or an id or
/// resource SWAPI does not have, is a 404, as it is there.
public enum SWAPIEmbeddedData {
    static let pages: [String: [String]] = [
        "films": EmbeddedFilmPages.pages,
        "people": EmbeddedPeoplePages.pages,
        "planets": EmbeddedPlanetPages.pages,
        "species": EmbeddedSpeciesPages.pages,
        "starships": EmbeddedStarshipPages.pages,
        "vehicles": EmbeddedVehiclePages.pages,
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
        "films": EmbeddedFilmItems.items,
        "people": EmbeddedPeopleItems.items,
        "planets": EmbeddedPlanetItems.items,
        "species": EmbeddedSpeciesItems.items,
        "starships": EmbeddedStarshipItems.items,
        "vehicles": EmbeddedVehicleItems.items,
    ]
}
