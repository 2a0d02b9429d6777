import ExplorerCore
import ExplorerHTTP
import Foundation

/// The iTunes Search API as the view model needs it: a struct of async closures.
public struct ITunesService: Sendable {
    /// The results of a search, each read as far as a list needs (``ITunesResult``).
    public var search: @Sendable (_ term: String) async throws -> [ITunesResult]
    public var lookup: @Sendable (_ id: Int) async throws -> ITunesItem?
    /// Fetches a preview; returns the bytes and the content type.
    public var download: @Sendable (_ url: URL) async throws -> (data: Data, contentType: String?)

    public init(
        search: @escaping @Sendable (String) async throws -> [ITunesResult],
        lookup: @escaping @Sendable (Int) async throws -> ITunesItem?,
        download: @escaping @Sendable (URL) async throws -> (data: Data, contentType: String?)
    ) {
        self.search = search
        self.lookup = lookup
        self.download = download
    }

    /// A service whose search gives results read in full (a test's).
    public init(
        search: @escaping @Sendable (String) async throws -> [ITunesItem],
        lookup: @escaping @Sendable (Int) async throws -> ITunesItem?,
        download: @escaping @Sendable (URL) async throws -> (data: Data, contentType: String?)
    ) {
        self.init(search: { try await search($0).map(ITunesResult.init) }, lookup: lookup, download: download)
    }

    /// `GET {baseURL}/search?term=…&media=music&entity=song&limit=…&country=…` and
    /// `GET {baseURL}/lookup?id=…` through `http`.
    public static func http(_ http: any HTTPClient, country: String, limit: Int) -> ITunesService {
        ITunesService(
            search: { term in
                try await http.decode(ITunesResults.self, from: searchRequest(term: term, country: country, limit: limit)).results
            },
            lookup: { id in
                try await http.decode(ITunesSearchAnswer.self, from: lookupRequest(id: id, country: country)).results.first
            },
            download: { url in
                guard var request = HTTPRequest(absolute: url) else {
                    throw ITunesError.notWeb(url)
                }
                request.maxBytes = HTTPRequest.maxFileBytes
                let response = try await http.send(request)
                return (response.body, response.header("content-type"))
            })
    }

    public static func searchRequest(term: String, country: String, limit: Int) -> HTTPRequest {
        HTTPRequest(path: "/search", query: [
            .init("term", term), .init("media", "music"), .init("entity", "song"),
            .init("limit", String(limit)), .init("country", country),
        ])
    }

    public static func lookupRequest(id: Int, country: String) -> HTTPRequest {
        HTTPRequest(path: "/lookup", query: [.init("id", String(id)), .init("country", country)])
    }
}
