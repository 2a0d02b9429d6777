import ExplorerCore
import ExplorerHTTP
import ExplorerText

/// A SWAPI resource as a view model needs it: a struct of async closures, so tests can replace
/// the network with closures (`SWAPIService<Starship>(page: { … }, item: { … }, name: { … })`).
/// Every call is the caller's to answer: there is no default that answers for a test.
public struct SWAPIService<Item: SWAPIItem>: Sendable {
    /// Fetches page `N` (1-based) of the list.
    public var page: @Sendable (_ number: Int) async throws -> SWAPIPage<Item>
    /// Fetches one item by its id (`/starships/10/`).
    public var item: @Sendable (_ id: String) async throws -> Item
    /// The name (or, for a film, the title) of what a SWAPI URL points to: a pilot, a planet.
    public var name: @Sendable (_ url: String) async throws -> String?

    public init(
        page: @escaping @Sendable (Int) async throws -> SWAPIPage<Item>,
        item: @escaping @Sendable (String) async throws -> Item,
        name: @escaping @Sendable (String) async throws -> String?
    ) {
        self.page = page
        self.item = item
        self.name = name
    }

    /// `GET {baseURL}/<resource>/?page=N`, `/<resource>/<id>/`, and the resources items link to
    /// (`/people/13/`, asked of the same base URL), through `http`.
    public static func http(_ http: any HTTPClient, resource: String) -> SWAPIService {
        SWAPIService(
            page: { number in
                try await http.decode(SWAPIPage<Item>.self, from: request(resource: resource, page: number))
            },
            item: { id in
                try await http.decode(Item.self, from: HTTPRequest(path: "/\(resource)/\(id)/"))
            },
            name: { url in
                guard let path = SWAPIResource.path(fromURL: url) else { return nil }
                let named = try await http.decode(SWAPINamed.self, from: HTTPRequest(path: path))
                return KeptText.capped(named.name ?? named.title)
            })
    }

    public static func request(resource: String, page: Int) -> HTTPRequest {
        HTTPRequest(path: "/\(resource)/", query: [.init("page", String(page))])
    }
}

/// Any SWAPI resource, read for its name (people, planets, starships…) or title (films).
struct SWAPINamed: Decodable {
    var name: String?
    var title: String?
}
