import ExplorerCore
import ExplorerText

/// The body of `/search` and `/lookup`. A result that is not even an object is skipped
/// rather than failing the answer.
public struct ITunesSearchAnswer: Sendable, Equatable, Decodable {
    public var resultCount: Int
    public var results: [ITunesItem]

    enum CodingKeys: String, CodingKey { case resultCount, results }

    public init(results: [ITunesItem]) {
        self.resultCount = results.count
        self.results = results
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let results = try container.decode(LenientArray<ITunesItem>.self, forKey: .results).elements
        self.results = results
        self.resultCount = (try? container.decode(Int.self, forKey: .resultCount)) ?? results.count
    }
}
