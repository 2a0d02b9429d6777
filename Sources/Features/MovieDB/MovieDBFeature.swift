import ExplorerCore
import ExplorerHTTP
import ExplorerImages
import ExplorerStore
import ExplorerText
import Foundation
import Reactive

/// MovieDB: The Movie Database's movies and TV shows by category, 20 to a page as TMDB pages
/// them, with details, trailers, posters, search, favourites, and an offline cache that
/// `filter` searches by category. Wires the library (TMDB and the offline index), view model
/// and view, and maps commands to intents.
@MainActor
public final class MovieDBFeature: ScreenFeature, FavouritesListing {
    public nonisolated static let descriptor = FeatureDescriptor(
        id: MovieDBViewModel.featureID,
        title: "The Movie Database",
        summary: "movies and TV by category, details, trailers, search, and an offline cache",
        embedded: MovieDBEmbeddedData.responder,
        migrations: OfflineIndex.migrations(prefix: MovieDBViewModel.featureID),
        cachesResponses: true,
        signer: MovieDBCredentials.signer,
        endpoints: ["/movie/{category}?page={page}", "/tv/{category}?page={page}", "/movie/{id}?append_to_response=videos", "/tv/{id}?append_to_response=videos", "/search/movie?query={words}&page={page}&include_adult=false", "/search/tv?query={words}&page={page}&include_adult=false", "{posterURL}"],
        screens: ["list", "detail", "favourite", "favourites", "trailer", "poster"],
        settings: settings,
        tour: ["movies top", "open 3", "fav", "back", "filter the", "filter clear", "tv top", "open 6", "trailer 2", "back", "search rick", "search xyzzy", "favs"],
        make: { context in MovieDBFeature(context: context) }
    )

    public let viewModel: MovieDBViewModel
    public let view: MovieDBView
    private let http: any HTTPClient
    private let images: ImageCache
    private let opener: DesktopOpener

    public init(context: FeatureContext) {
        http = context.http
        images = context.images
        opener = DesktopOpener(environment: context.environment)
        let library = MovieDBLibrary.http(context.http, index: OfflineIndex(database: context.database, prefix: MovieDBViewModel.featureID),
                                          selection: context.selection, clock: context.clock, tracer: context.tracer)
        viewModel = MovieDBViewModel(library: library, favourites: context.favourites, clock: context.clock, tracer: context.tracer,
                                     progress: context.progress)
        view = MovieDBView(viewModel: viewModel, outlet: context.outlet,
                           imageBaseURL: Self.imageBaseURLSetting.string(in: context.settings, default: MovieDBView.defaultImageBaseURL),
                           tracer: context.tracer)
    }

    /// The category (or search) on show, then the title of the detail: `movies top › Ad Astra`;
    /// in the favourites, `favourites` instead of the category.
    public var location: [String] {
        if viewModel.isInFavourites { return viewModel.location { $0.title } }
        let state = viewModel.state.value
        var location: [String]
        switch state.mode {
        case .category, .filter: location = [state.category.command]
        case .search: location = ["search"]
        }
        if let detail = state.detail { location.append(detail.item.title) }
        return location
    }

    public var model: MovieDBViewModel { viewModel }

    /// Another source: forget what was loaded, and load the category afresh.
    public func sourceDidChange(isActive: Bool) async throws {
        viewModel.reset()
        guard isActive else { return }
        try await viewModel.load()
    }

