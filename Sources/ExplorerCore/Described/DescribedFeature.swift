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
        let service = DescribedService(description: definition.description, http: http, baseURL: baseURL)
        let selection = context.selection
        var search: (@Sendable (String?) -> @Sendable () -> Void)?
        if definition.description.search != nil {
            search = { words in service.search(words) }
        }
        self.service = service
        viewModel = DescribedViewModel(
            definition: definition, service: service.paged, favourites: context.favourites,
            maxConcurrentRequests: PagedListSettings.maxConcurrentRequests.int(in: context.settings, default: 8),
            tracer: context.tracer, progress: context.progress,
            search: search, isLive: { selection.current == .live })
        view = PagedListView(viewModel: viewModel, context: context)
    }

    public var model: DescribedViewModel { viewModel }

    public var definition: DescribedList { viewModel.definition }

    /// The kit's commands, and `filter` when the description marks fields to filter by.
    public var commands: [Command] {
        let viewModel = self.viewModel, fields = viewModel.filterableFields
        var commands = kitCommands
        if definition.description.search != nil {
            commands.append(Command("search", usage: "search WORDS | search clear",
                                    summary: "the list as the API finds WORDS (offline: the rows whose name holds them)",
                                    arguments: .atLeastOne,
                                    run: { arguments in
                                        try await viewModel.search(arguments == ["clear"] ? nil : arguments.joined(separator: " "))
                                        return .view
                                    }).intent(DescribedViewModel.self, "search(_:)"))
        }
        guard !fields.isEmpty else { return commands }
        return commands + [
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
