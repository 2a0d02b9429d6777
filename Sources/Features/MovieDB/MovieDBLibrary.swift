import ExplorerClock
import ExplorerCore
import ExplorerHTTP
import ExplorerStore
import ExplorerTrace
import Foundation

/// Where MovieDB's titles come from and where they are kept: TMDB through the service, and the
/// offline index of everything fetched live (or, with the embedded source, the embedded data as
/// an index). The view model asks it for pages, details and searches, and for the titles
/// `filter` and an offline `search` find; it never touches the stores itself.
///
/// One write per page: a live page's body goes to the client stack's response cache and its
/// titles to the offline index in one transaction (``MovieDBService/Indexing``, handed to the
/// service by ``http(_:index:selection:clock:tracer:)``). Only when no response cache kept an
/// answer (a stack without one, as in tests) are the titles written alone.
@MainActor
public final class MovieDBLibrary {
    private let service: MovieDBService
    private let selection: SourceSelection
    private let clock: any AppClock
    private let tracer: Tracer?
    /// What was fetched live, on disk.
    private let liveIndex: OfflineIndex
    /// The embedded data as an index, made on first use.
    private var embeddedIndex: OfflineIndex?

    public init(service: MovieDBService, index: OfflineIndex, selection: SourceSelection,
                clock: any AppClock = LiveClock(), tracer: Tracer? = nil) {
        self.service = service
        self.selection = selection
        self.clock = clock
        self.tracer = tracer
        liveIndex = index
    }

    /// TMDB over the feature's client stack, whose response cache keeps each page's titles in
    /// `index` in the same transaction as its body.
    public static func http(_ client: any HTTPClient, index: OfflineIndex, selection: SourceSelection,
                            clock: any AppClock = LiveClock(), tracer: Tracer? = nil) -> MovieDBLibrary {
        let service = MovieDBService.http(client, indexing: { items, category, page in
            rows(items, in: category, page: page, index: index, at: clock.now)
        })
        return MovieDBLibrary(service: service, index: index, selection: selection, clock: clock, tracer: tracer)
    }

    /// Whether the embedded data is the source now.
    public var isEmbedded: Bool { selection.current == .embedded }

    // MARK: TMDB

    /// Page `page` of `category`; a live answer's titles are kept for `filter` and offline search.
    func page(_ page: Int, of category: MovieDBCategory, fresh: Bool) async throws -> MovieDBAnswer<MovieDBPage> {
        let answer = try await service.list(category, page, fresh)
        kept(answer, answer.value.results, in: category, page: page)
        return answer
    }

    /// A title's detail with its videos; a live answer's title is kept too.
    func detail(_ kind: MovieDBKind, _ id: Int, fresh: Bool) async throws -> MovieDBAnswer<MovieDBItem> {
        let answer = try await service.detail(kind, id, fresh)
        kept(answer, [answer.value], in: nil, page: 1)
        return answer
    }

    /// The detail of `item`, a list's title: the list's fields stand where the detail leaves
    /// one out (its genre ids), in the answer and in the index.
    func detail(of item: MovieDBItem, fresh: Bool) async throws -> MovieDBAnswer<MovieDBItem> {
        var answer = try await detail(item.kind, item.id, fresh: fresh)
        guard answer.value.genreIDs.isEmpty, !item.genreIDs.isEmpty else { return answer }
        answer.value.genreIDs = item.genreIDs
        // Rare (TMDB names a detail's genres): the merged title replaces the one just kept.
        if !isEmbedded, answer.cachedAt == nil, !answer.isReplayed { store([answer.value], in: nil, page: 1) }
        return answer
    }

    /// Page `page` of TMDB's search of `kind` (not indexed: search results are not a category).
    func search(_ kind: MovieDBKind, _ term: String, page: Int, fresh: Bool) async throws -> MovieDBAnswer<MovieDBPage> {
        try await service.search(kind, term, page, fresh)
    }

    /// After a live answer: its titles are in the index (written with the cached body, or now,
    /// alone, best effort: a database that cannot be written must not fail the command). A
    /// replayed answer's are not: the index holds what TMDB sent.
    private func kept<Value>(_ answer: MovieDBAnswer<Value>, _ items: [MovieDBItem], in category: MovieDBCategory?, page: Int) {
        guard !isEmbedded, answer.cachedAt == nil, !answer.isIndexed, !answer.isReplayed else { return }
        store(items, in: category, page: page)
    }

    /// The index's rows for titles fetched at `date`: page `page` of `category`, or a detail's
    /// title (`category` nil).
    private nonisolated static func rows(_ items: [MovieDBItem], in category: MovieDBCategory?, page: Int,
                                         index: OfflineIndex, at date: Date) -> StoreWrite {
        index.storing(items.map { indexed($0, at: date) }, collection: category?.rawValue, page: page)
    }

