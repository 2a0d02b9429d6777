import ExplorerCore

/// Planets: a seventh feature, written in a test target with the kit alone (no `@testable`,
/// no edit outside this folder) to show what a feature needs: a descriptor, a view model, a
/// view and its commands.
@MainActor
final class PlanetsFeature: ScreenFeature, FavouritesListing {
    nonisolated static let descriptor = FeatureDescriptor(
        id: PlanetsViewModel.featureID,
        title: "Planets",
        summary: "the planets of a small API, with details and favourites",
        embedded: PlanetsEmbeddedData.responder,
        endpoints: ["/planets/"],
        screens: ["list", "detail", "favourite", "favourites"],
        make: { context in PlanetsFeature(context: context) }
    )

    let viewModel: PlanetsViewModel
    let view: PlanetsView

    init(context: FeatureContext) {
        viewModel = PlanetsViewModel(http: context.http, favourites: context.favourites, tracer: context.tracer)
        view = PlanetsView(viewModel: viewModel, outlet: context.outlet, tracer: context.tracer)
    }

    var location: [String] { viewModel.location { $0.name } }
    var model: PlanetsViewModel { viewModel }

    var commands: [Command] {
        [
            .open(viewModel, summary: "show planet N in full"),
            .favourite(viewModel),
            .refresh(viewModel, summary: "fetch the planets again"),
        ]
    }
}
