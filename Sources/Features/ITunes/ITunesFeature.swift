import ExplorerCore
import Foundation
import Reactive

/// iTunes search: the store's search, results paged ten at a time, details refreshed with a
/// lookup, favourites, previews and store pages.
@MainActor
public final class ITunesFeature: ScreenFeature, FavouritesListing {
    public nonisolated static let descriptor = FeatureDescriptor(
        id: ITunesViewModel.featureID,
        title: "iTunes search",
        summary: "search the iTunes store: tracks, details, previews",
        embedded: ITunesCatalogue.responder,
        endpoints: ["/search?term={term}&media=music&entity=song&limit={limit}&country={country}", "/lookup?id={id}&country={country}", "{previewUrl}"],
        screens: ["list", "detail", "favourite", "favourites", "play", "web"],
        settings: settings,
        tour: ["search jack johnson", "page next", "open 13", "fav", "play", "web", "back", "lookup 1500000001", "search xyzzy", "search 周杰倫", "refresh"],
        make: { context in ITunesFeature(context: context) }
    )

    public let viewModel: ITunesViewModel
    public let view: ITunesView
    private let service: ITunesService
    private let previews: ITunesPreviews

    public init(context: FeatureContext) {
        let country = Self.countrySetting.string(in: context.settings, default: "US")
        let limit = Self.limitSetting.int(in: context.settings, default: 50)
        service = .http(context.http, country: country, limit: limit)
        viewModel = ITunesViewModel(service: service, favourites: context.favourites, clock: context.scheduler,
                                    tracer: context.tracer, progress: context.progress)
        view = ITunesView(viewModel: viewModel, outlet: context.outlet, tracer: context.tracer)
        previews = ITunesPreviews(cacheDirectory: context.cacheDirectory.appendingPathComponent("previews"), environment: context.environment)
    }

    public var location: [String] {
        viewModel.location { $0.title }
    }

    public var model: ITunesViewModel { viewModel }

    /// Leaving: the view goes off screen and the search-as-you-type binding goes.
    public func didLeave() {
        view.disappear()
        viewModel.unbindTyping()
    }

    /// With nothing searched yet there is nothing to load again from the new source.
    public func sourceDidChange(isActive: Bool) async throws {
        guard isActive, viewModel.state.value.term != nil else { return viewModel.reset() }
        try await viewModel.refresh()
    }

    public var commands: [Command] {
        let viewModel = self.viewModel
        let service = self.service
        let previews = self.previews
        let openItem: @MainActor () throws -> ITunesItem = {
            guard let item = viewModel.openItem else { throw CommandError("open a result first (`open N`)") }
            return item
        }
        return [
            Command("search", usage: "search <words…>", summary: "search the store (any language; quote to keep punctuation)",
                    details: "Results are sorted by artist, album and track number and shown ten to a page.\nExamples: `search jack johnson`, `search 周杰倫`, `search \"guns n' roses\"`.",
                    run: { arguments in
                        guard !ITunesViewModel.term(arguments).isEmpty else { throw CommandError.usage("search <words…>") }
                        try await viewModel.search(arguments)
                        return .view
                    }).intent(ITunesViewModel.self, "search(_:)"),
            Command("type", usage: "type <words…>", summary: "search as you type: a key at a time on the clock, each pause searched",
                    details: """
                        Types the words into the search field as a person does — a key every 120 ms, a pause of 600 ms \
                        before each space — on the app's clock (on a virtual one, `--clock`, moving it on). A search goes \
                        when the field rests for 300 ms (a debounce), for what it holds, unless that is the term whose \
                        results are on show; a term that comes while a search is in flight supersedes it, and its answer is dropped \
                        (`switchToLatest`). With `net latency 2s`, `type jack johnson` searches "jack" at the pause and \
                        "jack johnson" before that answer comes: `trace on` shows the keys, the debounce's timer, both \
                        requests and the cancel of the first. On a virtual clock a request takes no time, and its answer is \
                        held on the clock for as long as it stood for.
                        """,
                    run: { arguments in
                        let text = arguments.joined(separator: " ")
                        guard !ITunesViewModel.term([text]).isEmpty else { throw CommandError.usage("type <words…>") }
                        try await viewModel.type(text)
                        return .view
                    }).intent(ITunesViewModel.self, "type(_:)").endingAtInterrupt(),
            .page(viewModel, summary: "show the next, previous or Nth page of results, or all of them",
                  details: """
                      The results of a search came in one answer and are shown ten to a page: `page next` (or `n`), \
                      `page prev` (or `p`) and `page 3` show one page, `page all` every result as one list (nothing is \
                      asked for, so `page all MAX` lists them all too).
                      """),
            .open(viewModel, summary: "show every detail of result N, looked up afresh in the store (of the favourites, after `favs`)"),
            Command("lookup", usage: "lookup <trackId>", summary: "open a track's detail by its store id", arguments: .one,
                    run: { arguments in
                        try await viewModel.lookup(arguments[0])
                        return .view
                    }).intent(ITunesViewModel.self, "lookup(_:)"),
            .favourite(viewModel),
            Command("play", summary: "on a detail: download the 30-second preview and play it (Ctrl-C stops)", arguments: .none,
                    run: { _ in
                        .reply(ITunesView.played(try await previews.play(try openItem(), service: service,
                                                                         announce: { [viewModel] in await viewModel.showProgress($0) })))
                    }).intent(ITunesPreviews.self, "play(_:service:)").endingAtInterrupt(),
            Command("web", summary: "on a detail: open the store page (or print its address)", arguments: .none,
                    run: { _ in
                        .reply(ITunesView.storePage(try await previews.openStorePage(try openItem())))
                    }).intent(ITunesPreviews.self, "openStorePage(_:)"),
            .refresh(viewModel, summary: "run the search again (the last good results stay on failure)"),
        ]
    }
}
