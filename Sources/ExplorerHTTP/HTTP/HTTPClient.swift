import Foundation

/// Sends a request and returns the response with a 2xx status, or throws ``HTTPError``.
///
/// Every feature talks to its API through one of these; which one (live, embedded, with
/// tracing) is decided when the feature is wired, never by the feature itself.
public protocol HTTPClient: Sendable {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

extension HTTPClient {
    /// Sends the request and makes a feature's value of the answer with `decode`, which throws
    /// when the body is not the API's answer. Every feature reads its answers here, and here is
    /// the response cache's one rule: only an answer that decoded is kept
    /// (``HTTPResponse/keepInCache``), so a success with an empty, cut or garbled body fails
    /// the request and leaves the copy kept before for when the network is unavailable.
    ///
    /// `keeping` says what else to keep of the decoded value in the cache's transaction (a
    /// page's titles for an offline index); it is asked only when a cache is to keep the answer
    /// (``HTTPResponse/keepInCache`` is not nil), so a caller can tell whether its rows went
    /// with the body (kept together, or, if the database refused, neither).
    public func send<T>(_ request: HTTPRequest, decoding decode: (HTTPResponse) throws -> T,
                        keeping: (T) -> (any KeptAlongside)? = { _ in nil }) async throws -> (value: T, response: HTTPResponse) {
        let response = try await send(request)
        let value = try decode(response)
        if let keep = response.keepInCache {
            keep(keeping(value))
        }
        return (value, response)
    }

    /// Sends the request and decodes its JSON body; an answer that is not what `T` reads is
    /// ``HTTPError/undecodable(_:request:at:shape:)``, naming where it came from and what it is.
    public func decode<T: Decodable>(_ type: T.Type, from request: HTTPRequest) async throws -> T {
        try await send(request) { response in try Self.decoded(T.self, response, of: request) }.value
    }

    /// `response`'s body as `T`, read by `JSONDecoder`; a body it cannot read is
    /// ``HTTPError/undecodable(_:request:at:shape:)``.
    static func decoded<T: Decodable>(_ type: T.Type, _ response: HTTPResponse, of request: HTTPRequest) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: response.body)
        } catch {
            throw HTTPError.undecodable(response.body, request: request, at: response.location(of: request),
                                        shape: HTTPError.shape(of: error))
        }
    }
}
