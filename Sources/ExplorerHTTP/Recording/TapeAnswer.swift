import ExplorerClock
import Foundation

/// One answer in a recording, one line of it: which feature asked, what (``TapeTarget``), and
/// what came back — the status, the headers that matter, when it came, and the body, as text
/// when it is UTF-8 and base64 when it is not (an image, a preview).
public struct TapeAnswer: Codable, Sendable, Equatable {
    public var feature: String
    public var method: String
    public var target: String
    public var status: Int
    public var headers: [String: String]
    public var receivedAt: String
    public var body: String?
    public var bodyBase64: String?

    /// The response headers a recording keeps: what features and caches read.
    static let keptHeaders = ["content-type", "etag", "last-modified", "retry-after", "link"]

    /// `body` as it came, to `request` from `feature`, at `date`. Any of the request's secrets
    /// that the body repeats is written `•••`.
    init(feature: String, request: HTTPRequest, status: Int, headers: [String: String], body: Data, at date: Date) {
        self.feature = feature
        method = "GET"
        target = TapeTarget.of(request)
        self.status = status
        var kept: [String: String] = [:]
        for (name, value) in headers where Self.keptHeaders.contains(name.lowercased()) {
            kept[name.lowercased()] = request.redacting(value)
        }
        self.headers = kept
        receivedAt = UTCTimestamp.iso8601Milliseconds(date)
        let body = request.redacting(body)
        if let text = String(validating: body, as: UTF8.self) {
            self.body = text
        } else {
            bodyBase64 = body.base64EncodedString()
        }
    }

    /// The body's bytes; nil when the line holds neither form, or base64 that is not.
    var bodyData: Data? {
        if let body { return Data(utf8: body) }
        return bodyBase64.flatMap { Data(base64Encoded: $0) }
    }

    /// What the answer is found by when replaying.
    var key: String { Self.key(feature: feature, method: method, target: target) }

    static func key(feature: String, method: String, target: String) -> String {
        "\(feature) \(method) \(target)"
    }

    enum CodingKeys: String, CodingKey {
        case feature, method, target, status, headers, body
        case receivedAt = "received_at"
        case bodyBase64 = "body_base64"
    }
}
