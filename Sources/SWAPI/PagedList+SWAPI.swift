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
    public func record(fromURL url: String) -> (kind: String, id: String)? {
        SWAPIResource.record(fromURL: url)
    }
}

extension PagedListViewModel where Definition: FixedListDefinition, Definition.Item: SWAPIItem {
    /// A paged list of a SWAPI resource. (Inlinable, like the next: the kit's rows are then
    /// compiled for the feature's item type, where the feature makes its view model.)
    @inlinable
    public convenience init(service: SWAPIService<Definition.Item>, favourites: FavouritesStore, maxConcurrentRequests: Int = 8,
                            maxPages: Int = PageLoader.defaultMaxPages, tracer: (any EmissionTracer)? = nil,
                            progress: @escaping @MainActor (String) -> Void = { _ in }) {
        self.init(service: service.paged, favourites: favourites, maxConcurrentRequests: maxConcurrentRequests,
                  maxPages: maxPages, tracer: tracer, progress: progress)
    }

    /// The paged list `service` answers, with the feature's favourites and settings.
    @inlinable
    public convenience init(service: SWAPIService<Definition.Item>, context: FeatureContext) {
        self.init(service: service, favourites: context.favourites,
                  maxConcurrentRequests: PagedListSettings.maxConcurrentRequests.int(in: context.settings, default: 8),
                  tracer: context.tracer, progress: context.progress)
    }
}

extension FeatureDescriptor {
    /// A paged list of SWAPI's `resource`, answered offline from the whole of SWAPI embedded;
    /// its records are that resource's, which other features' links open here.
    public static func swapi<Definition: FixedListDefinition>(
        _ definition: Definition.Type, resource: String, title: String, summary: String,
        make: @escaping @MainActor @Sendable (FeatureContext) -> any Feature
    ) -> FeatureDescriptor where Definition.SortKey: CaseIterable {
        FeatureDescriptor(
            id: Definition.featureID, title: title, summary: summary,
            embedded: SWAPIEmbeddedData.responder,
            endpoints: ["/\(resource)/?page={page}", "/\(resource)/{id}/", "/{resource}/{id}/"],
            screens: ["list", "detail", "favourite", "favourites"],
            settings: PagedListSettings.all,
            records: [resource],
            tour: tour(Definition.self),
            make: make)
    }

    /// Every screen of a paged list: a page, a detail, a favourite, a sort by a number, a
    /// refresh, the favourites.
    static func tour<Definition: FixedListDefinition>(_ definition: Definition.Type) -> [String] where Definition.SortKey: CaseIterable {
        let number = Definition.SortKey.allCases.first { $0.name != "name" }?.name ?? "name"
        return ["page 2", "open 12", "fav", "back", "sort \(number) desc", "sort off", "refresh", "favs", "favs all"]
    }
}
