import ExplorerClock
import ExplorerTrace
import Foundation

/// Reports every request to the ``Tracer`` as it completes:
/// `trace: GET /starships/?page=1 → 200 (12 ms)`, the time on the tracer's clock (on a virtual
/// one, the virtual time that passed: 0 ms unless the clock was moved).
public struct TracingHTTPClient: HTTPClient {
    public let wrapped: any HTTPClient
    public let tracer: Tracer
    /// Where each request and its outcome are kept for `raw`, under ``feature``.
    public let exchanges: ExchangeLog?
    public let feature: String
    public let baseURL: URL?

    public init(_ wrapped: any HTTPClient, tracer: Tracer, exchanges: ExchangeLog? = nil, feature: String = "", baseURL: URL? = nil) {
        self.wrapped = wrapped
        self.tracer = tracer
        self.exchanges = exchanges
        self.feature = feature
        self.baseURL = baseURL
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard tracer.isTracing || exchanges != nil else { return try await wrapped.send(request) }
        let stopwatch = tracer.clock.stopwatch()
        do {
            let response = try await wrapped.send(request)
            if tracer.isTracing {
                tracer.request("GET \(request.endpoint) → \(response.status) (\(stopwatch.elapsed.wholeMilliseconds) ms)")
            }
            exchanges?.record(HTTPExchange(request: request, baseURL: baseURL, response: response, elapsed: stopwatch.elapsed,
                                           at: tracer.clock.now), feature: feature)
            return response
        } catch let error as HTTPError {
            if tracer.isTracing {
                let outcome: String
                switch error.kind {
                case .status(let code): outcome = "\(code)"
                default: outcome = error.description
                }
                tracer.request("GET \(request.endpoint) → \(outcome) (\(stopwatch.elapsed.wholeMilliseconds) ms)")
            }
            exchanges?.record(HTTPExchange(request: request, baseURL: baseURL, error: error, elapsed: stopwatch.elapsed,
                                           at: tracer.clock.now), feature: feature)
            throw error
        }
    }

}
