import ExplorerCore
import ExplorerStore
import Reactive
import SWAPI

/// The characters screen's logic: the kit's paged list configured by ``Characters`` (every
/// character loaded at once, pages fetched in parallel), with filters on any trait and the
/// segments they choose from.
///
/// The segments and the filter in force are derived, as the spec binds its segment control to
/// the people loaded, from two streams by `combineLatest`: the characters each load lists
/// (``peopleLoaded``) and the filter the user chooses (``filterChosen``). The binding lives as
/// long as the view model: a load while another feature is in use (a `source` switch) derives
/// them too.
@MainActor
public final class CharactersViewModel: PagedListViewModel<Characters> {
    /// The characters the kit lists after each load, refresh or reset.
    public let peopleLoaded: PassthroughStream<[Person]>
    /// Each filter chosen (`filter eye=blue`; none at first, `filter clear`).
    public let filterChosen: PassthroughStream<CharacterFilter>
    /// Each character's trait values, by row: what a filter matches, worked out once a load.
    private var traits: [PersonTraits] = []
    /// What the binding derived last, which the kit keeps in its state.
    private var derived = CharactersRefinement()
    private var derivation: AnyCancellable?

    public override init(definition: Characters, service: PagedListService<Person>, favourites: FavouritesStore, maxConcurrentRequests: Int = 8,
                         maxPages: Int = PageLoader.defaultMaxPages, tracer: (any EmissionTracer)? = nil,
                         progress: @escaping @MainActor (String) -> Void = { _ in },
                         rows: @escaping Rows = CharactersViewModel.rows(of:page:sorted:listed:marks:)) {
        peopleLoaded = PassthroughStream(traceLabel: "CharactersViewModel.peopleLoaded", tracer: tracer)
        filterChosen = PassthroughStream(traceLabel: "CharactersViewModel.filterChosen", tracer: tracer)
        super.init(definition: definition, service: service, favourites: favourites, maxConcurrentRequests: maxConcurrentRequests, maxPages: maxPages,
                   tracer: tracer, progress: progress, rows: rows)
        // The segments once a load (never again for a filter), then the filter kept to them.
        derivation = peopleLoaded
            .map(CharactersRefinement.segments(of:))
            .combineLatest(filterChosen)
            .map { segments, filter in CharactersRefinement(segments: segments, choosing: filter) }
            .sink(owner: "CharactersViewModel", label: "CharactersViewModel.refinement") { [unowned self] in derived = $0 }
        filterChosen.send(CharacterFilter())
    }

    /// Every value of `trait` in the data, most common first.
    public func segments(of trait: CharacterTrait) -> [Segment] {
        refinement.segments[trait] ?? []
    }

    /// `filter key=value …`: shows only the characters that match all of them; no words (`filter
    /// clear`) shows everyone.
    public func filter(_ arguments: [String]) throws(CharacterFilterError) {
        intent()
        let chosen = try CharacterFilter.parse(arguments, segments: refinement.segments)
        filterChosen.send(chosen)
        refine { $0 = derived }
    }

    public override func refined(_ refinement: CharactersRefinement, loaded people: [Person]) -> CharactersRefinement {
        traits = people.map(PersonTraits.init)
        peopleLoaded.send(people)
        // A condition no character meets any more is no longer chosen either.
        if derived.filter != refinement.filter { filterChosen.send(derived.filter) }
        return derived
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
