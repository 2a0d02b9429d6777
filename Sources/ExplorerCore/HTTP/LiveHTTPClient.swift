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
    private let session: URLSession

    public init(baseURL: URL, timeout: TimeInterval = 15, retryPolicy: RetryPolicy = RetryPolicy(), session: URLSession? = nil) {
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
        try await sleep(retryDelay(first), request)
        return try checked(try await attempt(request), request)
    }

    private func checked(_ response: HTTPResponse, _ request: HTTPRequest) throws -> HTTPResponse {
        guard (200..<300).contains(response.status) else {
            throw HTTPError(.status(response.status), endpoint: request.endpoint)
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
        guard let url = request.url(relativeTo: baseURL) else {
            throw HTTPError(.invalidURL, endpoint: request.endpoint)
        }
        var urlRequest = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = "GET"
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        do {
            let (data, response) = try await session.data(for: urlRequest)
            guard let http = response as? HTTPURLResponse else {
                throw HTTPError(.unreachable, endpoint: request.endpoint, detail: "not an HTTP response")
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
            throw Self.map(error, request)
        } catch {
            if Task.isCancelled { throw HTTPError(.cancelled, endpoint: request.endpoint) }
            throw HTTPError(.unreachable, endpoint: request.endpoint, detail: error.localizedDescription)
        }
    }

    private static func map(_ error: URLError, _ request: HTTPRequest) -> HTTPError {
        switch error.code {
        case .timedOut: HTTPError(.timeout, endpoint: request.endpoint)
        case .cancelled: HTTPError(.cancelled, endpoint: request.endpoint)
        case .badURL, .unsupportedURL: HTTPError(.invalidURL, endpoint: request.endpoint)
        default: HTTPError(.unreachable, endpoint: request.endpoint)
        }
    }
}
