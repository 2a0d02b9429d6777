import ExplorerCore

/// What characters adds to the kit's list: the filter in force, and every trait's segments
/// (its values with their counts over all the characters, whatever the filter) that the
/// filter chooses from and the list's segment bar shows.
public struct CharactersRefinement: ListRefinement {
    public var filter = CharacterFilter()
    public var segments: [CharacterTrait: [Segment]] = [:]

    public init() {}

    public init(filter: CharacterFilter, segments: [CharacterTrait: [Segment]]) {
        self.filter = filter
        self.segments = segments
    }

    /// The segments of the characters loaded, and of the filter chosen the conditions whose
    /// value some character still has: what the view model's binding derives from the two.
    public init(segments: [CharacterTrait: [Segment]], choosing filter: CharacterFilter) {
        self.segments = segments
        self.filter = filter.keeping { condition in
            segments[condition.trait]?.contains { $0.value == condition.value } ?? false
        }
    }

    /// Every trait's segments over `people` (none when none are loaded).
    public static func segments(of people: [Person]) -> [CharacterTrait: [Segment]] {
        people.isEmpty ? [:] : Segment.all(in: people)
    }

    public var traceSummary: String? {
        filter.isEmpty ? nil : "filter \(filter.description)"
    }
}