    public var commands: [Command] {
        let viewModel = self.viewModel
        let view = self.view
        let categoryCommands = MovieDBKind.allCases.map { kind in
            Command(kind.command, usage: "\(kind.command) [\(MovieDBCategory.of(kind).map(\.word).joined(separator: "|"))]",
                    summary: "list \(kind == .movie ? "movies" : "TV shows") by category (alone: the last one)",
                    arguments: .atMostOne,
                    complete: { previous in previous.isEmpty ? MovieDBCategory.of(kind).map(\.word) : [] },
                    run: { arguments in
                        try await viewModel.showCategory(kind: kind, word: arguments.first)
                        return .view
                    }).intent(MovieDBViewModel.self, "showCategory(kind:word:)")
        }
        return categoryCommands + [
            .page(viewModel, summary: "show the next, previous or Nth page (of the category, the filter or the search), or all of them"),
            .open(viewModel, summary: "show title N in full: overview, dates, runtime, genres, rating, videos"),
            .favourite(viewModel),
            Command("search", usage: "search <words…>",
                    summary: "search TMDB's movies or shows (the kind on show); offline, the cache",
                    details: """
                        Searches TMDB for titles of the kind on show (`movies` or `tv` first to choose), in TMDB's \
                        order, 20 to a page. With the embedded source, or when the network is unavailable, \
                        searches every title fetched before (every category, both kinds) and says so.
                        """,
                    run: { arguments in
                        guard !MovieDBViewModel.term(arguments).isEmpty else { throw CommandError.usage("search <words…>") }
                        try await viewModel.search(arguments)
                        return .view
                    }).intent(MovieDBViewModel.self, "search(_:)"),
            Command("filter", usage: "filter <words…> | filter clear",
                    summary: "narrow the category to cached titles matching every word (no network)",
                    details: """
                        Searches every page of the category ever fetched, from the local cache, instantly: \
                        a title matches when its title, original title or overview has a word starting with \
                        each of the words, case and accents ignored (`filter star wa`). The matches come in \
                        the category's order, 20 to a page (`page next`), the first \(ReadableNumber.grouping(MovieDBLibrary.filterLimit)) at most: the heading \
                        says when more matched. `filter clear` shows the pages again.
                        """,
                    complete: { previous in previous.isEmpty ? ["clear"] : [] },
                    run: { arguments in
                        guard MovieDBViewModel.clearsFilter(arguments) || (!arguments.isEmpty && OfflineIndex.hasSearchableWord(arguments)) else {
                            throw CommandError.usage("filter <words…> | filter clear")
                        }
                        try await viewModel.filter(arguments)
                        return .view
                    }).intent(MovieDBViewModel.self, "filter(_:)"),
            Command("trailer", usage: "trailer [N]",
                    summary: "on a detail: open video N (default: the first, official trailers first), or print its address",
                    arguments: .atMostOne,
                    run: { [opener] arguments in
                        let asked = try arguments.first.map { text in
                            guard let number = Int(text) else { throw CommandError.usage("trailer [N]") }
                            return number
                        }
                        let (number, video, url) = try viewModel.video(asked)
                        let outcome = try await opener.open(url, what: "the video's address")
                        return .reply(MovieDBView.trailer(outcome, number: number, video: video, title: try viewModel.openedItem().title))
                    }).intent(MovieDBViewModel.self, "video(_:)"),
            Command("poster", summary: "on a detail: fetch the poster into the image cache and open it (or print where it is)",
                    arguments: .none,
                    run: { [http, images, opener] _ in
                        let item = try viewModel.openedItem()
                        guard let text = MovieDBView.imageURL(item.posterPath, base: view.imageBaseURL), let url = URL(string: text) else {
                            throw CommandError("TMDB has no poster for “\(item.title.sanitizedForTerminal)”")
                        }
                        // The embedded data holds no images: a stand-in, unless a live session cached the poster.
                        let image: CachedImage
                        let isStandIn = viewModel.isEmbeddedSource ? await images.cached(url) == nil : false
                        if isStandIn {
                            image = CachedImage(file: try images.standInFile(), byteCount: StandInImage.png.count, wasCached: false)
                        } else {
                            image = try await images.image(at: url, using: http)
                        }
                        // The check facts' `view` makes: what is not an image (a page of HTML, a file cut
                        // short) is never handed to a viewer, and is asked for again next time.
                        guard case .loaded = ImageState.of(file: image.file) else {
                            await images.remove(url)
                            throw CommandError("the poster of “\(item.title.sanitizedForTerminal)” is not an image (\(ReadableNumber.bytes(image.byteCount))"
                                               + " from \(URL.redactingUserinfo(text).sanitizedForTerminal), no PNG, JPEG, GIF or WebP), so it was not opened")
                        }
                        let outcome = try await opener.open(file: image.file)
                        return .reply(MovieDBView.poster(outcome, image: image, url: text, title: item.title, isStandIn: isStandIn))
                    }).intent(MovieDBViewModel.self, "openedItem()"),
            .refresh(viewModel, summary: "ask TMDB again for what is on show: the page, the search or the detail (never the cache)"),
        ]
    }
}
