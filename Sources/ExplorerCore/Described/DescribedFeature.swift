import ExplorerHTTP
import Foundation

/// A feature described in Plugins.json: the kit's paged list and view configured by a
/// ``DescribedList``, over a ``DescribedService`` that asks the API as the description says.
/// Everything a list feature written in Swift has, it has: paging, `open`, favourites, sort,
/// `follow` along its links, refresh, JSON and CSV, `trace` and `arch`.
@MainActor
public final class DescribedFeature: PagedListFeature {
    public typealias Definition = DescribedList

    public let service: DescribedService
    public let viewModel: PagedListViewModel<DescribedList>
    public let view: PagedListView<DescribedList>

    public init(context: FeatureContext, definition: DescribedList, baseURL: URL, hasOfflineAnswers: Bool) {
        let http: any HTTPClient = hasOfflineAnswers
            ? context.http
            : LiveOnlyHTTPClient(wrapped: context.http, selection: context.selection, feature: definition.featureID)
        service = DescribedService(description: definition.description, http: http, baseURL: baseURL)
        viewModel = PagedListViewModel(
            definition: definition, service: service.paged, favourites: context.favourites,
            maxConcurrentRequests: PagedListSettings.maxConcurrentRequests.int(in: context.settings, default: 8),
            tracer: context.tracer, progress: context.progress)
        view = PagedListView(viewModel: viewModel, context: context)
    }

    public var model: PagedListViewModel<DescribedList> { viewModel }
}
