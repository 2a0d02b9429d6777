import ExplorerCore

/// A SWAPI list as a view model needs it: a struct of async closures, so tests can replace the
/// network with a closure (`SWAPIService<Starship>(page: { … })`).
public struct SWAPIService<Item: SWAPIItem>: Sendable {
    /// Fetches page `N` (1-based) of the list.
    public var page: @Sendable (_ number: Int) async throws -> SWAPIPage<Item>

    public init(page: @escaping @Sendable (Int) async throws -> SWAPIPage<Item>) {
        self.page = page
    }

    /// `GET {baseURL}/<resource>/?page=N` through `http` (live, embedded, traced: whatever it is).
    public static func http(_ http: any HTTPClient, resource: String) -> SWAPIService {
        SWAPIService(page: { number in
            try await http.decode(SWAPIPage<Item>.self, from: request(resource: resource, page: number))
        })
    }

    public static func request(resource: String, page: Int) -> HTTPRequest {
        HTTPRequest(path: "/\(resource)/", query: [.init("page", String(page))])
    }
}
