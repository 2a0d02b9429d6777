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

    /// After `people` loaded: their segments, and the filter's conditions whose value some
    /// character still has.
    public func loaded(_ people: [Person]) -> CharactersRefinement {
        let segments = people.isEmpty ? [:] : Segment.all(in: people)
        let filter = filter.keeping { condition in
            segments[condition.trait]?.contains { $0.value == condition.value } ?? false
        }
        return CharactersRefinement(filter: filter, segments: segments)
    }

    public var traceSummary: String? {
        filter.isEmpty ? nil : "filter \(filter.description)"
    }
}
