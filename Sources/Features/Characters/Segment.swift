/// One value of a trait and how many characters have it: a segment of the spec's segmented
/// control, computed from the data so that a new colour in the API becomes a new segment.
public struct Segment: Sendable, Equatable {
    public var value: String
    public var count: Int

    public init(_ value: String, _ count: Int) {
        self.value = value
        self.count = count
    }

    /// Every value of `trait` among `people`, most common first, then by name.
    public static func segments(of trait: CharacterTrait, in people: [Person]) -> [Segment] {
        var counts: [String: Int] = [:]
        for person in people {
            for value in trait.values(of: person) { counts[value, default: 0] += 1 }
        }
        return counts.map { Segment($0.key, $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.value < $1.value }
    }

    /// The segments of every trait among `people`.
    public static func all(in people: [Person]) -> [CharacterTrait: [Segment]] {
        Dictionary(uniqueKeysWithValues: CharacterTrait.allCases.map { ($0, segments(of: $0, in: people)) })
    }
}
