import Foundation

extension URL {
    /// `text` with the value of every query item named as a key is named (`api_key`, as
    /// ``TapeTarget`` leaves out of recordings) written `•••`: for a URL the user configured
    /// with a key in it (`imageBaseURL` …`?api_key=…`), wherever it is shown.
    public static func redactingKeys(_ text: String) -> String {
        guard text.contains("=") else { return text }
        var result = ""
        var rest = Substring(text)
        while let start = rest.firstIndex(where: { $0 == "?" || $0 == "&" }) {
            result += rest[...start]
            rest = rest[rest.index(after: start)...]
            guard let equals = rest.firstIndex(of: "="),
                  TapeTarget.secretNames.contains(rest[..<equals].lowercased()) else { continue }
            result += rest[...equals] + HTTPRequest.redacted
            rest = rest[rest.index(after: equals)...].drop { $0 != "&" && $0 != "#" && !$0.isWhitespace }
        }
        return result + rest
    }
}
