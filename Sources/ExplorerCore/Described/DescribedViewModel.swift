import ExplorerStore
import Reactive

/// A described list's view model: the kit's, with the description's filter applied to the
/// rows it lists.
@MainActor
public final class DescribedViewModel: PagedListViewModel<DescribedList> {
    /// The fields `filter` takes, as the description marks them.
    public var filterableFields: [String] { definition.description.fields.filter(\.filter).map(\.name) }

    /// Asks the API to search, and whether its answers are the API's own (live).
    private let searcher: (search: @Sendable (String?) -> @Sendable () -> Void, isLive: @MainActor () -> Bool)?

    public init(definition: DescribedList, service: PagedListService<DescribedRecord>, favourites: FavouritesStore,
                maxConcurrentRequests: Int, tracer: (any EmissionTracer)?, progress: @escaping @MainActor (String) -> Void,
                search: (@Sendable (String?) -> @Sendable () -> Void)?, isLive: @escaping @MainActor () -> Bool) {
        searcher = search.map { ($0, isLive) }
        super.init(definition: definition, service: service, favourites: favourites, maxConcurrentRequests: maxConcurrentRequests,
                   tracer: tracer, progress: progress)
    }

    /// `filter NAME=VALUE …`, or none (`filter clear`).
    public func filter(_ words: [String]) throws(CommandError) {
        intent()
        var chosen = try DescribedFilter.parse(words, filterable: filterableFields)
        chosen.search = refinement.search
        chosen.searchesLocally = refinement.searchesLocally
        refine { $0 = chosen }
    }

    /// `search WORDS`: the list as the API's search answers it (live), or narrowed by name
    /// (offline); nil shows the whole list again. On failure nothing changes.
    public func search(_ words: String?) async throws {
        intent()
        guard let searcher else { return }
        let undo = searcher.search(words)
        do {
            try await reload()
        } catch {
            undo()
            throw error
        }
        refine { filter in
            filter.search = words
            filter.searchesLocally = !searcher.isLive()
        }
    }

    public override var rowFilter: ((Int) -> Bool)? {
        let filter = refinement, fields = definition.description.fields
        guard !filter.conditions.isEmpty || (filter.searchesLocally && filter.search != nil) else { return nil }
        return { [unowned self] number in item(number: number).map { filter.matches($0, fields: fields) } ?? false }
    }
}
