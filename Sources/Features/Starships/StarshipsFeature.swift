import ExplorerCore
import SWAPI

/// Starships: the starships of the Star Wars API, paged as the API pages them, with details
/// and favourites. Wires the service, view model and view, and maps commands to intents.
@MainActor
public final class StarshipsFeature: PagedListFeature {
    public typealias Definition = Starships
    public nonisolated static let descriptor = FeatureDescriptor(
        id: Starships.featureID,
        title: "Star Wars starships",
        summary: "every starship of the Star Wars API, with details and favourites",
        embedded: SWAPIEmbeddedData.responder,
        endpoints: ["/starships/?page={page}", "/starships/{id}/", "/{resource}/{id}/"],
        screens: ["list", "detail", "favourite", "favourites"],
        settings: PagedListSettings.all,
        records: ["starships"],
        make: { context in StarshipsFeature(context: context) }
    )

    public let viewModel: StarshipsViewModel
    public let view: StarshipsView

    public init(context: FeatureContext) {
        let concurrency = PagedListSettings.maxConcurrentRequests.int(in: context.settings, default: 8)
        viewModel = StarshipsViewModel(service: .http(context.http, resource: "starships"), favourites: context.favourites,
                                       maxConcurrentRequests: concurrency, tracer: context.tracer)
        view = StarshipsView(viewModel: viewModel, outlet: context.outlet, tracer: context.tracer)
    }

    public var model: StarshipsViewModel { viewModel }

    public var commands: [Command] {
        [
            .page(viewModel, summary: "show the next, previous or Nth page of the API"),
            .open(viewModel, summary: "show every detail of row N (any row loaded so far)"),
            .favourite(viewModel),
            .sort(viewModel, summary: "order the loaded starships (numbers compare as numbers, unknown last)"),
            .refresh(viewModel, summary: "fetch the loaded pages again (the last good list stays on failure)"),
        ]
    }
}
