import ExplorerClock
import ExplorerCore
import ExplorerHTTP
import ExplorerStore
import ExplorerTrace
import Foundation
import Reactive

/// The MovieDB screen's logic: which category and page is on show (TMDB's pages, 20 titles
/// each, row numbers continuing across pages), a category narrowed by `filter` from the cache,
/// search results, and the detail. Opening, going back and favourites come from
/// ``ListDetailViewModel``.
///
/// Offline capability: every page and detail fetched live is kept by the ``MovieDBLibrary``
/// (its body in the response cache, its titles in the offline index, in one write). When the
/// network is unavailable a page or a detail fetched before is shown from the cache with
/// `offline — cached 2 h ago`, `filter` always reads the index, and `search` answers from it.
/// With the embedded source the index is the embedded data itself. Each list mode is a type
/// (``MovieDBCategoryListing``, ``MovieDBFilterListing``, ``MovieDBSearchListing``); the view
/// model holds the state and the intents.
///
/// An intent that fails throws and leaves the state exactly as it was.
@MainActor
public final class MovieDBViewModel: ListDetailViewModel, PagedViewModel {
    public nonisolated static let featureID = "moviedb"

    public let state: Observable<MovieDBState>
    public let navigator: ListNavigator<MovieDBItem>
    /// TMDB and the offline index: where titles come from and are kept.
    private let library: MovieDBLibrary

    private let clock: any AppClock
    private let tracer: Tracer?
    /// Says how far `page all` has got (`loading movies popular 3/100`).
    private let progress: @MainActor (String) -> Void

    /// Which of the list's modes is on show, with what it holds.
    private enum Shown {
        case category
        case filter(MovieDBFilterListing)
        case search(MovieDBSearchListing)
    }

    private var shown = Shown.category
    private var category = MovieDBCategory.moviePopular
    private var lastCategory: [MovieDBKind: MovieDBCategory] = [:]
    private var categories: [MovieDBCategory: MovieDBPages] = [:]
    /// Details fetched, by item id, and why one shows less than a full detail.
    private var details: [String: MovieDBItem] = [:]
    private var detailNotes: [String: String] = [:]
    /// When a detail on hand came from the cache, when it was fetched.
    private var detailCachedAt: [String: Date] = [:]
    /// The last page `page all` was let load, while the list on show lists every loaded row as
    /// one; nil while it shows a page. Set by ``display(_:all:)``: a `refresh` keeps it; another
    /// page, category, filter or search leaves it.
    private var allBound: Int?

    public init(library: MovieDBLibrary, favourites: FavouritesStore, clock: any AppClock = LiveClock(), tracer: Tracer? = nil,
                progress: @escaping @MainActor (String) -> Void = { _ in }) {
        self.library = library
        self.clock = clock
        self.tracer = tracer
        self.progress = progress
        navigator = ListNavigator(featureID: Self.featureID, favourites: favourites)
        state = Observable(MovieDBState(), traceLabel: "MovieDBViewModel.state", tracer: tracer)
    }

    /// A view model over `service`, its titles kept in `index` when no response cache keeps them.
    public convenience init(service: MovieDBService, favourites: FavouritesStore, index: OfflineIndex, selection: SourceSelection,
                            clock: any AppClock = LiveClock(), tracer: Tracer? = nil, progress: @escaping @MainActor (String) -> Void = { _ in }) {
        self.init(library: MovieDBLibrary(service: service, index: index, selection: selection, clock: clock, tracer: tracer),
                  favourites: favourites, clock: clock, tracer: tracer, progress: progress)
    }

    private var isEmbedded: Bool { library.isEmbedded }
    /// Whether the embedded data is the source now.
    public var isEmbeddedSource: Bool { isEmbedded }

    public var isLoaded: Bool { categories[category] != nil }
    public var currentCategory: MovieDBCategory { category }

    /// The mode on show, as the type that knows its rows and pages.
    private var listing: any MovieDBListing {
        switch shown {
        case .category: MovieDBCategoryListing(category: category, pages: categories[category], isEmbedded: isEmbedded)
        case .filter(let filter): filter
        case .search(let search): search
        }
    }

