import ExplorerCore
import ExplorerHTTP
import ExplorerStore
import Foundation
import Reactive

/// The iTunes screen's logic: searching, the results sorted by artist, album and track number
/// and shown ten to a page, and details refreshed with a lookup. Going back and favourites come
/// from ``ListDetailViewModel``.
@MainActor
public final class ITunesViewModel: ListDetailViewModel, PagedViewModel {
    public nonisolated static let featureID = "itunes"
    public static let pageSize = 10

    public let state: Observable<ITunesState>
    public let navigator: ListNavigator<ITunesItem>

    private let service: ITunesService
    private let progress: @MainActor (String) -> Void
    private var term: String?

    /// Shows `text` on the transient status line of a terminal (what runs now; nothing when piped).
    public func showProgress(_ text: String) {
        progress(text.sanitizedForTerminal)
    }

    private var results: [ITunesItem] = []
    private var page = 0
    private var detailNotRefreshed: String?

    public init(service: ITunesService, favourites: FavouritesStore, tracer: (any EmissionTracer)? = nil,
                progress: @escaping @MainActor (String) -> Void = { _ in }) {
        self.service = service
        self.progress = progress
        navigator = ListNavigator(featureID: Self.featureID, favourites: favourites)
        state = Observable(ITunesState(), traceLabel: "ITunesViewModel.state", tracer: tracer)
    }

    public var pageCount: Int { results.isEmpty ? 0 : (results.count + Self.pageSize - 1) / Self.pageSize }
    public var openItem: ITunesItem? { detailItem?.item }

    // MARK: Rows

    public var rowNumbers: [Int] { Array(results.indices.map { $0 + 1 }) }

    public func row(named text: String) throws -> (number: Int, item: ITunesItem) {
        if results.isEmpty, let number = Int(text) {
            throw ITunesError.nothingFound(row: number)
        }
        let number = try ListError.rowNumber(text, count: results.count)
        return (number, results[number - 1])
    }

    public func item(number: Int) -> ITunesItem? {
        results.indices.contains(number - 1) ? results[number - 1] : nil
    }

    // MARK: Intents

    /// Nothing to load before the first search.
    public func load() async throws {}

    /// The store's search for `words`, joined and trimmed: the results replace the previous
    /// ones; a failure keeps them.
    public func search(_ words: [String]) async throws {
        intent()
        let term = Self.term(words)
        progress("searching “\(term.sanitizedForTerminal)”…")
        let service = self.service
        let found = try await whileLoading(marking: { $0.searching = term }) { try await service.search(term) }
        self.term = term
        results = Self.sorted(found)
        page = results.isEmpty ? 0 : 1
        navigator.showList()
        publish()
    }

    /// What the store is asked for: the words joined by spaces, blanks at either end trimmed.
    public nonisolated static func term(_ words: [String]) -> String {
        words.joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }

    /// The order the spec's app used: artist, then album, then track number.
    /// Names compare as ``SortComparison/names(_:_:descending:)`` does, by their places among
    /// the results' distinct names (most results share an artist and an album).
    static func sorted(_ items: [ITunesItem]) -> [ITunesItem] {
        let artists = SortComparison.places(of: items.lazy.map { $0.artistName ?? "" })
        let albums = SortComparison.places(of: items.lazy.map { $0.collectionName ?? "" })
        let keys = items.map { (artist: artists[$0.artistName ?? ""] ?? 0, album: albums[$0.collectionName ?? ""] ?? 0) }
        return items.indices.sorted { a, b in
            if keys[a].artist != keys[b].artist { return keys[a].artist < keys[b].artist }
            if keys[a].album != keys[b].album { return keys[a].album < keys[b].album }
            let (x, y) = (items[a], items[b])
            if let order = SortComparison.numbers(x.trackNumber.map(Double.init), y.trackNumber.map(Double.init), descending: false) { return order }
            return a < b
        }.map { items[$0] }
    }

    /// `page next|prev|N` over the results, ten to a page.
    public func showPage(_ argument: PageArgument) throws {
        intent()
        guard !results.isEmpty else { throw ITunesError.nothingToPage }
        if argument == .next, page == pageCount { throw ITunesError.endOfResults(lastPage: page) }
        page = try argument.target(current: page, count: pageCount)
        navigator.showList()
        publish()
    }

    /// Before a detail shows, its result is looked up afresh (when it has a track id). When
    /// the lookup fails the result from the search is shown, saying why it is not fresh.
    public func prepareDetail(_ item: ITunesItem) async throws -> ITunesItem {
        detailNotRefreshed = nil
        guard let id = item.trackId else { return item }
        do {
            guard let fresh = try await service.lookup(id) else { return item }
            guard fresh.trackId == id else {
                detailNotRefreshed = "the store answered with another track"
                return item
            }
            return fresh
        } catch {
            if Self.isCancellation(error) { throw error }
            detailNotRefreshed = String(describing: error)
            return item
        }
    }

    /// A favourite that is not among the results: looked up in the store.
    public func fetchItem(id: String) async throws -> ITunesItem? {
        guard let number = Int(id) else { return nil }
        return try await service.lookup(number)
    }

    /// `lookup <trackId>`: a detail straight from the store.
    public func lookup(_ text: String) async throws {
        intent()
        guard let id = Int(text), id > 0 else { throw ITunesError.notATrackID(text) }
        guard let item = try await service.lookup(id), item.trackId == id || item.collectionId == id else {
            throw ITunesError.noTrack(id)
        }
        let number = results.firstIndex { $0.trackId == id }.map { $0 + 1 }
        navigator.showDetail(number: number, item: item)
        detailNotRefreshed = nil
        publish()
    }

    /// `refresh`: the same search again, on the same page (and detail, if it is still found).
    public func refresh() async throws {
        intent()
        guard let term else { throw ITunesError.nothingToRefresh }
        let shownPage = page
        let shownDetail = detailItem
        try await search([term])
        page = min(max(shownPage, page), pageCount)
        if let shownDetail, let id = shownDetail.item.trackId, let index = results.firstIndex(where: { $0.trackId == id }) {
            navigator.showDetail(number: index + 1, item: results[index])
            detailNotRefreshed = nil
        }
        publish()
    }

    /// The data source changed: forget the results.
    public func reset() {
        term = nil
        results = []
        page = 0
        navigator.showList()
        publish()
    }

    // MARK: State

    private static func isCancellation(_ error: Error) -> Bool {
        error is CancellationError || (error as? HTTPError)?.kind == .cancelled
    }

    public func publish() {
        let marks = navigator.marks()
        var next = ITunesState()
        next.favouritesProblem = marks.problem
        if let term {
            next.status = results.isEmpty ? .noResults(term: term) : .results
        }
        next.term = term
        next.page = page
        next.pageCount = pageCount
        next.totalCount = results.count
        next.screen = navigator.place
        if page > 0 {
            let start = (page - 1) * Self.pageSize
            next.rows = results[start..<min(start + Self.pageSize, results.count)].enumerated().map { offset, item in
                marks.row(start + offset + 1, item)
            }
        }
        next.detail = detailRow(marks)
        next.favourites = favouriteRows(marks)
        if next.detail != nil { next.detailNotRefreshed = detailNotRefreshed }
        state.value = next
    }
}
