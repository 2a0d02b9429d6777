import ExplorerCore
import SWAPI

/// Planets: the planets of the Star Wars API, paged as the API pages them, with details that
/// name their residents (`follow residents N` opens one in characters) and favourites.
@MainActor
public final class PlanetsFeature: PagedListFeature {
    public typealias Definition = Planets
    public nonisolated static let descriptor = FeatureDescriptor.swapi(
        Planets.self, resource: "planets", title: "Star Wars planets",
        summary: "every planet of the Star Wars API, with its residents",
        make: { context in PlanetsFeature(context: context) })

    public let service: SWAPIService<Planet>
    public let viewModel: PlanetsViewModel
    public let view: PlanetsView

    public init(context: FeatureContext) {
        service = .http(context.http, resource: "planets")
        viewModel = PlanetsViewModel(service: service, context: context)
        view = PlanetsView(viewModel: viewModel, context: context)
    }

    public var model: PlanetsViewModel { viewModel }
}
