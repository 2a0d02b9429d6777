import Foundation

extension URL {
    /// The URL as explorer shows it anywhere — `arch`, traces, errors, JSON: its userinfo
    /// (`https://user:password@host/…`, which libcurl sends as credentials) reads `•••`, as a
    /// secret query value does (`https://•••@host/…`). Only the transport sees the URL itself.
    public var shown: String {
        Self.redactingUserinfo(absoluteString)
    }

    /// `text` with the userinfo of every URL in it (what comes between `://` and an `@` before
    /// the host ends) shown as `•••`: for a URL as written (in Plugins.json, in a document) and
    /// for messages that quote one.
    public static func redactingUserinfo(_ text: String) -> String {
        // Most texts have no `@` byte at all: they are passed over without a search of their text.
        guard text.utf8.contains(UInt8(ascii: "@")), text.contains("@"), text.contains("://") else { return text }
        var result = ""
        var rest = Substring(text)
        while let separator = rest.range(of: "://") {
            result += rest[..<separator.upperBound]
            rest = rest[separator.upperBound...]
            // The authority ends where the path, query or fragment starts, or the URL does.
            let end = rest.firstIndex { $0.isWhitespace || "/?#\"'<>\\".contains($0) } ?? rest.endIndex
            if let at = rest[..<end].lastIndex(of: "@") {
                result += HTTPRequest.redacted
                rest = rest[at...]
            }
        }
        return result + rest
    }
}
