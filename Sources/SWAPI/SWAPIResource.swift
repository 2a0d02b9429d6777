import ExplorerCore
import ExplorerText

/// Vocabulary shared by the features built on the Star Wars API (starships, characters,
/// planets): resource ids and paths taken from SWAPI's URLs, the films' titles, and its dates.
public enum SWAPIResource {
    /// The id at the end of a SWAPI URL: `https://swapi.dev/api/starships/10/` → `10`.
    public static func id(fromURL url: String) -> String? {
        if let digits = url.utf8.withContiguousStorageIfAvailable(lastComponentDigits) ?? nil { return digits }
        return url.split(separator: "/").last.flatMap { $0.allSatisfy(\.isNumber) ? String($0) : nil }
    }

    /// The last component of a URL's bytes, trailing slashes aside, if it is ASCII digits: found
    /// by walking back over the bytes where they are stored, and made a string only then (a
    /// list stars each row by its id: docs/performance.md).
    private static func lastComponentDigits(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let slash = UInt8(ascii: "/"), digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[end - 1] == slash { end -= 1 }
        var start = end
        while start > bytes.startIndex, bytes[start - 1] != slash { start -= 1 }
        let last = UnsafeBufferPointer(rebasing: bytes[start..<end])
        guard !last.isEmpty, last.allSatisfy(digits.contains) else { return nil }
        return String(uncheckedUTF8: last, isASCII: true)
    }

    /// The kind and id a SWAPI URL names: `…/api/people/13/` → (`people`, `13`); nil when the
    /// URL does not end in a resource and an id.
    public static func record(fromURL url: String) -> (kind: String, id: String)? {
        // An ASCII URL (every one SWAPI sends) is split over its bytes, where a byte is a
        // character; other text as text (docs/performance.md).
        let parts = url.utf8.allSatisfy({ $0 < 0x80 })
            ? url.utf8.split(separator: UInt8(ascii: "/")).map { Substring($0) }
            : url.split(separator: "/")
        guard parts.count >= 2, let id = id(fromURL: url) else { return nil }
        let resource = parts[parts.count - 2]
        guard !resource.isEmpty, resource.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "_" }) else { return nil }
        return (String(resource), id)
    }

    /// The API path of a SWAPI URL, to ask the base URL in use for it: `…/api/people/13/` →
    /// `/people/13/`; nil when the URL does not end in a resource and an id.
    public static func path(fromURL url: String) -> String? {
        record(fromURL: url).map { "/\($0.kind)/\($0.id)/" }
    }

    /// A text field as data: the text, or `null` where SWAPI says `unknown` (or a field it left
    /// out, which reads `unknown` too) or sends an empty string.
    public static func value(_ text: String) -> JSONValue {
        text.isEmpty || (text.utf8.count == 7 && text.lowercased() == "unknown") ? .null : .string(text)
    }

    /// `2014-12-10T14:20:33.369000Z` → `2014-12-10`.
    public static func day(_ timestamp: String) -> String {
        timestamp.count >= 10 && timestamp.dropFirst(4).first == "-" ? String(timestamp.prefix(10)) : timestamp
    }
}
