import Foundation

/// An answer with a reader of its own for the plain case, beside `Decodable`: an iTunes search
/// answer, whose thirty members a result cost `JSONDecoder` most of a search. The reader must
/// give what `JSONDecoder` gives whenever it gives anything; on whatever it is not sure of it
/// gives nil, and `JSONDecoder` reads the body (its value, or its error, stands).
public protocol QuicklyDecodable: Decodable {
    /// The answer in `body`, or nil to leave the body to `JSONDecoder`.
    static func quicklyDecoded(_ body: Data) -> Self?
}

extension HTTPClient {
    /// ``decode(_:from:)`` for an answer with a reader of its own: that reader first, then,
    /// where it gives nil, `JSONDecoder` as for any answer.
    public func decode<T: QuicklyDecodable>(_ type: T.Type, from request: HTTPRequest) async throws -> T {
        try await send(request) { response in
            try T.quicklyDecoded(response.body) ?? Self.decoded(T.self, response, of: request)
        }.value
    }
}
