/// Answers a feature's requests from data compiled into the executable; nil means "no such
/// resource" and becomes a 404, as the real API would answer.
public typealias EmbeddedResponder = @Sendable (HTTPRequest) -> HTTPResponse?
