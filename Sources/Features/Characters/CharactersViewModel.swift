import ExplorerCore
import SWAPI

/// The characters screen's logic: the kit's paged list configured by ``Characters`` (every
/// character loaded at once, pages fetched in parallel), with filters on any trait and the
/// segments they choose from.
@MainActor
public final class CharactersViewModel: PagedListViewModel<Characters> {
    /// Each character's trait values, by row: what a filter matches, worked out once a load.
    private var traits: [PersonTraits] = []

    /// Every value of `trait` in the data, most common first.
    public func segments(of trait: CharacterTrait) -> [Segment] {
        refinement.segments[trait] ?? []
    }

    /// `filter key=value …`: shows only the characters that match all of them; no words (`filter
    /// clear`) shows everyone.
    public func filter(_ arguments: [String]) throws(CharacterFilterError) {
        intent()
        try refine { (refinement: inout CharactersRefinement) throws(CharacterFilterError) in
            refinement.filter = try CharacterFilter.parse(arguments, segments: refinement.segments)
        }
    }

    public override func refined(_ refinement: CharactersRefinement, loaded people: [Person]) -> CharactersRefinement {
        traits = people.map(PersonTraits.init)
        return refinement.loaded(people)
    }

    public override var rowFilter: ((Int) -> Bool)? {
        let filter = refinement.filter, traits = self.traits
        guard !filter.isEmpty else { return nil }
        return { number in filter.matches(traits[number - 1]) }
    }
}

/// What the characters screen shows, as one value.
public typealias CharactersState = PagedListState<Characters>

extension PagedListState where Definition == Characters {
    public var filter: CharacterFilter { refinement.filter }
    public var segments: [CharacterTrait: [Segment]] { refinement.segments }
}
