/// One page of `/people/?page=N`: the total count, whether more pages follow, and the people.
public struct PeoplePage: Sendable, Equatable, Decodable {
    public var count: Int
    public var next: String?
    public var results: [Person]
}
