import ExplorerClock
import ExplorerTrace
import Foundation

/// Reports every request to the ``Tracer`` as it completes:
/// `trace: GET /starships/?page=1 → 200 (12 ms)`, the time on the tracer's clock (on a virtual
/// one, the virtual time that passed: 0 ms unless the clock was moved).
public struct TracingHTTPClient: HTTPClient {
    public let wrapped: any HTTPClient
    public let tracer: Tracer

    public init(_ wrapped: any HTTPClient, tracer: Tracer) {
        self.wrapped = wrapped
        self.tracer = tracer
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard tracer.isTracing else { return try await wrapped.send(request) }
        let stopwatch = tracer.clock.stopwatch()
        do {
            let response = try await wrapped.send(request)
            tracer.request("GET \(request.endpoint) → \(response.status) (\(stopwatch.elapsed.wholeMilliseconds) ms)")
            return response
        } catch let error as HTTPError {
            let outcome: String
            switch error.kind {
            case .status(let code): outcome = "\(code)"
            default: outcome = error.description
            }
            tracer.request("GET \(request.endpoint) → \(outcome) (\(stopwatch.elapsed.wholeMilliseconds) ms)")
            throw error
        }
    }

}
