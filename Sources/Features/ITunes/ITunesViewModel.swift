import ExplorerCore
import Foundation
import Reactive

/// The iTunes screen's logic: searching, the results sorted by artist, album and track number
/// and shown ten to a page, details refreshed with a lookup, favourites, and previews.
@MainActor
public final class ITunesViewModel: ScreenViewModel {
    public nonisolated static let featureID = "itunes"
    public static let pageSize = 10

    public let state = Observable(ITunesState(), traceLabel: "ITunesViewModel.state")

    private let service: ITunesService
    private let favourites: FavouritesStore
    private let progress: @MainActor (String) -> Void
    private var term: String?
    private var results: [ITunesItem] = []
    private var page = 0
    private var detail: (number: Int?, item: ITunesItem)?
    private var detailNote: String?
    private var status = ITunesState.Status.idle

    public init(service: ITunesService, favourites: FavouritesStore, progress: @escaping @MainActor (String) -> Void = { _ in }) {
        self.service = service
        self.favourites = favourites
        self.progress = progress
    }

    public var rowNumbers: [Int] { Array(results.indices.map { $0 + 1 }) }
    public var pageCount: Int { results.isEmpty ? 0 : (results.count + Self.pageSize - 1) / Self.pageSize }
    public var openItem: ITunesItem? { detail?.item }

    // MARK: Intents

    /// Nothing to load before the first search.
    public func load() async throws {}

    /// `search <words…>`: the results replace the previous ones; a failure keeps them.
    public func search(_ words: [String]) async throws {
        let term = words.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        guard !term.isEmpty else { throw CommandError.usage("search <words…>") }
        let previousStatus = status
        status = .searching(term: term)
        progress("searching “\(term.sanitizedForTerminal)”…")
        publish()
        do {
            let found = try await service.search(term)
            self.term = term
            results = Self.sorted(found)
            page = results.isEmpty ? 0 : 1
            detail = nil
            status = results.isEmpty ? .noResults(term: term) : .results
            publish()
        } catch {
            status = Self.isCancellation(error) ? previousStatus : .failed(message: String(describing: error))
            publish()
            throw error
        }
    }

    /// The order the spec's app used: artist, then album, then track number.
    static func sorted(_ items: [ITunesItem]) -> [ITunesItem] {
        items.enumerated().sorted { a, b in
            let (x, y) = (a.element, b.element)
            if let order = SortComparison.names(x.artistName ?? "", y.artistName ?? "", descending: false) { return order }
            if let order = SortComparison.names(x.collectionName ?? "", y.collectionName ?? "", descending: false) { return order }
            if let order = SortComparison.numbers(x.trackNumber.map(Double.init), y.trackNumber.map(Double.init), descending: false) { return order }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// `page next|prev|N` over the results, ten to a page.
    public func showPage(_ argument: PageArgument) throws {
        guard !results.isEmpty else { throw CommandError("nothing to page through: `search <words>` first") }
        if argument == .next, page == pageCount { throw CommandError("end of results (page \(page) is the last)") }
        page = try argument.target(current: page, count: pageCount)
        detail = nil
        publish()
    }

    /// `open N`: the detail of any result, refreshed with a lookup when it has a track id.
    public func open(_ text: String) async throws {
        let number = try rowNumber(text)
        let item = results[number - 1]
        detail = (number, item)
        detailNote = nil
        if let id = item.trackId {
            do {
                if let fresh = try await service.lookup(id) {
                    if fresh.trackId == id {
                        detail = (number, fresh)
                    } else {
                        detailNote = "not refreshed: the store answered with another track"
                    }
                }
            } catch {
                if Self.isCancellation(error) { throw error }
                detailNote = "not refreshed: \(error)"
            }
        }
        publish()
    }

    /// `lookup <trackId>`: a detail straight from the store.
    public func lookup(_ text: String) async throws {
        guard let id = Int(text), id > 0 else { throw CommandError("expected a track id (a number), not '\(text.sanitizedForTerminal.truncated(toWidth: 20))'") }
        guard let item = try await service.lookup(id), item.trackId == id || item.collectionId == id else {
            throw CommandError("no track with id \(id)")
        }
        let number = results.firstIndex { $0.trackId == id }.map { $0 + 1 }
        detail = (number, item)
        detailNote = nil
        publish()
    }

    public func back() -> Bool {
        guard detail != nil else { return false }
        detail = nil
        publish()
        return true
    }

    /// `fav N` or `fav` on the detail; only results with a track id can be favourites.
    public func toggleFavourite(_ text: String?) throws -> ITunesState.Row {
        let number: Int?
        let item: ITunesItem
        if let text {
            number = try rowNumber(text)
            item = results[number! - 1]
        } else if let detail {
            (number, item) = detail
        } else {
            throw CommandError("usage: fav N (or `fav` alone on a detail)")
        }
        guard let id = item.trackId else {
            throw CommandError("“\(item.title.sanitizedForTerminal)” has no track id, so it cannot be a favourite")
        }
        let title = [item.title, item.artistName].compactMap { $0 }.joined(separator: " — ")
        let isFavourite = try favourites.toggle(feature: Self.featureID, itemID: String(id), title: title)
        publish()
        return ITunesState.Row(number: number, item: item, isFavourite: isFavourite)
    }

    /// `refresh`: the same search again.
    public func refresh() async throws {
        guard let term else { throw CommandError("nothing to refresh: `search <words>` first") }
        let shownPage = page
        let shownDetail = detail
        try await search([term])
        page = min(max(shownPage, page), pageCount)
        if let shownDetail, let id = shownDetail.item.trackId, let index = results.firstIndex(where: { $0.trackId == id }) {
            detail = (index + 1, results[index])
            detailNote = nil
        }
        publish()
    }

    /// The data source changed: forget the results.
    public func reset() {
        term = nil
        results = []
        page = 0
        detail = nil
        status = .idle
        publish()
    }

    // MARK: State

    private func rowNumber(_ text: String) throws(CommandError) -> Int {
        if results.isEmpty, let number = Int(text) {
            throw CommandError("no row \(number): nothing found yet (`search <words>` first)")
        }
        return try CommandError.rowNumber(text, count: results.count)
    }

    private static func isCancellation(_ error: Error) -> Bool {
        error is CancellationError || (error as? HTTPError)?.kind == .cancelled
    }

    private func publish() {
        var next = ITunesState()
        let (favouriteIDs, problem) = favourites.idsOrProblem(in: Self.featureID)
        next.favouritesProblem = problem
        func isFavourite(_ item: ITunesItem) -> Bool { item.trackId.map { favouriteIDs.contains(String($0)) } ?? false }
        next.status = status
        next.term = term
        next.page = page
        next.pageCount = pageCount
        next.totalCount = results.count
        if page > 0 {
            let start = (page - 1) * Self.pageSize
            next.rows = results[start..<min(start + Self.pageSize, results.count)].enumerated().map { offset, item in
                ITunesState.Row(number: start + offset + 1, item: item, isFavourite: isFavourite(item))
            }
        }
        if let detail {
            next.screen = .detail
            next.detail = ITunesState.Row(number: detail.number, item: detail.item, isFavourite: isFavourite(detail.item))
            next.detailNote = detailNote
        }
        state.value = next
    }
}
