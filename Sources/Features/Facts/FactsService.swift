import ExplorerCore
import ExplorerHTTP
import Foundation

/// The facts document over HTTP. A failure is the HTTP layer's ``HTTPError``, worded as in every other
/// feature and naming the server and path; the view model tells the network unavailable (a
/// cached copy may stand in) apart by its kind.
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
            let (document, response) = try await client.send(request) { response in
                do {
                    return try FactsDocument.decode(response.body)
                } catch let problem as FactsDocument.Problem {
                    throw HTTPError.undecodable(response.body, request: request, at: response.location(of: request),
                                                shape: problem == .notFacts ? "no list of rows" : nil)
                }
            }
            return FactsAnswer(document: document, cachedAt: response.cachedAt)
        }
    }
}
