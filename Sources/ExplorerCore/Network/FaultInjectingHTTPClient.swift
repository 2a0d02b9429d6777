import Foundation

/// Puts `net`'s conditions on the requests of the client it wraps: waits the latency (Ctrl-C
/// interrupts the wait as it would a real one), then fails as the first matching fault says, or
/// passes the request on. It sits right above the transport — live or embedded — so every
/// layer above (the response cache, tracing, the service, the view model) meets an injected
/// failure exactly as it would a real one; each effect is told to the tracer.
public struct FaultInjectingHTTPClient: HTTPClient {
    public let wrapped: any HTTPClient
    public let conditions: NetworkConditions
    public let tracer: Tracer
    /// Where the wrapped client's requests go, to name the server in messages (nil for
    /// embedded data).
    public let baseURL: URL?

    public init(_ wrapped: any HTTPClient, conditions: NetworkConditions, tracer: Tracer, baseURL: URL? = nil) {
        self.wrapped = wrapped
        self.conditions = conditions
        self.tracer = tracer
        self.baseURL = baseURL
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let plan = conditions.plan(for: request)
        let host = request.host(relativeTo: baseURL)
        if plan.delay > 0 {
            tracer.log("net: GET \(request.endpoint) waits \(plan.delay) ms (latency)")
            do {
                try await Task.sleep(for: .milliseconds(plan.delay))
            } catch {
                throw HTTPError(.cancelled, endpoint: request.endpoint, host: host)
            }
        }
        guard let fault = plan.fault else { return try await wrapped.send(request) }
        let left = fault.remaining.map { $0 == 0 ? ", the last time" : ", \($0) more to come" } ?? ""
        tracer.log("net: GET \(request.endpoint) fails: \(fault.name) (injected\(left))")
        switch fault.kind {
        case .status(let code):
            throw HTTPError(.status(code), endpoint: request.endpoint, host: host)
        case .timeout:
            throw HTTPError(.timeout, endpoint: request.endpoint, host: host)
        case .offline:
            throw HTTPError(.networkUnavailable(.offline), endpoint: request.endpoint, host: host)
        case .malformed:
            var response = try await wrapped.send(request)
            response.body = response.body.prefix(response.body.count / 2)
            return response
        }
    }
}
