import ExplorerCore

extension SWAPIResource {
    /// The links of `field` that `follow` can take, numbered from 1 in the order SWAPI lists
    /// them: each URL's kind and id (`people`, `13`) and its name where `known` has it. A URL
    /// that names no record is left out (and not counted).
    public static func links(_ field: String, _ urls: [String], known: [String: String]) -> [FeatureLink] {
        var links: [FeatureLink] = []
        for url in urls {
            guard let (kind, id) = record(fromURL: url) else { continue }
            links.append(FeatureLink(field: field, number: links.count + 1, kind: kind, id: id, name: known[url]))
        }
        return links
    }

    /// The kind and id a SWAPI URL names: `…/api/people/13/` → (`people`, `13`).
    public static func record(fromURL url: String) -> (kind: String, id: String)? {
        guard let path = path(fromURL: url) else { return nil }
        let parts = path.split(separator: "/")
        return (String(parts[0]), String(parts[1]))
    }
}
