import ExplorerCore
import ExplorerHTTP
import Foundation

/// Neds' next-to-go races over HTTP: `GET /racing/?method=nextraces&count=N` with
/// `Content-type: application/json`. A failure is the HTTP layer's ``HTTPError``, worded as in every other
/// feature; the interactor keeps the races it has through it and notes it (``HTTPError/cause``
/// in the heading).
public struct RacesService: Sendable {
    public var next: @Sendable (_ count: Int) async throws -> RacesAnswer

    public init(next: @escaping @Sendable (Int) async throws -> RacesAnswer) {
        self.next = next
    }

    public static func http(_ client: any HTTPClient) -> RacesService {
        RacesService { count in
            let request = HTTPRequest(path: "/racing/", query: [.init("method", "nextraces"), .init("count", String(count))],
                                      headers: [.init("Content-type", "application/json")])
            return try await client.decode(RacesAnswer.self, from: request)
        }
    }
}
