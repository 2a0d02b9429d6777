import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Talks to the real API with URLSession.
///
/// Maps transport failures and non-2xx statuses to ``HTTPError``, and retries once on 429 and
/// 503, waiting as long as `Retry-After` asks (capped by ``RetryPolicy/maximumDelay``) or the
/// policy's backoff when it does not say.
public struct LiveHTTPClient: HTTPClient {
    public struct RetryPolicy: Sendable {
        public var retryableStatuses: Set<Int> = [429, 503]
        public var backoff: Duration = .milliseconds(500)
        public var maximumDelay: Duration = .seconds(10)

        public init() {}
    }

    public let baseURL: URL
    public let timeout: TimeInterval
    public let retryPolicy: RetryPolicy
    /// Told about retries, which the tracing client around this one cannot see.
    private let tracer: Tracer?
    private let session: URLSession

    public init(baseURL: URL, timeout: TimeInterval = 15, retryPolicy: RetryPolicy = RetryPolicy(),
                session: URLSession? = nil, tracer: Tracer? = nil) {
        self.tracer = tracer
        self.baseURL = baseURL
        self.timeout = timeout
        self.retryPolicy = retryPolicy
        if let session {
            self.session = session
        } else {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = timeout
            configuration.timeoutIntervalForResource = timeout
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.httpMaximumConnectionsPerHost = 8
            self.session = URLSession(configuration: configuration)
        }
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let first = try await attempt(request)
        guard retryPolicy.retryableStatuses.contains(first.status) else { return try checked(first, request) }
        let delay = retryDelay(first)
        tracer?.log("GET \(request.endpoint) → \(first.status), retrying in \(Int(delay.components.seconds * 1000 + delay.components.attoseconds / 1_000_000_000_000_000)) ms")
        try await sleep(delay, request)
        return try checked(try await attempt(request), request)
    }

    /// `host:port` of the server a request goes to (the base URL's, or an absolute URL's), for messages.
    private func host(of request: HTTPRequest) -> String? {
        let url = request.absoluteURL ?? baseURL
        guard let name = url.host else { return nil }
        return url.port.map { "\(name):\($0)" } ?? name
    }

    private func checked(_ response: HTTPResponse, _ request: HTTPRequest) throws -> HTTPResponse {
        guard (200..<300).contains(response.status) else {
            throw HTTPError(.status(response.status), endpoint: request.endpoint, body: response.body)
        }
        return response
    }

    /// `Retry-After` in seconds (the HTTP-date form is rare for APIs and treated as absent).
    func retryDelay(_ response: HTTPResponse) -> Duration {
        if let value = response.header("retry-after"), let seconds = Double(value.trimmingCharacters(in: .whitespaces)),
           seconds >= 0, !seconds.isNaN {
            let (cap, attoseconds) = retryPolicy.maximumDelay.components
            let capSeconds = Double(cap) + Double(attoseconds) / 1e18
            // Compared as Doubles first: a server may send "1e300" or "inf".
            return seconds >= capSeconds ? retryPolicy.maximumDelay : .milliseconds(Int(seconds * 1000))
        }
        return retryPolicy.backoff
    }

    private func sleep(_ delay: Duration, _ request: HTTPRequest) async throws {
        do {
            try await Task.sleep(for: delay)
        } catch {
            throw HTTPError(.cancelled, endpoint: request.endpoint)
        }
    }

    private func attempt(_ request: HTTPRequest) async throws -> HTTPResponse {
        let host = host(of: request)
        guard let url = request.url(relativeTo: baseURL) else {
            throw HTTPError(.invalidURL, endpoint: request.endpoint)
        }
        var urlRequest = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData,
                                    timeoutInterval: min(request.timeout ?? timeout, timeout))
        urlRequest.httpMethod = "GET"
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        for header in request.headers {
            urlRequest.setValue(header.value, forHTTPHeaderField: header.name)
        }
        do {
            let (data, response) = try await Self.uncancelledData(session, urlRequest)
            guard let http = response as? HTTPURLResponse else {
                throw HTTPError(.networkUnavailable(.unreachable), endpoint: request.endpoint, detail: "not an HTTP response", host: host)
            }
            var headers: [String: String] = [:]
            for (key, value) in http.allHeaderFields {
                if let key = key as? String, let value = value as? String { headers[key.lowercased()] = value }
            }
            return HTTPResponse(status: http.statusCode, headers: headers, body: data)
        } catch let error as HTTPError {
            throw error
        } catch is CancellationError {
            throw HTTPError(.cancelled, endpoint: request.endpoint)
        } catch let error as URLError {
            throw Self.map(error, request, host: host)
        } catch {
            if Task.isCancelled { throw HTTPError(.cancelled, endpoint: request.endpoint) }
            throw HTTPError(.networkUnavailable(.unreachable), endpoint: request.endpoint,
                            detail: request.redacting(error.localizedDescription).sanitizedForTerminal, host: host)
        }
    }

    /// `session.data(for:)`, but a cancelled caller stops waiting at once while the URLSession
    /// task itself is never cancelled: it finishes or times out on its own, its answer dropped.
    ///
    /// swift-corelibs-foundation can deadlock, or trap in its TaskRegistry, when a task is
    /// cancelled while it completes (as a task group does to the siblings of a failed page).
    static func uncancelledData(_ session: URLSession, _ request: URLRequest) async throws -> (Data, URLResponse) {
        let race = ResumeOnce<(Data, URLResponse)>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                race.wait(with: continuation)
                Task.detached {
                    do {
                        race.resume(.success(try await session.data(for: request)))
                    } catch {
                        race.resume(.failure(error))
                    }
                }
            }
        } onCancel: {
            race.resume(.failure(CancellationError()))
        }
    }

    static func map(_ error: URLError, _ request: HTTPRequest, host: String?) -> HTTPError {
        let kind: HTTPError.Kind
        switch error.code {
        case .timedOut: kind = .timeout
        case .cancelled: kind = .cancelled
        case .badURL, .unsupportedURL: kind = .invalidURL
        case .cannotFindHost, .dnsLookupFailed: kind = .networkUnavailable(.hostNotFound)
        case .cannotConnectToHost: kind = .networkUnavailable(.refused)
        case .notConnectedToInternet: kind = .networkUnavailable(.offline)
        case .networkConnectionLost: kind = .connectionLost
        case .unknown where isCutOff(error): kind = .connectionLost
        default: kind = .networkUnavailable(.unreachable)
        }
        return HTTPError(kind, endpoint: request.endpoint, host: host)
    }

    /// Whether the answer started and then stopped. On Linux URLSession runs on libcurl and gives
    /// some of its errors no code of their own: a body shorter than its Content-Length (curl's
    /// "transfer closed with 4096 bytes remaining to read") comes as `unknown` (-1), told apart
    /// only by curl's message. A reset mid-body is `networkConnectionLost` (-1005) already.
    static func isCutOff(_ error: URLError) -> Bool {
        let message = error.localizedDescription.lowercased()
        return ["transfer closed with", "empty reply from server", "connection reset", "recv failure"]
            .contains { message.contains($0) }
    }
}
