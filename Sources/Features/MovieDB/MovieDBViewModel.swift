import ExplorerCore
import ExplorerStore
import Foundation
import Reactive

/// The MovieDB screen's logic: which category and page is on show (TMDB's pages, 20 titles
/// each, row numbers continuing across pages), a category narrowed by `filter` from the cache,
/// search results, and the detail. Opening, going back and favourites come from
/// ``ListDetailViewModel``.
///
/// Offline capability: every page and detail fetched live is kept in an ``OfflineIndex`` (and,
/// by the client stack, in the response cache). When the network is unavailable a page or a
/// detail fetched before is shown from the cache with `offline — cached 2 h ago`, `filter`
/// always reads the cache, and `search` answers from it. With the embedded source the index is
/// the embedded data itself.
///
/// An intent that fails throws and leaves the state exactly as it was.
@MainActor
public final class MovieDBViewModel: ListDetailViewModel {
    public nonisolated static let featureID = "moviedb"
    /// Rows per page of results that are not TMDB's (the cache's, the embedded data's).
    static let localPageSize = 20

    public let state: Observable<MovieDBState>
    public let navigator: ListNavigator<MovieDBItem>

    private let service: MovieDBService
    private let selection: SourceSelection
    private let clock: any AppClock
    /// What was fetched live, on disk.
    private let liveIndex: OfflineIndex
    /// The embedded data as an index, made on first use.
    private var embeddedIndexStorage: OfflineIndex?
    private let tracer: Tracer?

    /// The pages of one list (a category, or a search) loaded so far.
    struct Pages: Sendable {
        var list = PagedList<MovieDBItem>()
        /// The pages that can be asked for (TMDB's count, at most 500).
        var reachable = 0
        /// The page on show.
        var page = 1
        /// When a page came from the cache, when it was fetched.
        var cachedAt: [Int: Date] = [:]
    }

    private var category = MovieDBCategory.moviePopular
    private var lastCategory: [MovieDBKind: MovieDBCategory] = [:]
    private var categories: [MovieDBCategory: Pages] = [:]
    private var mode = MovieDBListMode.category
    private var filtered: [MovieDBItem] = []
    private var filterCachedCount = 0
    /// How many titles the index holds per category, counted once until this view model keeps
    /// another page of it (a count over 10,000 titles would cost more than the search).
    private var cachedCounts: [String: Int] = [:]
    private var searchPages = Pages()
    /// Details fetched, by item id, and why one shows less than a full detail.
    private var details: [String: MovieDBItem] = [:]
    private var detailNotes: [String: String] = [:]
    /// When a detail on hand came from the cache, when it was fetched.
    private var detailCachedAt: [String: Date] = [:]

    public init(service: MovieDBService, favourites: FavouritesStore, index: OfflineIndex, selection: SourceSelection,
                clock: any AppClock = LiveClock(), tracer: Tracer? = nil) {
        self.service = service
        self.selection = selection
        self.clock = clock
        self.tracer = tracer
        liveIndex = index
        navigator = ListNavigator(featureID: Self.featureID, favourites: favourites)
        state = Observable(MovieDBState(), traceLabel: "MovieDBViewModel.state", tracer: tracer)
    }

    private var isEmbedded: Bool { selection.current == .embedded }
    /// Whether the embedded data is the source now.
    public var isEmbeddedSource: Bool { isEmbedded }

    /// The index searches read: the embedded data's, or what was fetched live.
    private func currentIndex() throws -> OfflineIndex {
        guard isEmbedded else { return liveIndex }
        if let index = embeddedIndexStorage { return index }
        let index = OfflineIndex.inMemory(prefix: Self.featureID)
        let now = clock.now
        for (category, page) in MovieDBEmbeddedData.pages {
            try index.store(page.results.map { Self.indexed($0, at: now) }, collection: category.rawValue, page: 1)
        }
        // Titles only a detail has (Ad Astra): the lists' own entries keep the lists' numbers.
        let listed = Set(MovieDBEmbeddedData.pages.flatMap { $0.page.results.compactMap(\.itemID) })
        try index.store(MovieDBEmbeddedData.details.filter { !listed.contains($0.itemID ?? "") }.map { Self.indexed($0, at: now) })
        embeddedIndexStorage = index
        return index
    }

    public var isLoaded: Bool { categories[category] != nil }
    public var currentCategory: MovieDBCategory { category }

    /// The pages that `page` can go to now.
    public var pageCount: Int {
        switch mode {
        case .category: isEmbedded ? min(categories[category]?.reachable ?? 0, 1) : categories[category]?.reachable ?? 0
        case .filter: 1
        case .search: searchPages.reachable
        }
    }

    // MARK: Rows

