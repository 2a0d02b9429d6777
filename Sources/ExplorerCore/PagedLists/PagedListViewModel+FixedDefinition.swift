import ExplorerStore
import Reactive

extension PagedListViewModel where Definition: FixedListDefinition {
    /// The paged list of a definition written in Swift (`Starships()`). `rows` is compiled where
    /// the feature makes its view model, as for the designated init.
    @inlinable
    public convenience init(service: PagedListService<Item>, favourites: FavouritesStore, maxConcurrentRequests: Int = 8,
                            maxPages: Int = PageLoader.defaultMaxPages, tracer: (any EmissionTracer)? = nil,
                            progress: @escaping @MainActor (String) -> Void = { _ in },
                            rows: @escaping Rows = PagedListViewModel.rows(of:page:sorted:listed:marks:)) {
        self.init(definition: Definition(), service: service, favourites: favourites,
                  maxConcurrentRequests: maxConcurrentRequests, maxPages: maxPages, tracer: tracer,
                  progress: progress, rows: rows)
    }
}