    /// Writes titles to the live index alone, best effort.
    private func store(_ items: [MovieDBItem], in category: MovieDBCategory?, page: Int) {
        do {
            try Self.rows(items, in: category, page: page, index: liveIndex, at: clock.now).run()
        } catch {
            tracer?.log("cache: could not keep \(category?.command ?? "a detail"): \(error)")
        }
    }

    // MARK: The index

    /// The most titles `filter` shows: fifty pages of twenty.
    nonisolated static let filterLimit = 1_000

    /// The titles of `category`, over every page kept, matching every word (in the category's
    /// order; at most ``filterLimit``, `cappedAt` saying so when more matched) as the index
    /// found them, with the index to read them from (``listedItems(_:in:)``), and how many
    /// titles of it are kept in all.
    func titles(matching words: [String], in category: MovieDBCategory) throws
        -> (matches: [IndexedMatch], index: OfflineIndex, cappedAt: Int?, keptCount: Int) {
        let index = try currentIndex()
        let found = try index.matches(words, in: category.rawValue, limit: Self.filterLimit + 1)
        let matches = Array(found.prefix(Self.filterLimit))
        return (matches, index, found.count > Self.filterLimit ? Self.filterLimit : nil, try index.count(of: category.rawValue))
    }

    /// Every title kept (every category, both kinds, details too) matching every word, best first.
    func titles(matching words: [String]) throws -> [MovieDBItem] {
        try currentIndex().search(words).compactMap(Self.item)
    }

    /// What the index kept of the title `id` (`movie/603`).
    func keptTitle(_ id: String) -> MovieDBItem? {
        (try? currentIndex().item(id)).flatMap(Self.item)
    }

    /// The index searches read: the embedded data's, or what was fetched live.
    private func currentIndex() throws -> OfflineIndex {
        guard isEmbedded else { return liveIndex }
        if let embeddedIndex { return embeddedIndex }
        let index = OfflineIndex.inMemory(prefix: MovieDBViewModel.featureID)
        let now = clock.now
        for (category, page) in MovieDBEmbeddedData.pages {
            try index.store(page.results.map { Self.indexed($0, at: now) }, collection: category.rawValue, page: 1)
        }
        // Titles only a detail has (Ad Astra): the lists' own entries keep the lists' numbers.
        let listed = Set(MovieDBEmbeddedData.pages.flatMap { $0.page.results.compactMap(\.itemID) })
        try index.store(MovieDBEmbeddedData.details.filter { !listed.contains($0.itemID ?? "") }.map { Self.indexed($0, at: now) })
        embeddedIndex = index
        return index
    }

    /// A title as the index keeps it: what a list says of it (no detail), searchable by its
    /// titles and overview.
    nonisolated static func indexed(_ item: MovieDBItem, at date: Date) -> IndexedItem {
        var listed = item
        listed.detail = nil
        let payload = (try? JSONEncoder().encode(listed)) ?? Data()
        return IndexedItem(key: item.itemID ?? "\(item.kind.rawValue)/\(item.id)", title: item.title,
                           originalTitle: item.originalTitle ?? "", text: item.overview ?? "", payload: payload, fetchedAt: date)
    }

    nonisolated static func item(_ indexed: IndexedItem) -> MovieDBItem? {
        MovieDBItem.quicklyRead(indexed.payload) ?? (try? JSONDecoder().decode(MovieDBItem.self, from: indexed.payload))
    }

    /// The titles `matches` found in `index`, read, each as ``listedItem(_:)`` shows it; one
    /// no longer kept (written over since it was found) as its key says (kind and id).
    nonisolated static func listedItems(_ matches: some Collection<IndexedMatch>, in index: OfflineIndex) throws -> [MovieDBItem] {
        zip(matches, try index.items(matches)).map { match, indexed in
            listedItem(indexed ?? IndexedItem(key: match.key, title: "", payload: Data(), fetchedAt: .distantPast))
        }
    }

    /// A kept title as a list shows it: what the list said of it (its payload), or, where that
    /// cannot be read (a damaged row), what the index's own columns say: kind and id from its
    /// key, its titles and overview.
    nonisolated static func listedItem(_ indexed: IndexedItem) -> MovieDBItem {
        if let item = item(indexed) { return item }
        let parts = indexed.key.split(separator: "/")
        return MovieDBItem(kind: parts.first.flatMap { MovieDBKind(rawValue: String($0)) } ?? .movie,
                           id: parts.count == 2 ? Int(parts[1]) ?? 0 : 0, title: indexed.title,
                           originalTitle: indexed.originalTitle.isEmpty ? nil : indexed.originalTitle,
                           overview: indexed.text.isEmpty ? nil : indexed.text)
    }
}