    /// The pages that `page` can go to now.
    public var pageCount: Int { listing.pageCount }

    // MARK: Rows

    public var rowNumbers: [Int] { listing.rowNumbers }

    public func row(named text: String) throws -> (number: Int, item: MovieDBItem) {
        try listing.row(named: text)
    }

    public func item(number: Int) -> MovieDBItem? { listing.item(number: number) }

    /// The loaded row holding the title `id`: in a filter, looked up by key rather than by
    /// decoding up to 1,000 matches.
    public func loadedRow(id: String) -> (number: Int, item: MovieDBItem)? {
        if case .filter(let filter) = shown { return filter.row(id: id) }
        for number in rowNumbers {
            if let item = item(number: number), item.itemID == id { return (number, item) }
        }
        return nil
    }

    /// A favourite that is not on a loaded page: its detail from TMDB (or the cache), else what
    /// the index kept of it.
    public func fetchItem(id: String) async throws -> MovieDBItem? {
        let parts = id.split(separator: "/")
        guard parts.count == 2, let kind = MovieDBKind(rawValue: String(parts[0])), let number = Int(parts[1]) else { return nil }
        if let known = details[id] { return known }
        do {
            let answer = try await library.detail(kind, number, fresh: false)
            remember(answer.value, cachedAt: answer.cachedAt)
            return answer.value
        } catch let error as HTTPError where error.isNetworkUnavailable || error.kind == .status(404) {
            guard let item = library.keptTitle(id) else { throw error }
            detailNotes[id] = note(forMissingDetailAfter: error)
            return item
        }
    }

    /// Before a detail shows, its full detail (with videos) is fetched once; what cannot be had
    /// (the embedded data has four details; offline, one never fetched) shows the list's fields
    /// with a note saying so.
    public func prepareDetail(_ item: MovieDBItem) async throws -> MovieDBItem {
        guard item.detail == nil, let id = item.itemID else { return item }
        if let known = details[id] { return known }
        do {
            let answer = try await whileLoading { try await library.detail(of: item, fresh: false) }
            remember(answer.value, cachedAt: answer.cachedAt)
            return answer.value
        } catch let error as HTTPError where error.isNetworkUnavailable || error.kind == .status(404) {
            detailNotes[id] = note(forMissingDetailAfter: error)
            return item
        }
    }

    private func remember(_ item: MovieDBItem, cachedAt: Date?) {
        guard let id = item.itemID else { return }
        details[id] = item
        detailNotes[id] = nil
        detailCachedAt[id] = cachedAt
    }

    private func note(forMissingDetailAfter error: HTTPError) -> String {
        if isEmbedded {
            return "the embedded data has the full detail of \(MovieDBEmbeddedData.titlesWithDetails.joined(separator: ", ")) only; "
                + "this is what the list says (`source live` fetches the rest)"
        }
        if error.kind == .status(404) {
            return "TMDB has no detail for this title (HTTP 404), so this is what the list says"
        }
        return "offline: this detail was never fetched, so this is what the list says"
    }

    // MARK: Intents

    /// Loads the category's first page if nothing is loaded yet.
    public func load() async throws {
        guard categories[category] == nil else { return publish() }
        try await show(category, page: 1)
    }

    /// `movies [popular|top|upcoming]`, `tv [popular|top]`: a category, or the kind's last one.
    public func showCategory(kind: MovieDBKind, word: String?) async throws {
        intent()
        let target: MovieDBCategory
        if let word {
            guard let named = MovieDBCategory.named(word, kind: kind) else { throw MovieDBError.noCategory(kind: kind, word: word) }
            target = named
        } else {
            target = lastCategory[kind] ?? MovieDBCategory.of(kind)[0]
        }
        try await show(target, page: categories[target]?.page ?? 1)
    }