    public var rowNumbers: [Int] {
        switch mode {
        case .category: categories[category]?.list.loadedRows.map(\.number) ?? []
        case .filter: Array(filtered.indices.map { $0 + 1 })
        case .search: searchPages.list.loadedRows.map(\.number)
        }
    }

    public func row(named text: String) throws(CommandError) -> (number: Int, item: MovieDBItem) {
        switch mode {
        case .category:
            guard let pages = categories[category] else { throw CommandError("no row \(text): nothing is loaded") }
            let row = try pages.list.row(named: text)
            return (row.number, row.item)
        case .filter(let words):
            if filtered.isEmpty, Int(text) != nil {
                throw CommandError("no row \(text): no cached title matches \"\(words.joined(separator: " "))\" (`filter clear` shows the pages)")
            }
            let number = try CommandError.rowNumber(text, count: filtered.count)
            return (number, filtered[number - 1])
        case .search:
            let row = try searchPages.list.row(named: text)
            return (row.number, row.item)
        }
    }

    public func item(number: Int) -> MovieDBItem? {
        switch mode {
        case .category: categories[category]?.list.row(number)?.item
        case .filter: filtered.indices.contains(number - 1) ? filtered[number - 1] : nil
        case .search: searchPages.list.row(number)?.item
        }
    }

