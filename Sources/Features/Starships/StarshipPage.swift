/// One page of `/starships/?page=N`: the total count, whether more pages follow, and the ships.
public struct StarshipPage: Sendable, Equatable, Decodable {
    public var count: Int
    public var next: String?
    public var results: [Starship]
}