    /// `page next|prev|N`: of the category, of the filter's matches, or of the search results;
    /// `page all [MAX]`: all of them as one list (``showAll(upTo:fresh:)``).
    public func showPage(_ argument: PageArgument) async throws {
        intent()
        if let bound = argument.allBound { return try await showAll(upTo: bound, fresh: false) }
        switch shown {
        case .category:
            if categories[category] == nil { try await load() }
            let pages = categories[category] ?? MovieDBPages()
            try await show(category, page: try argument.target(current: pages.page, count: max(pages.reachable, 1)))
        case .filter(var filter):
            filter.page = try argument.target(current: filter.page, count: filter.pageCount)
            try filter.read(all: false)
            display(.filter(filter))
        case .search(var search):
            let target = try argument.target(current: search.pages.page, count: max(search.pages.reachable, 1))
            if search.pages.list.pages[target] == nil, search.origin == .tmdb {
                let answer = try await whileLoading { try await library.search(search.kind, search.term, page: target, fresh: false) }
                search.pages.store(answer, page: target, counting: false)
            }
            search.pages.page = target
            display(.search(search))
        }
    }

    /// `page all`: every page of the list on show up to page `bound` (or the last), listed as
    /// one. A category's pages, or TMDB's search results, not loaded yet (every one when
    /// `fresh`: a `refresh`) are fetched one after another, in order, each kept as a page is
    /// (its titles in the offline index); the filter's matches and search results from the cache
    /// or the embedded data are all at hand. The embedded data holds page 1 of each category.
    /// All or nothing: when a page fails (the error names it) or the command is interrupted,
    /// what is shown stays as it was.
    private func showAll(upTo bound: Int, fresh: Bool) async throws {
        switch shown {
        case .category:
            let target = category, embedded = isEmbedded, library = self.library
            let pages = try await walked(categories[target] ?? MovieDBPages(), upTo: bound, fresh: fresh, name: target.command,
                                         countingEveryPage: true,
                                         pageCount: { embedded ? min($0.reachable, 1) : $0.reachable },
                                         fetch: { try await library.page($0, of: target, fresh: fresh) })
            categories[target] = pages
            select(target, all: bound)
        case .filter(var filter):
            try filter.read(all: true)
            display(.filter(filter), all: bound)
        case .search(var search):
            if search.origin == .tmdb {
                let library = self.library, kind = search.kind, term = search.term
                search.pages = try await walked(search.pages, upTo: bound, fresh: fresh, name: "search “\(term.sanitizedForTerminal)”",
                                                countingEveryPage: false, pageCount: \.reachable,
                                                fetch: { try await library.search(kind, term, page: $0, fresh: fresh) })
            }
            display(.search(search), all: bound)
        }
    }

    /// `start` with pages 1 to `bound` (or the last, as `pageCount` says after each answer)
    /// that it has not (all of them when `fresh`), fetched one after another with `fetch`;
    /// returned only when every one has arrived. A page 1 of another size (another source)
    /// starts the list afresh, as ``fetch(_:page:fresh:)`` does.
    private func walked(_ start: MovieDBPages, upTo bound: Int, fresh: Bool, name: String, countingEveryPage: Bool,
                        pageCount: (MovieDBPages) -> Int,
                        fetch: (Int) async throws -> MovieDBAnswer<MovieDBPage>) async throws -> MovieDBPages {
        try await whileLoading {
            var pages = start
            try await PageLoader.walk(
                upTo: bound, pageCount: { pages.list.isEmpty ? nil : pageCount(pages) }, needs: { fresh || pages.list.pages[$0] == nil },
                progress: { progress("loading \(name) \($0)/\($1)") }, fetch: fetch,
                store: { number, answer in
                    if number == 1, pages.list.pageSize != answer.value.results.count, !pages.list.isEmpty {
                        pages = MovieDBPages()
                    }
                    pages.store(answer, page: number, counting: number == 1 || countingEveryPage)
                })
            return pages
        }
    }

    /// `filter WORDS`: the category's titles, over every page ever fetched, whose title,
    /// original title or overview has a word starting with each of `words` (case and accents
    /// ignored), in pages of 20; from the cache, with no network. `filter clear` returns to the
    /// category's pages.
    public func filter(_ words: [String]) async throws {
        intent()
        try await filter(words, page: 1)
    }

