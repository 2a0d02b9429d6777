import ExplorerText
import Foundation

/// One request a feature's service made and what came of it, as `raw` shows it: the request
/// (its URL with secrets as `•••`), the status or the failure, which layer answered, the
/// headers that matter, how long it took, and the body — kept when it is at most
/// ``maxKeptBytes`` (a larger one by its size and first bytes alone).
public struct HTTPExchange: Sendable {
    public var url: String
    public var status: Int?
    /// The failure's message, when the request failed.
    public var failure: String?
    public var answeredBy: String
    public var headers: [String: String]
    public var elapsed: Duration
    public var at: Date
    /// The body's size in bytes, whether or not it is kept.
    public var size: Int
    /// The body as it came, when it is at most ``maxKeptBytes`` (shared with the answer, not
    /// copied: read only when `raw` shows it).
    private var body: Data?
    private var contentType: String?
    /// The request, whose secrets are written `•••` in what is shown.
    private var request: HTTPRequest

    /// The body, when it is UTF-8 text; secrets written `•••`.
    public var text: String? {
        guard let body, body.count == size, let text = String(validating: body, as: UTF8.self) else { return nil }
        return request.redacting(text)
    }

    /// `value` (the body, read as JSON) with the request's secrets `•••` in its keys and strings:
    /// a server may write a key escaped so that only reading the JSON shows it (`\u0061…`).
    public func redacting(_ value: JSONValue) -> JSONValue {
        let forms = request.secretForms
        return forms.isEmpty ? value : Self.redacting(value, forms: forms)
    }

    private static func redacting(_ value: JSONValue, forms: [String]) -> JSONValue {
        switch value {
        case .string(let text): return .string(HTTPRequest.redacting(text, forms: forms))
        case .array(let items): return .array(items.map { redacting($0, forms: forms) })
        case .object(let object):
            return .object(JSONObject(object.members.map { (HTTPRequest.redacting($0.key, forms: forms), redacting($0.value, forms: forms)) }))
        case .null, .bool, .int, .double: return value
        }
    }

    /// What the body is when it is not text: `PNG image`, `binary`; nil for text or no body.
    public var kind: String? {
        guard size > 0, text == nil else { return nil }
        return Self.kind(of: body ?? Data(), contentType: contentType)
    }

    /// The largest body kept.
    public static let maxKeptBytes = 4 << 20

    /// Whether the body is still kept (an older answer's is let go: see ``ExchangeLog``).
    public var isBodyKept: Bool { body?.count == size }

    /// Lets the body go, keeping what was said of it (its size, its kind).
    mutating func dropBody() {
        guard size > 12, body != nil else { return }
        body = body?.prefix(12)
    }

    static let shownHeaders = ["content-type", "etag", "last-modified", "retry-after"]

    /// A request that was answered.
    init(request: HTTPRequest, baseURL: URL?, response: HTTPResponse, elapsed: Duration, at date: Date) {
        let location = response.location ?? request.location(relativeTo: baseURL)
        url = request.shownURL(relativeTo: baseURL)
        status = response.status
        answeredBy = response.answeredBy ?? "the network (\(location.server ?? "the server"))"
        headers = Dictionary(response.headers.compactMap { name, value in
            Self.shownHeaders.contains(name.lowercased()) ? (name.lowercased(), request.redacting(value)) : nil
        }, uniquingKeysWith: { first, _ in first })
        self.elapsed = elapsed
        at = date
        size = response.body.count
        body = size <= Self.maxKeptBytes ? response.body : response.body.prefix(12)
        contentType = response.header("content-type")
        self.request = request
    }

    /// A request that failed.
    init(request: HTTPRequest, baseURL: URL?, error: HTTPError, elapsed: Duration, at date: Date) {
        url = request.shownURL(relativeTo: baseURL)
        if case .status(let code) = error.kind { status = code }
        failure = error.description
        // A status came from a server; a failure to get one (refused, timed out, not recorded) from no one.
        answeredBy = error.injected.map { "none: injected by `net fail` (\($0))" }
            ?? (status != nil ? error.location.server ?? "the server" : "none: \(error.cause)")
        headers = [:]
        self.elapsed = elapsed
        at = date
        let body = error.body ?? Data()
        size = body.count
        self.body = size <= Self.maxKeptBytes ? body : body.prefix(12)
        self.request = request
    }

    /// An image's format from its first bytes, else the content type, else `binary`.
    static func kind(of body: Data, contentType: String?) -> String {
        let head = [UInt8](body.prefix(12))
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "PNG image" }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "JPEG image" }
        if head.starts(with: Array("GIF8".utf8)) { return "GIF image" }
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WAVE".utf8) { return "WAV audio" }
        return contentType.map { $0.sanitizedForTerminal } ?? "binary"
    }
}
