import ExplorerText
import Foundation

/// One request a feature's service made and what came of it, as `raw` shows it: the request
/// (its URL with secrets as `•••`), the status or the failure, which layer answered, the
/// headers that matter, how long it took, and the body — kept when it is text of at most
/// ``maxKeptBytes`` (an image or a preview is named by its type and size alone).
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
    /// The body, when it is UTF-8 text of at most ``maxKeptBytes``; secrets written `•••`.
    public var text: String?
    /// What the body is when it is not kept as text: `PNG image`, `binary`.
    public var kind: String?

    /// The most text kept of one answer.
    public static let maxKeptBytes = 4 << 20

    static let shownHeaders = ["content-type", "etag", "last-modified", "retry-after"]

    /// A request that was answered.
    init(request: HTTPRequest, baseURL: URL?, response: HTTPResponse, elapsed: Duration, at date: Date) {
        let location = response.location ?? request.location(relativeTo: baseURL)
        url = Self.url(request, baseURL: baseURL)
        status = response.status
        answeredBy = response.answeredBy ?? "the network (\(location.server ?? "the server"))"
        headers = Dictionary(uniqueKeysWithValues: response.headers.compactMap { name, value in
            Self.shownHeaders.contains(name.lowercased()) ? (name.lowercased(), request.redacting(value)) : nil
        })
        self.elapsed = elapsed
        at = date
        size = response.body.count
        if size <= Self.maxKeptBytes, let text = String(validating: response.body, as: UTF8.self) {
            self.text = request.redacting(text)
        } else {
            kind = Self.kind(of: response.body, contentType: response.header("content-type"))
        }
    }

    /// A request that failed.
    init(request: HTTPRequest, baseURL: URL?, error: HTTPError, elapsed: Duration, at date: Date) {
        url = Self.url(request, baseURL: baseURL)
        if case .status(let code) = error.kind { status = code }
        failure = error.description
        answeredBy = error.injected.map { "none: injected by `net fail` (\($0))" } ?? (error.location.server ?? "the server")
        headers = [:]
        self.elapsed = elapsed
        at = date
        let body = error.body ?? Data()
        size = body.count
        if !body.isEmpty, size <= Self.maxKeptBytes, let text = String(validating: body, as: UTF8.self) {
            self.text = request.redacting(text)
        } else if !body.isEmpty {
            kind = Self.kind(of: body, contentType: nil)
        }
    }

    /// `http://host/api/starships/?page=2` with secrets as `•••`, or the embedded data's path.
    static func url(_ request: HTTPRequest, baseURL: URL?) -> String {
        if let absolute = request.absoluteURL { return request.redacting(URL.redactingUserinfo(absolute.absoluteString)) }
        guard let baseURL else { return request.endpoint }
        var base = URL.redactingUserinfo(baseURL.absoluteString)
        while base.hasSuffix("/") { base.removeLast() }
        return base + request.endpoint
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
