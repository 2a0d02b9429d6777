import ExplorerCore

/// The starships API as the view model needs it: a struct of async closures, so tests can
/// replace the network with a closure (`StarshipsService(page: { … })`).
public struct StarshipsService: Sendable {
    /// Fetches page `N` (1-based) of the starship list.
    public var page: @Sendable (_ number: Int) async throws -> StarshipPage

    public init(page: @escaping @Sendable (Int) async throws -> StarshipPage) {
        self.page = page
    }

    /// `GET {baseURL}/starships/?page=N` through `http` (live, embedded, traced: whatever it is).
    public static func http(_ http: any HTTPClient) -> StarshipsService {
        StarshipsService(page: { number in
            try await http.decode(StarshipPage.self, from: request(page: number))
        })
    }

    public static func request(page: Int) -> HTTPRequest {
        HTTPRequest(path: "/starships/", query: [.init("page", String(page))])
    }
}
