import ExplorerClock
import ExplorerText
import ExplorerTrace
import Foundation
import Synchronization

/// Talks to the real API through libcurl (``CurlTransport``, loaded on the first request, or
/// ahead of it by ``prepare()``).
///
/// Maps transport failures and non-2xx statuses to ``HTTPError``, and retries once on 429 and
/// 503, waiting as long as `Retry-After` asks (capped by ``RetryPolicy/maximumDelay``) or the
/// policy's backoff when it does not say. `timeout` is a deadline for the whole request, body,
/// wait and retry included: a wait that would end past it is not waited for (the 429 or 503 is
/// the answer); an answer over the request's size limit (``HTTPRequest/maxBytes``, else
/// ``defaultMaxBytes``) is stopped as it arrives and is an error.
public struct LiveHTTPClient: HTTPClient {
    /// Starts loading the transport (libcurl, some thirty libraries, about 6 ms) on a thread of
    /// its own, so that the first live request does not wait for it: called when a session at
    /// a terminal starts on live data. Calling it again does nothing.
    public static func prepare() {
        guard !preparing.exchange(true, ordering: .relaxed) else { return }
        Thread.detachNewThread { _ = CurlTransport.shared }
    }

    private static let preparing = Atomic(false)

    public struct RetryPolicy: Sendable {
        public var retryableStatuses: Set<Int> = [429, 503]
        public var backoff: Duration = .milliseconds(500)
        public var maximumDelay: Duration = .seconds(10)

        public init() {}
    }

    /// The most an API answer may be unless the request says otherwise: 32 MB.
    public static let defaultMaxBytes = 32 << 20
    static let userAgent = "explorer/0.1 (+libcurl)"

    public let baseURL: URL
    public let timeout: TimeInterval
    public let retryPolicy: RetryPolicy
    /// Told about retries, which the tracing client around this one cannot see.
    private let tracer: Tracer?

