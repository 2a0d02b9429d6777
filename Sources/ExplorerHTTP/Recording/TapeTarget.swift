import Foundation

/// What a recorded answer is found by: the request's path and query relative to its feature's
/// base URL (so a recording made against one server replays against another), or, for an
/// absolute URL (an image, a preview), the URL. The query's order does not count (its items are
/// sorted), and neither do secrets: query items the signer marks secret, any `api_key`, a URL's
/// user and password, and fragments are left out, so they are never written and never needed
/// to match.
enum TapeTarget {
    /// Query items left out whatever marks them: the name TMDB's key goes by.
    static let secretNames: Set<String> = ["api_key"]

    static func of(_ request: HTTPRequest) -> String {
        if let url = request.absoluteURL { return absolute(url) }
        let items = request.query
            .filter { !$0.isSecret && !secretNames.contains($0.name.lowercased()) }
            .map { "\(HTTPRequest.encode($0.name))=\(HTTPRequest.encode($0.value))" }
            .sorted()
        return items.isEmpty ? request.path : request.path + "?" + items.joined(separator: "&")
    }

    static func absolute(_ url: URL) -> String {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        parts.user = nil
        parts.password = nil
        parts.fragment = nil
        let query: [URLQueryItem] = (parts.percentEncodedQueryItems ?? nil) ?? []
        let items = query
            .filter { !secretNames.contains($0.name.lowercased()) }
            .map { item in item.value.map { "\(item.name)=\($0)" } ?? item.name }
            .sorted()
        parts.percentEncodedQuery = nil
        let base = parts.string ?? url.absoluteString
        return items.isEmpty ? base : base + "?" + items.joined(separator: "&")
    }

    /// `url` without its user and password (`https://user:pass@host/` → `https://host/`).
    static func withoutUserinfo(_ url: URL) -> String {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false), parts.user != nil || parts.password != nil else {
            return url.absoluteString
        }
        parts.user = nil
        parts.password = nil
        return parts.string ?? url.absoluteString
    }
}
