import ExplorerCore
import ExplorerText

/// TMDB's `{"results": [...]}`, its elements that cannot be read skipped rather than failing
/// the whole list.
struct LenientList<Element: Decodable>: Decodable {
    var elements: [Element]

    enum CodingKeys: String, CodingKey { case results }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        elements = try container.decode(LenientArray<Element>.self, forKey: .results).elements
    }
}
