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
    public let viewModel: DescribedViewModel
    public let view: PagedListView<DescribedList>

    public init(context: FeatureContext, definition: DescribedList, baseURL: URL, hasOfflineAnswers: Bool) {
        let http: any HTTPClient = hasOfflineAnswers
            ? context.http
            : LiveOnlyHTTPClient(wrapped: context.http, selection: context.selection, feature: definition.featureID)
        service = DescribedService(description: definition.description, http: http, baseURL: baseURL)
        viewModel = DescribedViewModel(
            definition: definition, service: service.paged, favourites: context.favourites,
            maxConcurrentRequests: PagedListSettings.maxConcurrentRequests.int(in: context.settings, default: 8),
            tracer: context.tracer, progress: context.progress)
        view = PagedListView(viewModel: viewModel, context: context)
    }

    public var model: DescribedViewModel { viewModel }

    /// The kit's commands, and `filter` when the description marks fields to filter by.
    public var commands: [Command] {
        let viewModel = self.viewModel, fields = viewModel.filterableFields
        guard !fields.isEmpty else { return kitCommands }
        return kitCommands + [
            Command("filter", usage: "filter NAME=VALUE … | filter clear",
                    summary: "show only the rows whose field contains the value (fields: \(fields.joined(separator: ", ")))",
                    completeWord: { _, partial in partial.contains("=") ? [] : fields.map { $0 + "=" } + ["clear"] },
                    run: { arguments in
                        let words = arguments == ["clear"] || arguments == ["off"] ? [] : arguments
                        try viewModel.filter(words)
                        return .view
                    }).intent(DescribedViewModel.self, "filter(_:)"),
        ]
    }
}