    public init(baseURL: URL, timeout: TimeInterval = 15, retryPolicy: RetryPolicy = RetryPolicy(), tracer: Tracer? = nil) {
        self.tracer = tracer
        self.baseURL = baseURL
        self.timeout = timeout
        self.retryPolicy = retryPolicy
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(timeout(for: request)))
        let first = try await attempt(request, seconds: remaining(until: deadline, clock))
        guard retryPolicy.retryableStatuses.contains(first.status) else { return try checked(first, request) }
        let delay = retryDelay(first)
        guard clock.now.advanced(by: delay) < deadline else {
            tracer?.log("GET \(request.endpoint) → \(first.status), not retrying: the wait asked for (\(delay.wholeMilliseconds) ms) ends past the timeout", layer: .network)
            return try checked(first, request)
        }
        tracer?.log("GET \(request.endpoint) → \(first.status), retrying in \(delay.wholeMilliseconds) ms", layer: .network)
        try await sleep(delay, request)
        do {
            return try checked(try await attempt(request, seconds: remaining(until: deadline, clock)), request)
        } catch var error as HTTPError where error.kind != .cancelled {
            // The message says what came first, and that it was waited for.
            error.retry = HTTPError.Retry(status: first.status, waited: delay)
            throw error
        }
    }

    /// The seconds left until `deadline` (at least a millisecond, so that an attempt made
    /// just at it still times out rather than waiting without a limit).
    private func remaining(until deadline: ContinuousClock.Instant, _ clock: ContinuousClock) -> TimeInterval {
        max(clock.now.duration(to: deadline).timeInterval, 0.001)
    }

    private func checked(_ response: HTTPResponse, _ request: HTTPRequest) throws -> HTTPResponse {
        guard (200..<300).contains(response.status) else {
            throw HTTPError(.status(response.status), request: request, at: request.location(relativeTo: baseURL), body: response.body)
        }
        return response
    }

    /// `Retry-After` in seconds (the HTTP-date form is rare for APIs and treated as absent).
    func retryDelay(_ response: HTTPResponse) -> Duration {
        if let value = response.header("retry-after"), let seconds = Double(value.trimmingCharacters(in: .whitespaces)),
           seconds >= 0, !seconds.isNaN {
            // Compared as Doubles first: a server may send "1e300" or "inf".
            return seconds >= retryPolicy.maximumDelay.timeInterval ? retryPolicy.maximumDelay : .milliseconds(Int(seconds * 1000))
        }
        return retryPolicy.backoff
    }

    private func sleep(_ delay: Duration, _ request: HTTPRequest) async throws {
        do {
            try await Task.sleep(for: delay)
        } catch {
            throw HTTPError(.cancelled, request: request, at: request.location(relativeTo: baseURL))
        }
    }

    private func attempt(_ request: HTTPRequest, seconds: TimeInterval) async throws -> HTTPResponse {
        let location = request.location(relativeTo: baseURL)
        guard let url = request.url(relativeTo: baseURL), url.isWeb else {
            throw HTTPError(.invalidURL, request: request, at: location)
        }
        let headers = [("Accept", "application/json")].filter { name, _ in !request.headers.contains { $0.name.lowercased() == name.lowercased() } }
            .map { "\($0): \($1)" } + request.headers.map { "\($0.name): \($0.value)" }
        let limit = request.maxBytes ?? Self.defaultMaxBytes
        do {
            let answer = try await CurlTransport.shared.get(url.absoluteString, headers: headers, timeout: seconds,
                                                            limit: limit, userAgent: Self.userAgent)
            return HTTPResponse(status: answer.status, headers: answer.headers, body: answer.body, location: location)
        } catch let failure as CurlTransport.Failure {
            var error = Self.map(failure, request, at: location)
            if error.kind == .timeout { error.timeout = .seconds(timeout(for: request)) }
            throw error
        } catch {
            if Task.isCancelled { throw HTTPError(.cancelled, request: request, at: location) }
            throw HTTPError(.networkUnavailable(.unreachable), request: request, at: location,
                            detail: request.redacting(String(describing: error)).sanitizedForTerminal)
        }
    }

    /// The scheme of a redirect's `Location` as a message may show it (`ftp`, `javascript`),
    /// or nil when it has none that is short and plain.
    static func scheme(_ location: String) -> String? {
        guard let colon = location.firstIndex(of: ":") else { return nil }
        let scheme = location[..<colon].lowercased()
        guard (1...20).contains(scheme.count), scheme.first!.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return nil }
        return scheme
    }

    /// How long `request` may take: its own timeout when shorter than the client's.
    public func timeout(for request: HTTPRequest) -> TimeInterval {
        min(request.timeout ?? timeout, timeout)
    }

    /// libcurl's result codes (curl/curl.h) as the causes users are told apart by.
    static func map(_ failure: CurlTransport.Failure, _ request: HTTPRequest, at location: HTTPLocation) -> HTTPError {
        switch failure {
        case .cancelled: return HTTPError(.cancelled, request: request, at: location)
        case .tooLarge(let limit): return HTTPError(.tooLarge(limit: limit), request: request, at: location)
        case .headersTooLarge: return HTTPError(.badReply(.headersTooLarge), request: request, at: location)
        case .unavailable(let why): return HTTPError(.transportUnavailable, request: request, at: location, detail: why.sanitizedForTerminal)
        case .transfer(let code, let message, let status, let redirect):
            let kind: HTTPError.Kind
            switch code {
            case 28: kind = .timeout  // CURLE_OPERATION_TIMEDOUT
            case 5, 6: kind = .networkUnavailable(.hostNotFound)  // COULDNT_RESOLVE_PROXY, COULDNT_RESOLVE_HOST
            case 7: kind = .networkUnavailable(.refused)  // CURLE_COULDNT_CONNECT
            case 45, 96, 97: kind = .networkUnavailable(.unreachable)  // INTERFACE_FAILED, QUIC_CONNECT_ERROR, PROXY
            case 18, 52, 55, 56: kind = .connectionLost  // PARTIAL_FILE, GOT_NOTHING, SEND_ERROR, RECV_ERROR
            // The URL asked for is http(s) and well formed (`attempt` checks), so an unsupported
            // protocol or a malformed URL is where a redirect pointed, or a reply not in HTTP.
            case 1 where (300..<400).contains(status): kind = .badReply(.refusedRedirect(scheme: redirect.flatMap(Self.scheme)))
            case 3 where (300..<400).contains(status): kind = .badReply(.refusedRedirect(scheme: nil))
            case 1, 3, 8, 16, 92: kind = .badReply(.notHTTP)  // …, WEIRD_SERVER_REPLY, HTTP2, HTTP2_STREAM
            case 27, 100: kind = .badReply(.headersTooLarge)  // a header line past libcurl's 100 KB: OUT_OF_MEMORY (7.x), TOO_LARGE (8.6+)
            case 61: kind = .badReply(.badEncoding)  // BAD_CONTENT_ENCODING
            case 47: kind = .badReply(.tooManyRedirects)  // TOO_MANY_REDIRECTS
            case 35, 51, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91, 98: kind = .badReply(.tls)  // SSL_*, PEER_FAILED_VERIFICATION
            default: kind = .transferFailed
            }
            let detail: String? = switch kind {
            case .networkUnavailable(.unreachable), .badReply(.tls), .transferFailed: request.redacting(message).sanitizedForTerminal
            default: nil
            }
            return HTTPError(kind, request: request, at: location, detail: detail)
        }
    }
}
