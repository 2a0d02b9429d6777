import ExplorerTrace
import Foundation

/// Keeps every answer of the live API that decoded (not one a recording replayed) with a ``ResponseKeeper`` (the store's response cache) (the feature's
/// decoding says so, through ``HTTPClient/send(_:decoding:keeping:)``: a body that did not decode never
/// replaces what was kept) and, when the network is unavailable (not on a timeout, a 401 or a
/// 500: those are errors), answers from it instead, marking the answer with when it was fetched
/// (``HTTPResponse/cachedAt``) so the feature can say `offline — cached 2 h ago`. A request with ``HTTPRequest/allowsCachedAnswer`` false
/// (`refresh`) gets the failure. Absolute URLs (images, previews) have caches of their own.
public struct CachingHTTPClient: HTTPClient {
    public let wrapped: any HTTPClient
    public let cache: any ResponseKeeper
    private let tracer: Tracer?

    public init(_ wrapped: any HTTPClient, cache: any ResponseKeeper, tracer: Tracer? = nil) {
        self.wrapped = wrapped
        self.cache = cache
        self.tracer = tracer
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.absoluteURL == nil else { return try await wrapped.send(request) }
        do {
            var response = try await wrapped.send(request)
            // A replayed answer is not a live server's: the cache (and an offline index beside
            // it) never keeps it, so a recording never stands in for, or replaces, a live copy.
            guard !response.isReplayed else { return response }
            // Kept with the request's secrets written `•••`, should the server have echoed one.
            response.keepInCache = { [cache, tracer, body = request.redacting(response.body)] alongside in
                // Best effort: a database that cannot be written must not fail the request.
                do {
                    try cache.keep(body, for: request.cacheKey, alongside: alongside)
                } catch {
                    tracer?.log("cache: could not keep \(request.endpoint): \(error)", layer: .network)
                }
            }
            return response
        } catch let error as HTTPError where error.isNetworkUnavailable && request.allowsCachedAnswer {
            guard let entry = try? cache.kept(for: request.cacheKey) else { throw error }
            tracer?.log("GET \(request.endpoint): network unavailable, answered from the cache", layer: .network)
            var response = HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: entry.body, cachedAt: entry.fetchedAt,
                                        location: HTTPLocation(server: "the response cache", path: request.endpoint))
            response.answeredBy = "the response cache (the network unavailable)"
            return response
        }
    }
}
