import Foundation

/// The offline source: the same requests as live, answered by the feature's ``EmbeddedResponder``
/// from data compiled into the binary, so explorer works with no network and no files beside it.
public struct EmbeddedHTTPClient: HTTPClient {
    private let responder: EmbeddedResponder

    public init(responder: @escaping EmbeddedResponder) {
        self.responder = responder
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try Task.checkCancellation()
        let location = HTTPLocation.embedded(request)
        guard var response = responder(request) else {
            throw HTTPError(.status(404), request: request, at: location)
        }
        guard (200..<300).contains(response.status) else {
            throw HTTPError(.status(response.status), request: request, at: location, body: response.body)
        }
        response.location = location
        response.answeredBy = HTTPLocation.embeddedServer
        return response
    }
}

extension HTTPResponse {
    /// A 200 answer with a JSON body, for embedded responders.
    public static func json(_ text: String) -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: Data(utf8: text))
    }

    public static func json(_ data: Data) -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: data)
    }
}
