import ExplorerCore

/// The people API as the view model needs it: a struct of async closures, so tests can replace
/// the network with a closure.
public struct CharactersService: Sendable {
    /// Fetches page `N` (1-based) of `/people/`.
    public var page: @Sendable (_ number: Int) async throws -> PeoplePage

    public init(page: @escaping @Sendable (Int) async throws -> PeoplePage) {
        self.page = page
    }

    /// `GET {baseURL}/people/?page=N` through `http`.
    public static func http(_ http: any HTTPClient) -> CharactersService {
        CharactersService(page: { number in
            try await http.decode(PeoplePage.self, from: request(page: number))
        })
    }

    public static func request(page: Int) -> HTTPRequest {
        HTTPRequest(path: "/people/", query: [.init("page", String(page))])
    }
}
