import ExplorerText
import Foundation

/// A GET request relative to a feature's base URL: `path` is the API's own path
/// (`/starships/`), `query` its parameters in order, `headers` any it needs. Values are
/// percent-encoded when the URL is built, so a term such as `a&b=c` or `100%` reaches the API
/// as one value.
///
/// A query item or header can be secret (an API key, a bearer token): it is sent, but
/// wherever the request is named — traces, error and retry messages, cache keys — it reads `•••`.
public struct HTTPRequest: Sendable, Hashable {
    public var path: String
    public var query: [QueryItem]
    public var headers: [Header]
    /// Set for a resource the API links to outside its base URL (an audio preview): the request
    /// goes exactly there. Only http and https URLs are ever fetched.
    public private(set) var absoluteURL: URL?
    /// Whether a cached answer may stand in when the network is unavailable (see
    /// ``CachingHTTPClient``); `refresh` asks with false, so it reports the failure instead.
    public var allowsCachedAnswer = true
    /// How long the transport waits for the answer (for nothing to arrive), when shorter than
    /// the client's own timeout: an image gives up sooner than an API call.
    public var timeout: TimeInterval?
    /// The most the answer may be, in bytes (images and previews allow more than API answers);
    /// nil for the client's own limit.
    public var maxBytes: Int?

    /// The most an image or an audio preview may be: 50 MB.
    public static let maxFileBytes = 50 << 20

    /// What a secret value is shown as.
    public static let redacted = "•••"

    /// A name and a value sent with a request, as a query item or a header; a secret one is
    /// sent but never shown (`api_key=•••`, `Authorization: •••`).
    public struct Parameter: Sendable, Hashable {
        public var name: String
        public var value: String
        public var isSecret: Bool

        public init(_ name: String, _ value: String, isSecret: Bool = false) {
            self.name = name
            self.value = value
            self.isSecret = isSecret
        }

        /// One that is sent but never shown.
        public static func secret(_ name: String, _ value: String) -> Parameter {
            Parameter(name, value, isSecret: true)
        }
    }

    public typealias QueryItem = Parameter
    public typealias Header = Parameter

    public init(path: String, query: [QueryItem] = [], headers: [Header] = []) {
        self.path = path
        self.query = query
        self.headers = headers
    }

    /// A request for an absolute http(s) URL; nil for any other scheme.
    public init?(absolute url: URL, headers: [Header] = []) {
        guard url.isWeb else { return nil }
        self.path = url.path
        self.query = []
        self.headers = headers
        self.absoluteURL = url
    }

    /// The query string as sent: every name and value percent-encoded, secrets included, without the `?`.
    public var encodedQuery: String {
        query.map { "\(Self.encode($0.name))=\(Self.encode($0.value))" }.joined(separator: "&")
    }

    /// How the request is named in messages, traces and cache keys: `/starships/?page=2`, with
    /// every secret value shown as `•••` (`/movie/popular?api_key=•••&page=1`).
    /// `host:port` of the server the request goes to (an absolute URL's, else `baseURL`'s),
    /// for messages; nil for none (embedded data).
    public func host(relativeTo baseURL: URL?) -> String? {
        guard let url = absoluteURL ?? baseURL, let name = url.host else { return nil }
        return url.port.map { "\(name):\($0)" } ?? name
    }

    public var endpoint: String {
        if let absoluteURL { return redacting(absoluteURL.shown).sanitizedForTerminal }
        guard !query.isEmpty else { return path }
        var endpoint = path
        for (index, item) in query.enumerated() {
            endpoint += index == 0 ? "?" : "&"
            endpoint += Self.encode(item.name)
            endpoint += "="
            endpoint += item.isSecret ? Self.redacted : Self.encode(item.value)
        }
        return endpoint
    }

    /// What a cache keeps the answer under: the endpoint without its secret query items (so a
    /// key is never stored, and answers survive a change of key).
    public var cacheKey: String {
        if let absoluteURL { return absoluteURL.absoluteString }
        let shown = query.filter { !$0.isSecret }
        guard !shown.isEmpty else { return path }
        return "\(path)?" + shown.map { "\(Self.encode($0.name))=\(Self.encode($0.value))" }.joined(separator: "&")
    }

    /// The full URL under `baseURL` (whose own path is kept: `https://swapi.dev/api` + `/starships/`),
    /// secrets included: only the transport sees it.
    public func url(relativeTo baseURL: URL) -> URL? {
        if let absoluteURL { return absoluteURL }
        return URL(string: Self.joined(baseURL.absoluteString, path + (query.isEmpty ? "" : "?" + encodedQuery)))
    }

    /// The full URL under `baseURL` as explorer shows it (`raw`): a user name, a password and
    /// secret query values as `•••`; the endpoint alone with no base URL (embedded data).
    public func shownURL(relativeTo baseURL: URL?) -> String {
        if let absoluteURL { return redacting(absoluteURL.shown) }
        guard let baseURL else { return endpoint }
        return Self.joined(baseURL.shown, endpoint)
    }