    /// Whether `words` clear the filter (`filter clear`, any case).
    public nonisolated static func clearsFilter(_ words: [String]) -> Bool {
        words.map { $0.lowercased() } == ["clear"]
    }

    /// ``filter(_:)`` showing page `page` of the matches (the last, when there are fewer), or
    /// all of them (`all`: `page all`'s bound).
    private func filter(_ words: [String], page: Int, all: Int? = nil) async throws {
        if Self.clearsFilter(words) {
            return display(.category)
        }
        if categories[category] == nil { try await load() }
        let found = try library.titles(matching: words, in: category)
        var listing = MovieDBFilterListing(words: words, found: found.matches, index: found.index, keptCount: found.keptCount,
                                           cappedAt: found.cappedAt)
        listing.page = min(page, listing.pageCount)
        try listing.read(all: all != nil)
        display(.filter(listing), all: all)
    }

    /// What TMDB is asked for: the words joined by spaces, blanks at either end trimmed.
    public nonisolated static func term(_ words: [String]) -> String {
        words.joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }

    /// `search WORDS`: TMDB's search of the current kind; without TMDB (the embedded source, or
    /// the network unavailable) the cache's titles of every category and kind.
    public func search(_ words: [String]) async throws {
        intent()
        try await search(words, fresh: false)
    }

    /// `fresh` (`refresh`): TMDB's answer or the failure, never the cache's. `all` (`page all`'s
    /// bound): results at hand are all listed.
    private func search(_ words: [String], fresh: Bool, all: Int? = nil) async throws {
        let term = Self.term(words)
        let kind = category.kind
        if isEmbedded {
            return try searchLocally(words, term: term, kind: kind, origin: .embedded, all: all)
        }
        do {
            let answer = try await whileLoading { try await library.search(kind, term, page: 1, fresh: fresh) }
            var pages = MovieDBPages()
            pages.store(answer, page: 1)
            display(.search(MovieDBSearchListing(term: term, kind: kind, origin: .tmdb, pages: pages)))
        } catch let error as HTTPError where error.isNetworkUnavailable && !fresh {
            tracer?.log("search: \(error.description); searching the cache")
            try searchLocally(words, term: term, kind: kind, origin: .cache, all: all)
        }
    }

    private func searchLocally(_ words: [String], term: String, kind: MovieDBKind, origin: MovieDBSearchOrigin, all: Int? = nil) throws {
        guard OfflineIndex.hasSearchableWord(words) else { throw MovieDBError.nothingToSearchFor(term) }
        let pages = MovieDBPages(found: try library.titles(matching: words), size: MovieDBSearchListing.localPageSize)
        display(.search(MovieDBSearchListing(term: term, kind: kind, origin: origin, pages: pages)), all: all)
    }

    /// `refresh`: asks TMDB again for what is on show (never the cache): the page, the search
    /// page or the detail. On failure the screen stays as it was.
    public func refresh() async throws {
        intent()
        if navigator.place == .favourites {
            return try showFavourites()
        }
        if case .detail = navigator.place, let opened = detailItem {
            let answer: MovieDBAnswer<MovieDBItem>
            do {
                answer = try await whileLoading { try await library.detail(of: opened.item, fresh: true) }
            } catch let error as HTTPError where isEmbedded && error.kind == .status(404) {
                throw MovieDBError.nothingFuller(title: opened.item.title)
            }
            remember(answer.value, cachedAt: nil)
            navigator.showDetail(number: opened.number, item: answer.value)
            return publish()
        }
        switch shown {
        case .category:
            guard categories[category] != nil else { return try await load() }
            if let bound = allBound { return try await showAll(upTo: bound, fresh: true) }
            try await fetch(category, page: categories[category]?.page ?? 1, fresh: true)
        case .filter(let filter):
            try await self.filter(filter.words, page: filter.page, all: allBound)
        case .search(var search):
            if let bound = allBound, search.origin == .tmdb { return try await showAll(upTo: bound, fresh: true) }
            guard search.origin == .tmdb, search.pages.page > 1 else {
                return try await self.search(search.term.split(separator: " ").map(String.init), fresh: true, all: allBound)
            }
            // A later page of TMDB's results: that page again, the others kept.
            let page = search.pages.page
            let answer = try await whileLoading { try await library.search(search.kind, search.term, page: page, fresh: true) }
            search.pages.store(answer, page: page, counting: false)
            search.pages.cachedAt[page] = nil
            self.shown = .search(search)
            publish()
        }
    }

