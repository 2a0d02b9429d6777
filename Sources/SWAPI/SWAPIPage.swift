/// One page of a SWAPI list (`/starships/?page=N`, `/people/?page=N`): the total count,
/// whether more pages follow, and the items.
public struct SWAPIPage<Item: Decodable & Sendable & Equatable>: Sendable, Equatable, Decodable {
    public var count: Int
    public var next: String?
    public var results: [Item]

    public init(count: Int, next: String? = nil, results: [Item]) {
        self.count = count
        self.next = next
        self.results = results
    }
}
