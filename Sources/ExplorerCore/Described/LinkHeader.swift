import Foundation

/// An HTTP `Link` header (RFC 8288) as paging APIs send it:
/// `<https://api.github.com/…?page=2>; rel="next", <…?page=5>; rel="last"`.
enum LinkHeader {
    /// The target of the first link whose `rel` names `rel`; nil when none does. Reads at most
    /// the first 1,000 links of a header however long.
    static func target(rel: String, in header: String) -> String? {
        var rest = Substring(header)
        var links = 0
        while links < 1_000, let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { return nil }
            let target = rest[rest.index(after: open)..<close]
            let parametersEnd = rest[close...].firstIndex(of: "<") ?? rest.endIndex
            let parameters = rest[rest.index(after: close)..<parametersEnd]
            for parameter in parameters.split(separator: ";") {
                let parts = parameter.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel" else { continue }
                let values = parts[1].trimmingCharacters(in: .whitespaces.union(["\"", ","])).lowercased().split(separator: " ")
                if values.contains(Substring(rel)) { return String(target) }
            }
            rest = rest[parametersEnd...]
            links += 1
        }
        return nil
    }
}
