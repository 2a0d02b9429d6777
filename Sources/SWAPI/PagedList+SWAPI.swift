import ExplorerCore
import ExplorerStore
import Reactive

extension SWAPIService {
    /// This resource as the kit's paged list asks for it.
    public var paged: PagedListService<Item> {
        let page = self.page, item = self.item
        return PagedListService(
            page: { number in
                let fetched = try await page(number)
                return .init(items: fetched.results, totalCount: fetched.count)
            },
            item: { id in try await item(id) },
            name: name)
    }
}

extension PagedListDefinition where Item: SWAPIItem {
    /// A SWAPI URL's kind and id: `…/api/people/13/` → (`people`, `13`).
    public static func record(fromURL url: String) -> (kind: String, id: String)? {
        SWAPIResource.record(fromURL: url)
    }
}

extension PagedListViewModel where Definition.Item: SWAPIItem {
    /// A paged list of a SWAPI resource.
    public convenience init(service: SWAPIService<Definition.Item>, favourites: FavouritesStore, maxConcurrentRequests: Int = 8,
                            tracer: (any EmissionTracer)? = nil) {
        self.init(service: service.paged, favourites: favourites, maxConcurrentRequests: maxConcurrentRequests, tracer: tracer)
    }
}
