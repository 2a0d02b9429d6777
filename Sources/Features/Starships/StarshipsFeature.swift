import ExplorerCore
import Reactive

/// Starships: the starships of the Star Wars API, paged as the API pages them, with details
/// and favourites. Wires the service, view model and view, and maps commands to intents.
@MainActor
public final class StarshipsFeature: Feature {
    public nonisolated static let descriptor = FeatureDescriptor(
        id: StarshipsViewModel.featureID,
        title: "Star Wars starships",
        summary: "every starship of the Star Wars API, with details and favourites",
        embedded: StarshipsEmbeddedData.responder,
        make: { context in StarshipsFeature(context: context) }
    )

    public let viewModel: StarshipsViewModel
    public let view: StarshipsView

    public init(context: FeatureContext) {
        viewModel = StarshipsViewModel(service: .http(context.http), favourites: context.favourites)
        view = StarshipsView(viewModel: viewModel, terminal: context.terminal, tracer: context.tracer)
    }

    public var location: [String] {
        viewModel.state.value.detail.map { [$0.starship.name] } ?? []
    }

    public func enter() async throws -> String {
        try await viewModel.load()
        return view.screen
    }

    public func back() async throws -> String? {
        viewModel.back() ? view.screen : nil
    }

    public func sourceDidChange(isActive: Bool) async throws -> String? {
        guard isActive else {
            viewModel.reset()
            return nil
        }
        try await viewModel.refresh()
        return view.screen
    }

    public var commands: [Command] {
        let viewModel = self.viewModel
        let view = self.view
        let rowNumbers: @MainActor ([String]) -> [String] = { previous in
            previous.isEmpty ? viewModel.loadedNumbers.map(String.init) : []
        }
        return [
            Command("page", usage: PageArgument.usage, summary: "show the next, previous or Nth page of the API",
                    complete: { previous in
                        previous.isEmpty ? ["next", "prev"] + (1...max(viewModel.pageCount, 1)).map(String.init) : []
                    },
                    run: { arguments in
                        try await viewModel.showPage(try PageArgument(arguments))
                        return view.screen
                    }),
            Command("open", usage: "open N", summary: "show every detail of row N (any row loaded so far)",
                    complete: rowNumbers,
                    run: { arguments in
                        guard arguments.count == 1 else { throw CommandError.usage("open N") }
                        try viewModel.open(arguments[0])
                        return view.screen
                    }),
            Command("fav", usage: "fav [N]", summary: "mark or unmark row N as a favourite (`fav` alone on a detail)",
                    complete: rowNumbers,
                    run: { arguments in
                        guard arguments.count <= 1 else { throw CommandError.usage("fav [N]") }
                        let row = try viewModel.toggleFavourite(arguments.first)
                        return Favourite.toggledMessage(title: row.starship.name, isFavourite: row.isFavourite)
                    }),
            Command("sort", usage: StarshipSort.usage,
                    summary: "order the loaded starships (numbers compare as numbers, unknown last)",
                    complete: StarshipSort.candidates(after:),
                    run: { arguments in
                        viewModel.sort(by: try StarshipSort.parse(arguments))
                        return view.screen
                    }),
            Command("refresh", summary: "fetch the loaded pages again (the last good list stays on failure)",
                    run: { arguments in
                        guard arguments.isEmpty else { throw CommandError.usage("refresh") }
                        try await viewModel.refresh()
                        return view.screen
                    }),
        ]
    }
}
