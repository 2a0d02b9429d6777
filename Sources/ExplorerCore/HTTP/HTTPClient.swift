import Foundation

/// Sends a request and returns the response with a 2xx status, or throws ``HTTPError``.
///
/// Every feature talks to its API through one of these; which one (live, embedded, with
/// tracing) is decided when the feature is wired, never by the feature itself.
public protocol HTTPClient: Sendable {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

extension HTTPClient {
    /// Sends the request and decodes its JSON body; an answer that is not what `T` reads is
    /// ``HTTPError/undecodable(_:request:at:shape:)``, naming where it came from and what it is.
    public func decode<T: Decodable>(_ type: T.Type, from request: HTTPRequest) async throws -> T {
        let response = try await send(request)
        do {
            return try JSONDecoder().decode(T.self, from: response.body)
        } catch {
            throw HTTPError.undecodable(response.body, request: request, at: response.location(of: request),
                                        shape: HTTPError.shape(of: error))
        }
    }
}
