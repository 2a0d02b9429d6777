import ExplorerCore
import Foundation

/// The facts document over HTTP, with the two kinds of failure the spec tells apart: the
/// network unavailable (with nothing cached) — say so, and how to go on — and anything else
/// (an HTTP error, HTML, malformed or truncated JSON) — one generic message, the cause in brackets.
public struct FactsService: Sendable {
    /// The document; `fresh` refuses an answer from the cache (`refresh`).
    public var document: @Sendable (_ fresh: Bool) async throws -> FactsAnswer

    public init(document: @escaping @Sendable (Bool) async throws -> FactsAnswer) {
        self.document = document
    }

    /// The path the document is at, under the feature's base URL.
    public static let defaultPath = "/s/2iodh4vg0eortkl/facts.json"

    public static func http(_ client: any HTTPClient, path: String = defaultPath) -> FactsService {
        FactsService { fresh in
            var request = HTTPRequest(path: path)
            request.allowsCachedAnswer = !fresh
            let response: HTTPResponse
            do {
                response = try await client.send(request)
            } catch let error as HTTPError {
                throw explained(error)
            }
            do {
                return FactsAnswer(document: try FactsDocument.decode(response.body), cachedAt: response.cachedAt)
            } catch let problem as FactsDocument.Problem {
                throw CommandError("could not load the facts (\(problem))")
            }
        }
    }

    static let networkUnavailableMessage = "network unavailable — check the connection, then refresh"

    static func explained(_ error: HTTPError) -> Error {
        switch error.kind {
        case .networkUnavailable: CommandError(networkUnavailableMessage)
        case .cancelled: error
        case .status(let code): CommandError("could not load the facts (HTTP \(code))")
        case .timeout: CommandError("could not load the facts (no answer in time)")
        case .connectionLost: CommandError("could not load the facts (the connection was lost)")
        case .undecodable, .invalidURL, .tooLarge, .transportUnavailable: CommandError("could not load the facts (\(error.description))")
        }
    }
}
