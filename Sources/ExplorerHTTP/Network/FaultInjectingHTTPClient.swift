import ExplorerClock
import ExplorerTrace
import Foundation

/// Puts `net`'s conditions on the requests of the client it wraps: waits the latency (Ctrl-C
/// interrupts the wait as it would a real one), then fails as the first matching fault says, or
/// passes the request on. It sits right above the transport — live or embedded — so every
/// layer above (the response cache, tracing, the service, the view model) meets an injected
/// failure exactly as it would a real one; each effect is told to the tracer.
///
/// Waits go by the app's clock: a live clock waits in real time (an injected timeout takes the
/// timeout in force, as a real one would, so a demo shows what waiting looks like); a virtual
/// clock, which moves only when told, does not wait at all, so scripts and tests never sleep.
public struct FaultInjectingHTTPClient: HTTPClient {
    public let wrapped: any HTTPClient
    public let conditions: NetworkConditions
    public let tracer: Tracer
    /// Where the wrapped client's requests go, to name the server in messages (nil for
    /// embedded data).
    public let baseURL: URL?
    /// How long a request may take, in seconds (`--timeout`): what an injected timeout waits.
    public let timeout: TimeInterval
    private let clock: SchedulingClock

    public init(_ wrapped: any HTTPClient, conditions: NetworkConditions, tracer: Tracer, baseURL: URL? = nil,
                timeout: TimeInterval = 15, clock: SchedulingClock = SchedulingClock()) {
        self.wrapped = wrapped
        self.conditions = conditions
        self.tracer = tracer
        self.baseURL = baseURL
        self.timeout = timeout
        self.clock = clock
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let plan = conditions.plan(for: request)
        // Most requests meet no condition: they pass, and where they went is never worked out.
        guard plan.delay > 0 || plan.fault != nil else { return try await wrapped.send(request) }
        let location = request.location(relativeTo: baseURL)
        if plan.delay > 0 {
            tracer.log("net: GET \(request.endpoint) waits \(plan.delay) ms (latency)", layer: .network)
            try await wait(.milliseconds(plan.delay), request, location)
        }
        guard let fault = plan.fault else { return try await wrapped.send(request) }
        let left = fault.remaining.map { $0 == 0 ? ", the last time" : ", \($0) more to come" } ?? ""
        switch fault.kind {
        case .status(let code):
            tracer.log("net: GET \(request.endpoint) fails: \(fault.name) (injected\(left))", layer: .network)
            var error = HTTPError(.status(code), request: request, at: location)
            error.injected = fault.name
            throw error
        case .timeout:
            let seconds = min(request.timeout ?? timeout, timeout)
            tracer.log("net: GET \(request.endpoint) gets no answer for \(HTTPError.spoken(.seconds(seconds))), then times out (injected\(left))", layer: .network)
            try await wait(.seconds(seconds), request, location)
            var error = HTTPError(.timeout, request: request, at: location)
            error.timeout = .seconds(seconds)
            error.injected = fault.name
            throw error
        case .offline:
            tracer.log("net: GET \(request.endpoint) fails: \(fault.name) (injected\(left))", layer: .network)
            var error = HTTPError(.networkUnavailable(.offline), request: request, at: location)
            error.injected = fault.name
            throw error
        case .malformed:
            tracer.log("net: GET \(request.endpoint) fails: \(fault.name) (injected\(left))", layer: .network)
            var response = try await wrapped.send(request)
            response.body = response.body.prefix(response.body.count / 2)
            response.answeredBy = (response.answeredBy ?? "the network") + ", cut in half by `net fail \(fault.name)`"
            return response
        }
    }

    /// Waits by the clock; Ctrl-C ends the wait as it would end a real request.
    private func wait(_ duration: Duration, _ request: HTTPRequest, _ location: HTTPLocation) async throws {
        do {
            try await clock.sleep(for: duration)
        } catch {
            throw HTTPError(.cancelled, request: request, at: location)
        }
    }
}
