import ExplorerCore
import SWAPI

/// Characters: every person of the Star Wars API, loaded at once with the pages fetched in
/// parallel, under a segment bar of eye colours, with filters on any trait, sorting, details
/// and favourites.
@MainActor
public final class CharactersFeature: PagedListFeature {
    public typealias Definition = Characters
    public nonisolated static let descriptor = FeatureDescriptor(
        id: Characters.featureID,
        title: "Star Wars characters",
        summary: "every character of the Star Wars API, by eye colour and more",
        embedded: SWAPIEmbeddedData.responder,
        endpoints: ["/people/?page={page}", "/people/{id}/", "/{resource}/{id}/"],
        screens: ["list", "segments", "detail", "favourite", "favourites"],
        settings: settings,
        records: ["people"],
        tour: ["filter", "filter hair", "filter eye=blue", "open 7", "fav", "back", "filter clear", "sort birth", "refresh", "help filter"],
        make: { context in CharactersFeature(context: context) }
    )

    public let service: SWAPIService<Person>
    public let viewModel: CharactersViewModel
    public let view: CharactersView

    public init(context: FeatureContext) {
        service = .http(context.http, resource: "people")
        viewModel = CharactersViewModel(
            service: service, favourites: context.favourites,
            maxConcurrentRequests: Self.maxConcurrentPagesSetting.int(in: context.settings, default: 8),
            maxPages: Self.maxPagesSetting.int(in: context.settings, default: PageLoader.defaultMaxPages),
            tracer: context.tracer, progress: context.progress)
        view = CharactersView(viewModel: viewModel, context: context)
    }

    public var model: CharactersViewModel { viewModel }

    public var commands: [Command] {
        let viewModel = self.viewModel
        return [
            Command("filter", usage: "filter [eye|hair|skin|gender] | filter KEY=VALUE … | filter clear",
                    summary: "segments with counts, or show only the characters that match",
                    details: """
                        `filter` alone lists the eye colours with their counts, most common first; `filter hair` does the same for another trait.
                        `filter eye=blue gender=female` shows the characters that match all the conditions (a value naming two colours matches either); the list's segment bar marks the eye colours in force.
                        `filter clear` shows everyone again. Keys: eye, hair, skin, gender.
                        """,
                    completeWord: { _, partial in Self.filterCandidates(partial, viewModel: viewModel) },
                    run: { arguments in
                        let words = arguments.map { $0.lowercased() }
                        if words.isEmpty {
                            return .reply(CharactersView.segments(.eye, of: viewModel.state.value))
                        }
                        if words == ["clear"] || words == ["off"] {
                            try viewModel.filter([])
                            return .view
                        }
                        if words.count == 1, let trait = CharacterTrait(rawValue: words[0]) {
                            return .reply(CharactersView.segments(trait, of: viewModel.state.value))
                        }
                        try viewModel.filter(arguments)
                        return .view
                    }).intent(CharactersViewModel.self, "filter(_:)"),
            .open(viewModel),
            .favourite(viewModel),
            .sort(viewModel, summary: "order the characters (birth years in BBY/ABY order, unknown last)"),
            .refresh(viewModel, summary: "load every character again (the last good list stays on failure)"),
        ]
    }

    /// `filter ` offers the keys (`eye=` …) and `clear`; `filter eye=` offers the values in the data.
    static func filterCandidates(_ partial: String, viewModel: CharactersViewModel) -> [String] {
        guard let equals = partial.firstIndex(of: "=") else {
            return CharacterTrait.allCases.map { $0.rawValue + "=" } + ["clear"]
        }
        guard let trait = CharacterTrait(rawValue: partial[..<equals].lowercased()) else { return [] }
        return viewModel.segments(of: trait).map { segment in
            "\(trait.rawValue)=" + segment.value.replacingOccurrences(of: " ", with: "\\ ")
        }
    }
}
