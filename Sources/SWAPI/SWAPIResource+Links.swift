import ExplorerCore

extension SWAPIResource {
    /// The links of `field` that `follow` can take, numbered from 1 in the order SWAPI lists
    /// them: each URL's kind and id (`people`, `13`) and its name where `known` has it. A URL
    /// that names no record is left out (and not counted).
    public static func links(_ field: String, _ urls: [String], known: [String: String]) -> [FeatureLink] {
        numberedLinks(field, urls, known: known).compactMap(\.link)
    }

    /// Each URL with the link it is, numbered as ``links(_:_:known:)`` numbers them, or nil when
    /// it names no record: what a detail shows, every URL in its place.
    public static func numberedLinks(_ field: String, _ urls: [String], known: [String: String]) -> [(url: String, link: FeatureLink?)] {
        var number = 0
        return urls.map { url in
            guard let (kind, id) = record(fromURL: url) else { return (url, nil) }
            number += 1
            return (url, FeatureLink(field: field, number: number, kind: kind, id: id, name: known[url]))
        }
    }
}
