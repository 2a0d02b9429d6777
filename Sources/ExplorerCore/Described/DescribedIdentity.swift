import ExplorerHTTP

/// How a described feature reads ids: from a row (its `id` field, all of it or its URL's last
/// path segment) and from a link's value (a URL's last path segment, or the value itself).
public enum DescribedIdentity {
    /// `https://swapi.dev/api/people/13/` → `13`; `/works/OL45W` → `OL45W`; a value that is no
    /// path (`25`) as it is; nil for none.
    public static func lastPathSegment(_ text: String) -> String? {
        var path = Substring(text)
        if let scheme = path.range(of: "://") {
            path = path[scheme.upperBound...]
            guard let slash = path.firstIndex(of: "/") else { return nil }
            path = path[slash...]
        }
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        let segment = path.split(separator: "/").last.map(String.init)
        return segment.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The id a link's value names: a URL's last path segment, or the value as it is.
    public static func id(fromLink value: String) -> String? {
        value.contains("/") ? lastPathSegment(value) : (value.isEmpty ? nil : value)
    }

    /// A detail's path with `id` in place of `{id}`: each of the id's `/`-separated segments
    /// percent-encoded (so `/works/OL45W` stays a path, and nothing in it is a query), the path
    /// starting with `/`; nil for an id with a `.` or `..` segment, which would climb out of it.
    public static func path(_ template: String, id: String) -> String? {
        let segments = id.split(separator: "/", omittingEmptySubsequences: false)
        guard !id.isEmpty, !segments.contains(where: { $0 == "." || $0 == ".." }) else { return nil }
        let encoded = segments.map { HTTPRequest.encode(String($0)) }.joined(separator: "/")
        let path = template.replacingOccurrences(of: "{id}", with: encoded)
        guard path.hasPrefix("/"), !path.contains("//") else { return nil }
        return path
    }
}