    /// A favourite that is not on a loaded page: its detail from TMDB (or the cache), else what
    /// the index kept of it.
    public func fetchItem(id: String) async throws -> MovieDBItem? {
        let parts = id.split(separator: "/")
        guard parts.count == 2, let kind = MovieDBKind(rawValue: String(parts[0])), let number = Int(parts[1]) else { return nil }
        if let known = details[id] { return known }
        do {
            let answer = try await service.detail(kind, number, false)
            remember(answer.value, cachedAt: answer.cachedAt)
            return answer.value
        } catch let error as HTTPError where error.isNetworkUnavailable || error.kind == .status(404) {
            guard let kept = try? currentIndex().item(id), let item = Self.item(kept) else { throw error }
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
            let answer = try await whileLoading { try await service.detail(item.kind, item.id, false) }
            var full = answer.value
            // The list's fields stand where the detail leaves one out (a list's genre ids).
            if full.genreIDs.isEmpty { full.genreIDs = item.genreIDs }
            remember(full, cachedAt: answer.cachedAt)
            return full
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
        if !isEmbedded, cachedAt == nil { keep([item], in: nil, page: 1) }
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
        let target: MovieDBCategory
        if let word {
            guard let named = MovieDBCategory.named(word, kind: kind) else {
                let words = MovieDBCategory.of(kind).map(\.word).joined(separator: ", ")
                throw CommandError("no \(kind.command) category '\(word.sanitizedForTerminal)' (categories: \(words))")
            }
            target = named
        } else {
            target = lastCategory[kind] ?? MovieDBCategory.of(kind)[0]
        }
        try await show(target, page: categories[target]?.page ?? 1)
    }

    /// `page next|prev|N`: of the category, or of the search results.
    public func showPage(_ argument: PageArgument) async throws {
        switch mode {
        case .category:
            if categories[category] == nil { try await load() }
            let pages = categories[category] ?? Pages()
            try await show(category, page: try argument.target(current: pages.page, count: max(pages.reachable, 1)))
        case .filter:
            throw CommandError("`filter` shows every cached match on one page (`filter clear` returns to the pages)")
        case .search(let term, let kind, let origin):
            let target = try argument.target(current: searchPages.page, count: max(searchPages.reachable, 1))
            if searchPages.list.pages[target] == nil, origin == .tmdb {
                let answer = try await whileLoading { try await service.search(kind, term, target, false) }
                searchPages.list.store(page: target, items: answer.value.results, totalCount: answer.value.totalResults)
                searchPages.cachedAt[target] = answer.cachedAt
            }
            searchPages.page = target
            navigator.showList()
            publish()
        }
    }

    /// `filter WORDS`: the category's titles, over every page ever fetched, whose title,
    /// original title or overview has a word starting with each of `words` (case and accents
    /// ignored); from the cache, with no network. `filter clear` returns to the pages.
    public func filter(_ words: [String]) async throws {
        if words.map({ $0.lowercased() }) == ["clear"] {
            mode = .category
            navigator.showList()
            return publish()
        }
        guard !words.isEmpty, OfflineIndex.hasSearchableWord(words) else {
            throw CommandError.usage("filter <words…> | filter clear")
        }
        if categories[category] == nil { try await load() }
        let index = try currentIndex()
        filtered = try index.search(words, in: category.rawValue).compactMap(Self.item)
        let countKey = "\(isEmbedded ? "embedded" : "live") \(category.rawValue)"
        if cachedCounts[countKey] == nil { cachedCounts[countKey] = try index.count(of: category.rawValue) }
        filterCachedCount = cachedCounts[countKey] ?? 0
        mode = .filter(words: words)
        navigator.showList()
        publish()
    }

    /// `search WORDS`: TMDB's search of the current kind; without TMDB (the embedded source, or
    /// the network unavailable) the cache's titles of every category and kind.
    public func search(_ words: [String]) async throws {
        try await search(words, fresh: false)
    }

    /// `fresh` (`refresh`): TMDB's answer or the failure, never the cache's.
    private func search(_ words: [String], fresh: Bool) async throws {
        let term = words.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        guard !term.isEmpty else { throw CommandError.usage("search <words…>") }
        let kind = category.kind
        if isEmbedded {
            try searchLocally(words, term: term, kind: kind, origin: .embedded)
            return
        }
        do {
            let answer = try await whileLoading { try await service.search(kind, term, 1, fresh) }
            var pages = Pages()
            pages.list.store(page: 1, items: answer.value.results, totalCount: answer.value.totalResults)
            pages.reachable = answer.value.reachablePages
            pages.cachedAt[1] = answer.cachedAt
            searchPages = pages
            mode = .search(term: term, kind: kind, origin: .tmdb)
            navigator.showList()
            publish()
        } catch let error as HTTPError where error.isNetworkUnavailable && !fresh {
            tracer?.log("search: \(error.description); searching the cache")
            try searchLocally(words, term: term, kind: kind, origin: .cache)
        }
    }

    private func searchLocally(_ words: [String], term: String, kind: MovieDBKind, origin: MovieDBSearchOrigin) throws {
        guard OfflineIndex.hasSearchableWord(words) else { throw CommandError("nothing to search for in '\(term.sanitizedForTerminal)'") }
        let found = try currentIndex().search(words).compactMap(Self.item)
        var pages = Pages()
        let size = Self.localPageSize
        for start in stride(from: 0, to: max(found.count, 1), by: size) {
            pages.list.store(page: start / size + 1, items: Array(found[start..<min(start + size, found.count)]), totalCount: found.count)
        }
        pages.reachable = max(1, (found.count + size - 1) / size)
        searchPages = pages
        mode = .search(term: term, kind: kind, origin: origin)
        navigator.showList()
        publish()
    }

    /// `refresh`: asks TMDB again for what is on show (never the cache): the page, the search
    /// page or the detail. On failure the screen stays as it was.
    public func refresh() async throws {
        if navigator.place == .favourites {
            return try showFavourites()
        }
        if case .detail = navigator.place, let shown = detailItem {
            let answer: MovieDBAnswer<MovieDBItem>
            do {
                answer = try await whileLoading { try await service.detail(shown.item.kind, shown.item.id, true) }
            } catch let error as HTTPError where isEmbedded && error.kind == .status(404) {
                throw CommandError("the embedded data has nothing fuller on “\(shown.item.title.sanitizedForTerminal)” (`source live` asks TMDB)")
            }
            var full = answer.value
            if full.genreIDs.isEmpty { full.genreIDs = shown.item.genreIDs }
            remember(full, cachedAt: nil)
            navigator.showDetail(number: shown.number, item: full)
            return publish()
        }
        switch mode {
        case .category:
            guard categories[category] != nil else { return try await load() }
            try await fetch(category, page: categories[category]?.page ?? 1, fresh: true)
        case .filter(let words):
            try await filter(words)
        case .search(let term, let kind, let origin):
            guard origin == .tmdb, searchPages.page > 1 else {
                return try await search(term.split(separator: " ").map(String.init), fresh: true)
            }
            // A later page of TMDB's results: that page again, the others kept.
            let page = searchPages.page
            let answer = try await whileLoading { try await service.search(kind, term, page, true) }
            searchPages.list.store(page: page, items: answer.value.results, totalCount: answer.value.totalResults)
            searchPages.cachedAt[page] = nil
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
        filtered = []
        searchPages = Pages()
        mode = .category
        navigator.showList()
        publish()
    }

    // MARK: Trailers and posters

    /// The detail on show, or an error saying to open one.
    public func openedItem() throws -> MovieDBItem {
        guard let shown = detailItem else { throw CommandError("open a title first (`open N`)") }
        return shown.item
    }

    /// The video `trailer N` means on the detail (default: the first, official trailers first).
    public func video(_ text: String?) throws -> (number: Int, video: MovieDBVideo, url: URL) {
        let item = try openedItem()
        let videos = MovieDBVideo.ordered(item.detail?.videos ?? [])
        guard !videos.isEmpty else {
            // A workshop on the embedded data is told where the videos are.
            let elsewhere = isEmbedded ? "; in the embedded data \(MovieDBEmbeddedData.titlesWithVideos.joined(separator: " and ")) have videos" : ""
            throw CommandError("TMDB lists no videos for “\(item.title.sanitizedForTerminal)”\(item.detail == nil ? " (its detail is not at hand)" : "")\(elsewhere)")
        }
        var number = 1
        if let text {
            guard let asked = Int(text) else { throw CommandError.usage("trailer [N]") }
            guard videos.indices.contains(asked - 1) else {
                throw CommandError("no video \(asked): “\(item.title.sanitizedForTerminal)” has \(videos.count == 1 ? "1 video" : "\(videos.count) videos")")
            }
            number = asked
        }
        let video = videos[number - 1]
        guard let url = video.url else {
            throw CommandError("video \(number) is on \(video.site.sanitizedForTerminal), which has no web page explorer knows")
        }
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
            throw CommandError("the embedded data holds page 1 of each category (`source live` asks TMDB for page \(page))")
        }
        let answer = try await whileLoading { try await service.list(target, page, fresh) }
        var pages = categories[target] ?? Pages()
        if page == 1, pages.list.pageSize != answer.value.results.count, !pages.list.isEmpty {
            pages = Pages()  // the page size changed (another source): start the list afresh
        }
        pages.list.store(page: page, items: answer.value.results, totalCount: answer.value.totalResults)
        pages.reachable = answer.value.reachablePages
        pages.page = page
        pages.cachedAt[page] = answer.cachedAt
        categories[target] = pages
        if !isEmbedded, answer.cachedAt == nil { keep(answer.value.results, in: target, page: page) }
        select(target)
    }

    private func select(_ target: MovieDBCategory) {
        category = target
        lastCategory[target.kind] = target
        mode = .category
        navigator.showList()
        publish()
    }

    /// Keeps fetched titles in the live index (best effort: a database that cannot be written
    /// must not fail the command).
    private func keep(_ items: [MovieDBItem], in category: MovieDBCategory?, page: Int) {
        let now = clock.now
        if let category { cachedCounts["live \(category.rawValue)"] = nil }
        do {
            try liveIndex.store(items.map { Self.indexed($0, at: now) }, collection: category?.rawValue, page: page)
        } catch {
            tracer?.log("cache: could not keep \(category?.command ?? "a detail"): \(error)")
        }
    }

    static func indexed(_ item: MovieDBItem, at date: Date) -> IndexedItem {
        var listed = item
        listed.detail = nil
        let payload = (try? JSONEncoder().encode(listed)) ?? Data()
        return IndexedItem(key: item.itemID ?? "\(item.kind.rawValue)/\(item.id)", title: item.title,
                           originalTitle: item.originalTitle ?? "", text: item.overview ?? "", payload: payload, fetchedAt: date)
    }

    static func item(_ indexed: IndexedItem) -> MovieDBItem? {
        try? JSONDecoder().decode(MovieDBItem.self, from: indexed.payload)
    }

    private func offlineNote(_ date: Date) -> String {
        "offline — cached \(ElapsedTime.ago(date, now: clock.now))"
    }

    /// Recomputes the state from what is loaded, the navigator and the favourites, and emits it.
    public func publish() {
        let marks = navigator.marks()
        var next = MovieDBState()
        next.favouritesProblem = marks.problem
        next.screen = navigator.place
        next.mode = mode
        next.category = category
        switch mode {
        case .category:
            let pages = categories[category] ?? Pages()
            next.page = pages.list.isEmpty ? 0 : pages.page
            next.pageCount = pages.reachable
            next.heldPages = isEmbedded && !pages.list.isEmpty ? 1 : nil
            next.totalCount = pages.list.totalCount
            next.rows = pages.list.rows(onPage: pages.page) { marks.row($0, $1) }
            next.offline = pages.cachedAt[pages.page].map(offlineNote)
        case .filter:
            next.page = 1
            next.pageCount = 1
            next.totalCount = filtered.count
            next.cachedCount = filterCachedCount
            next.rows = filtered.enumerated().map { marks.row($0.offset + 1, $0.element) }
        case .search:
            next.page = searchPages.page
            next.pageCount = searchPages.reachable
            next.totalCount = searchPages.list.totalCount
            next.rows = searchPages.list.rows(onPage: searchPages.page) { marks.row($0, $1) }
            next.offline = searchPages.cachedAt[searchPages.page].map(offlineNote)
        }
        next.detail = detailRow(marks)
        if let id = next.detail?.item.itemID {
            next.detailNote = detailNotes[id]
            next.offline = detailCachedAt[id].map(offlineNote)
        }
        next.favourites = favouriteRows(marks)
        state.value = next
    }
}
