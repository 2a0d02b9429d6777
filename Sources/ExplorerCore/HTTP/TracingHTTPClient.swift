import Foundation

/// Reports every request to the ``Tracer`` as it completes:
/// `trace: GET /starships/?page=1 → 200 (12 ms)`.
public struct TracingHTTPClient: HTTPClient {
    public let wrapped: any HTTPClient
    public let tracer: Tracer

    public init(_ wrapped: any HTTPClient, tracer: Tracer) {
        self.wrapped = wrapped
        self.tracer = tracer
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard tracer.isTracing else { return try await wrapped.send(request) }
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let response = try await wrapped.send(request)
            tracer.request("GET \(request.endpoint) → \(response.status) (\((clock.now - start).wholeMilliseconds) ms)")
            return response
        } catch let error as HTTPError {
            let outcome: String
            switch error.kind {
            case .status(let code): outcome = "\(code)"
            default: outcome = error.description
            }
            tracer.request("GET \(request.endpoint) → \(outcome) (\((clock.now - start).wholeMilliseconds) ms)")
            throw error
        }
    }

}