    /// A base URL's text (or path) and what goes under it, with one slash between:
    /// `https://swapi.dev/api/` + `/starships/` is `https://swapi.dev/api/starships/`.
    static func joined(_ base: String, _ rest: String) -> String {
        var base = base
        while base.hasSuffix("/") { base.removeLast() }
        return base + rest
    }

    /// Value of the first query item named `name`.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// Value of the first header named `name` (case-insensitively).
    public func headerValue(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The values that must never be shown: secret query values and headers.
    public var secrets: [String] {
        let values = (query.filter(\.isSecret).map(\.value) + headers.filter(\.isSecret).map(\.value)).filter { !$0.isEmpty }
        // A bearer token counts alone too: an answer could repeat it without `Bearer `.
        return values + values.compactMap { $0.hasPrefix("Bearer ") && $0.count > 7 ? String($0.dropFirst(7)) : nil }
    }

    /// `text` with every secret of this request replaced by `•••`, in each form a server could
    /// echo it in (``secretForms``): for messages that quote something a library or a server
    /// said about the request, and for what a server sent, wherever it is shown or kept.
    public func redacting(_ text: String) -> String {
        Self.redacting(text, forms: secretForms)
    }

    /// `text` with each of `forms` (``secretForms``, worked out once for many texts) `•••`.
    public static func redacting(_ text: String, forms: [String]) -> String {
        var text = text
        for form in forms where text.contains(form) {
            text = text.replacingOccurrences(of: form, with: redacted)
        }
        return text
    }

    /// Each secret of this request in every form a server may echo it in (``forms(of:)``);
    /// empty when the request has none.
    public var secretForms: [String] {
        let secrets = self.secrets
        return secrets.isEmpty ? [] : Self.forms(of: secrets)
    }

    /// `data` with every secret replaced by `•••` in each form (``secretForms``), byte for byte:
    /// a body as kept in the response cache and a recording, and as an error carries it.
    public func redacting(_ data: Data) -> Data {
        let forms = secretForms
        guard !forms.isEmpty else { return data }
        var data = data
        let replacement = Data(Self.redacted.utf8)
        for form in forms {
            let needle = Data(form.utf8)
            while let range = data.range(of: needle) { data.replaceSubrange(range, with: replacement) }
        }
        return data
    }

    /// Each secret as sent, percent-encoded (upper- and lower-case hex), and JSON-escaped (its
    /// `/` as `\/`, or every character as `\u00XX`, upper- and lower-case): the forms a server
    /// echoes a key back in, longest first so that no form is cut by a shorter one.
    static func forms(of secrets: [String]) -> [String] {
        var forms: Set<String> = []
        for secret in secrets {
            let encoded = encode(secret)
            let jsonEscaped = secret.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            let escapedAll = secret.unicodeScalars.map { scalar in
                scalar.value > 0xFFFF ? String(scalar) : "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            }.joined()
            forms.formUnion([secret, encoded, lowercasedHex(encoded), jsonEscaped,
                             jsonEscaped.replacingOccurrences(of: "/", with: "\\/"), escapedAll, escapedAll.uppercased().replacingOccurrences(of: "\\U", with: "\\u")])
        }
        return forms.filter { !$0.isEmpty }.sorted { $0.utf8.count > $1.utf8.count }
    }

    /// `%2F` as `%2f`: the hex digits of a percent-encoding in lower case, the rest as it is.
    private static func lowercasedHex(_ encoded: String) -> String {
        var result = ""
        var hexLeft = 0
        for character in encoded {
            if character == "%" {
                hexLeft = 2
                result.append(character)
            } else if hexLeft > 0 {
                hexLeft -= 1
                result += character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// RFC 3986 percent-encoding of everything but the unreserved characters (letters, digits,
    /// `-._~`), byte by byte of the UTF-8: what `addingPercentEncoding` does, without going
    /// through CFString (a tenth of a millisecond the first time, on every run's first request).
    public static func encode(_ text: String) -> String {
        // Most names and values (`limit`, `music`, `50`) have nothing to encode.
        guard text.utf8.contains(where: { !isUnreserved($0) }) else { return text }
        return String(unsafeUninitializedCapacity: text.utf8.count * 3) { encoded in
            var count = 0
            for byte in text.utf8 {
                if isUnreserved(byte) {
                    encoded[count] = byte
                    count += 1
                } else {
                    encoded[count] = UInt8(ascii: "%")
                    encoded[count + 1] = hexDigit(byte >> 4)
                    encoded[count + 2] = hexDigit(byte & 0xF)
                    count += 3
                }
            }
            return count
        }
    }

    /// Letters, digits and `-._~`: what a URL holds as it is.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }

    /// The upper-case hex digit of `value` (0 to 15).
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}
