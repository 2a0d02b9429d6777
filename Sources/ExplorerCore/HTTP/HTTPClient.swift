import Foundation

/// Sends a request and returns the response with a 2xx status, or throws ``HTTPError``.
///
/// Every feature talks to its API through one of these; which one (live, embedded, with
/// tracing) is decided when the feature is wired, never by the feature itself.
public protocol HTTPClient: Sendable {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

extension HTTPClient {
    /// Sends the request and decodes its JSON body, naming the endpoint when decoding fails.
    public func decode<T: Decodable>(_ type: T.Type, from request: HTTPRequest) async throws -> T {
        let response = try await send(request)
        do {
            return try JSONDecoder().decode(T.self, from: response.body)
        } catch {
            throw HTTPError(.undecodable, endpoint: request.endpoint, detail: Self.describe(error))
        }
    }

    private static func describe(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return "not JSON" }
        switch error {
        case .dataCorrupted: return "not valid JSON"
        case .keyNotFound(let key, let context): return "missing \(path(context.codingPath + [key]))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "unexpected value at \(path(context.codingPath))"
        @unknown default: return "unexpected shape"
        }
    }

    private static func path(_ keys: [CodingKey]) -> String {
        keys.reduce("$") { path, key in
            if let index = key.intValue { return "\(path)[\(index)]" }
            return "\(path).\(key.stringValue)"
        }
    }
}
