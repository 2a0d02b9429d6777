import ExplorerCore

/// The titles of a TMDB page (`{"results": [...]}`): a result that is neither a movie nor a show
/// (a person, in a search of both) is left out; any other that cannot be read (an id past what
/// an integer holds, a title that is not UTF-8) fails the whole answer, so a page that does not
/// decode whole never stands in for, or replaces, the copy kept before.
struct MovieDBResults: Decodable {
    var titles: [MovieDBItem]

    enum CodingKeys: String, CodingKey { case results }

    /// Any value at all, read and thrown away.
    private struct Skipped: Decodable {
        init(from decoder: any Decoder) {}
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var list = try container.nestedUnkeyedContainer(forKey: .results)
        var titles: [MovieDBItem] = []
        while !list.isAtEnd {
            do {
                titles.append(try list.decode(MovieDBItem.self))
            } catch is MovieDBItem.NotATitle {
                _ = try list.decode(Skipped.self)
            }
        }
        self.titles = titles
    }
}
