
/// Says that a request is taking a while: when no answer has come after ``delay``, it shows
/// `message` (`loading starships…`) as the terminal's transient status line, which the screen
/// replaces once the command settles. Where there is no status line (scripts, JSON at a pipe)
/// it is made without `show` and passes requests on as they are, with no timer to start and
/// cancel for each.
public struct WaitingHTTPClient: HTTPClient {
    public let wrapped: any HTTPClient
    public let message: String
    public let delay: Duration
    private let show: (@MainActor @Sendable (String) -> Void)?

    public init(_ wrapped: any HTTPClient, message: String, delay: Duration = .milliseconds(300),
                show: (@MainActor @Sendable (String) -> Void)?) {
        self.wrapped = wrapped
        self.message = message
        self.delay = delay
        self.show = show
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let show else { return try await wrapped.send(request) }
        let (message, delay) = (self.message, self.delay)
        let timer = Task {
            try await Task.sleep(for: delay)
            await show(message)
        }
        defer { timer.cancel() }
        return try await wrapped.send(request)
    }
}