    /// The data source changed: forget everything loaded (the embedded index stays: it is the
    /// embedded data).
    public func reset() {
        categories = [:]
        lastCategory = [:]
        details = [:]
        detailNotes = [:]
        detailCachedAt = [:]
        display(.category)
    }

    // MARK: Trailers and posters

    /// The detail on show, or an error saying to open one.
    public func openedItem() throws(MovieDBError) -> MovieDBItem {
        intent()
        guard let shown = detailItem else { throw .noTitleOpen }
        return shown.item
    }

    /// Video `asked` of the detail (default: the first, official trailers first) and its page.
    public func video(_ asked: Int?) throws(MovieDBError) -> (number: Int, video: MovieDBVideo, url: URL) {
        intent()
        let item = try openedItem()
        let videos = MovieDBVideo.ordered(item.detail?.videos ?? [])
        // A workshop on the embedded data is told where the videos are.
        guard !videos.isEmpty else { throw .noVideos(title: item.title, detailAtHand: item.detail != nil, embedded: isEmbedded) }
        let number = asked ?? 1
        guard videos.indices.contains(number - 1) else { throw .noVideo(number, title: item.title, count: videos.count) }
        let video = videos[number - 1]
        guard let url = video.url else { throw .noWebPage(video: number, site: video.site) }
        return (number, video, url)
    }

    // MARK: State

    private func show(_ target: MovieDBCategory, page: Int) async throws {
        if categories[target]?.list.pages[page] == nil {
            try await fetch(target, page: page, fresh: false)
        } else {
            categories[target]?.page = page
            select(target)
        }
    }

    /// Fetches page `page` of `target` (from TMDB, the cache, or the embedded data), keeps it,
    /// and shows it.
    private func fetch(_ target: MovieDBCategory, page: Int, fresh: Bool) async throws {
        if isEmbedded, page > 1 {
            throw MovieDBError.onlyPageOne(asked: page)
        }
        let answer = try await whileLoading { try await library.page(page, of: target, fresh: fresh) }
        var pages = categories[target] ?? MovieDBPages()
        if page == 1, pages.list.pageSize != answer.value.results.count, !pages.list.isEmpty {
            pages = MovieDBPages()  // the page size changed (another source): start the list afresh
        }
        pages.store(answer, page: page)
        pages.page = page
        categories[target] = pages
        select(target)
    }

    /// Shows `target`'s page on show, or all its loaded pages (`all`: `page all`'s bound).
    private func select(_ target: MovieDBCategory, all: Int? = nil) {
        category = target
        lastCategory[target.kind] = target
        display(.category, all: all)
    }

    /// Shows the list in `mode` — a page of it, or all of it (`all`: `page all`'s bound) — and
    /// publishes.
    private func display(_ mode: Shown, all: Int? = nil) {
        shown = mode
        allBound = all
        navigator.showList()
        publish()
    }

    private func offlineNote(_ date: Date) -> String {
        "offline — cached \(ElapsedTime.ago(date, now: clock.now))"
    }

    /// Recomputes the state from what is loaded, the navigator and the favourites, and emits it.
    public func publish() {
        let marks = navigator.marks()
        let listing = listing
        var next = MovieDBState()
        next.favouritesProblem = marks.problem
        next.screen = navigator.place
        next.mode = listing.mode
        next.category = category
        listing.fill(&next, marks: marks, offline: offlineNote, all: allBound)
        next.detail = detailRow(marks)
        if let id = next.detail?.item.itemID {
            next.detailNote = detailNotes[id]
            next.offline = detailCachedAt[id].map(offlineNote)
        }
        next.favourites = favouriteRows(marks)
        state.value = next
    }
}
