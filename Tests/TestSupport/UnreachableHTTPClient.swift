import ExplorerHTTP
import Testing

/// An HTTP client no request may reach: a request fails the test (and the request), for tests
/// of what is decided before any request, such as a command's usage.
public struct UnreachableHTTPClient: HTTPClient {
    public init() {}

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        Issue.record("a request the test did not expect: \(request.path)")
        throw CancellationError()
    }
}
