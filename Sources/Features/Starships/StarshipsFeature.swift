import ExplorerCore
import SWAPI

/// Starships: the starships of the Star Wars API, paged as the API pages them, with details
/// and favourites. Wires the service, view model and view, and maps commands to intents.
@MainActor
public final class StarshipsFeature: PagedListFeature {
    public typealias Definition = Starships
    public nonisolated static let descriptor = FeatureDescriptor.swapi(
        Starships.self, resource: "starships", title: "Star Wars starships",
        summary: "every starship of the Star Wars API, with details and favourites",
        make: { context in StarshipsFeature(context: context) })

    public let service: SWAPIService<Starship>
    public let viewModel: StarshipsViewModel
    public let view: StarshipsView

    public init(context: FeatureContext) {
        service = .http(context.http, resource: "starships")
        viewModel = StarshipsViewModel(service: service, context: context)
        view = StarshipsView(viewModel: viewModel, context: context)
    }

    public var model: StarshipsViewModel { viewModel }
}
