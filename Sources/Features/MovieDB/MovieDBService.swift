import ExplorerCore
import ExplorerHTTP
import ExplorerStore
import Foundation

/// TMDB's v3 API as the feature uses it: a category's page, a title's detail with its videos,
/// and search. A client of async closures, so tests give answers directly.
public struct MovieDBService: Sendable {
    /// Page `page` of a category; `fresh` refuses an answer from the cache (`refresh`).
    public var list: @Sendable (_ category: MovieDBCategory, _ page: Int, _ fresh: Bool) async throws -> MovieDBAnswer<MovieDBPage>
    /// `/movie/{id}` or `/tv/{id}` with its videos: the item with its ``MovieDBItem/detail``.
    public var detail: @Sendable (_ kind: MovieDBKind, _ id: Int, _ fresh: Bool) async throws -> MovieDBAnswer<MovieDBItem>
    /// Page `page` of TMDB's search of one kind for `query`.
    public var search: @Sendable (_ kind: MovieDBKind, _ query: String, _ page: Int, _ fresh: Bool) async throws -> MovieDBAnswer<MovieDBPage>

    public init(
        list: @escaping @Sendable (MovieDBCategory, Int, Bool) async throws -> MovieDBAnswer<MovieDBPage>,
        detail: @escaping @Sendable (MovieDBKind, Int, Bool) async throws -> MovieDBAnswer<MovieDBItem>,
        search: @escaping @Sendable (MovieDBKind, String, Int, Bool) async throws -> MovieDBAnswer<MovieDBPage>
    ) {
        self.list = list
        self.detail = detail
        self.search = search
    }

    /// What the offline index keeps of a live answer the response cache keeps, written in the
    /// cache's transaction (one write per page): a category's page of titles, or a detail's
    /// title (`category` nil).
    public typealias Indexing = @Sendable (_ items: [MovieDBItem], _ category: MovieDBCategory?, _ page: Int) -> StoreWrite

    /// Over HTTP (the feature's client stack, which adds the key on live requests), with what
    /// a category's page or a detail gives the offline index, if anything.
    public static func http(_ client: any HTTPClient, indexing: Indexing? = nil) -> MovieDBService {
        MovieDBService(
            list: { category, page, fresh in
                var request = HTTPRequest(path: category.path, query: [.init("page", String(page))])
                request.allowsCachedAnswer = !fresh
                return try await fetch(MovieDBPage.self, request, kind: category.kind, client: client,
                                       indexing: indexing.map { indexing in { indexing($0.results, category, page) } })
            },
            detail: { kind, id, fresh in
                var request = HTTPRequest(path: "/\(kind.rawValue)/\(id)", query: [.init("append_to_response", "videos")])
                request.allowsCachedAnswer = !fresh
                return try await send(request, client: client, indexing: indexing.map { indexing in { indexing([$0], nil, 1) } }) {
                    response in
                    guard let item = MovieDBItem.fromDetail(response.body, kind: kind) else {
                        throw HTTPError.undecodable(response.body, request: request, at: response.location(of: request))
                    }
                    return item
                }
            },
            search: { kind, query, page, fresh in
                var request = HTTPRequest(path: "/search/\(kind.rawValue)",
                                          query: [.init("query", query), .init("page", String(page)), .init("include_adult", "false")])
                request.allowsCachedAnswer = !fresh
                return try await fetch(MovieDBPage.self, request, kind: kind, client: client)
            })
    }

    private static func fetch<T: Decodable & Sendable & Equatable>(
        _ type: T.Type, _ request: HTTPRequest, kind: MovieDBKind, client: any HTTPClient,
        indexing: ((T) -> StoreWrite)? = nil
    ) async throws -> MovieDBAnswer<T> {
        let decoder = JSONDecoder()
        decoder.userInfo[.movieDBKind] = kind
        return try await send(request, client: client, indexing: indexing) { response in
            do {
                return try decoder.decode(T.self, from: response.body)
            } catch {
                throw HTTPError.undecodable(response.body, request: request, at: response.location(of: request),
                                            shape: HTTPError.shape(of: error))
            }
        }
    }

    /// The answer to `request` as `decode` reads it, with when the cache kept it and whether its
    /// titles went with the body; TMDB's own explanation of a failure.
    private static func send<T>(_ request: HTTPRequest, client: any HTTPClient, indexing: ((T) -> StoreWrite)?,
                                decoding decode: (HTTPResponse) throws -> T) async throws -> MovieDBAnswer<T> {
        do {
            let (value, response) = try await client.send(request, decoding: decode, keeping: { value in indexing?(value) })
            return MovieDBAnswer(value, cachedAt: response.cachedAt, isIndexed: indexing != nil && response.keepInCache != nil,
                                 isReplayed: response.isReplayed)
        } catch let error as HTTPError {
            throw explained(error)
        }
    }

    /// TMDB's own explanation of a failure (`{"status_code": 7, "status_message": "Invalid API
    /// key…"}`): a 401 is about the key; other statuses keep HTTP's message with TMDB's added.
    static func explained(_ error: HTTPError) -> Error {
        guard case .status(let code) = error.kind else { return error }
        let message = error.body.flatMap { try? JSONDecoder().decode(StatusMessage.self, from: $0) }.flatMap { $0.statusMessage == nil ? nil : $0 }
        let said = message.map { " (status \($0.statusCode.map(String.init) ?? "?"): \($0.statusMessage ?? "no message"))" } ?? ""
        if code == 401 {
            return TMDBError.keyRejected(said: said)
        }
        guard !said.isEmpty else { return error }
        return TMDBError.refused(error, said: said)
    }

    private struct StatusMessage: Decodable {
        var statusCode: Int?
        var statusMessage: String?

        enum CodingKeys: String, CodingKey {
            case statusCode = "status_code"
            case statusMessage = "status_message"
        }
    }
}
