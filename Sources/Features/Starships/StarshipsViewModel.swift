import ExplorerCore
import Reactive

/// The starships screen's logic: which pages are loaded, which page or detail is shown, how the
/// list is sorted, which ships are favourites. Intents change it; ``state`` publishes the result.
///
/// An intent that fails throws and leaves the state exactly as it was: a failed page load or
/// refresh keeps the last good screen.
@MainActor
public final class StarshipsViewModel: ScreenViewModel {
    public nonisolated static let featureID = "starships"

    /// The screen as one value; every change is an emission (`trace: StarshipsViewModel.state ← …`).
    public let state = Observable(StarshipsState(), traceLabel: "StarshipsViewModel.state")

    private let service: StarshipsService
    private let favourites: FavouritesStore
    private var list = PagedList<Starship>()
    private var page = 1
    private var screen = StarshipsState.Screen.list
    private var sort: StarshipSort?

    public init(service: StarshipsService, favourites: FavouritesStore) {
        self.service = service
        self.favourites = favourites
    }

    public var isLoaded: Bool { !list.isEmpty }

    /// All loaded rows, for completion of row numbers.
    public var loadedNumbers: [Int] { list.loadedRows.map(\.number) }
    public var pageCount: Int { list.pageCount }

    // MARK: Intents

    /// Loads page 1 if nothing is loaded yet.
    public func load() async throws {
        guard list.isEmpty else { return publish() }
        try await show(page: 1)
    }

    /// `page next|prev|N`: fetches the page unless it is already loaded, then lists it.
    public func showPage(_ argument: PageArgument) async throws {
        if list.isEmpty { try await load() }
        let target = try argument.target(current: page, count: list.pageCount)
        try await show(page: target)
    }

    /// `open N`: the detail of any loaded row.
    public func open(_ number: String) throws {
        let row = try list.row(named: number)
        screen = .detail(number: row.number)
        publish()
    }

    /// `back`: from the detail to the list; false when already on the list.
    public func back() -> Bool {
        guard case .detail = screen else { return false }
        screen = .list
        publish()
        return true
    }

    /// `fav N` (any loaded row) or `fav` (on the detail): toggles and returns the row as it is now.
    public func toggleFavourite(_ number: String?) throws -> StarshipsState.Row {
        let row: PagedList<Starship>.Row
        if let number {
            row = try list.row(named: number)
        } else if case .detail(let shown) = screen, let detail = list.row(shown) {
            row = detail
        } else {
            throw CommandError("usage: fav N (or `fav` alone on a detail)")
        }
        let isFavourite = try favourites.toggle(feature: Self.featureID, itemID: row.item.id, title: row.item.name)
        publish()
        return StarshipsState.Row(number: row.number, starship: row.item, isFavourite: isFavourite)
    }

    /// `sort KEY [asc|desc]`, or nil for page order.
    public func sort(by sort: StarshipSort?) {
        self.sort = sort
        screen = .list
        publish()
    }

    /// `refresh`: fetches every loaded page again, all at once; replaces them only if all arrive.
    public func refresh() async throws {
        guard !list.isEmpty else { return try await load() }
        let pages = list.pages.keys.sorted()
        let service = self.service
        let fetched = try await whileLoading {
            try await withThrowingTaskGroup(of: (Int, StarshipPage).self) { group in
                for number in pages {
                    group.addTask { (number, try await service.page(number)) }
                }
                var results: [Int: StarshipPage] = [:]
                for try await (number, page) in group { results[number] = page }
                return results
            }
        }
        var fresh = PagedList<Starship>()
        for number in pages {
            guard let page = fetched[number] else { continue }
            fresh.store(page: number, items: page.results, totalCount: page.count)
        }
        list = fresh
        page = min(page, max(list.pageCount, 1))
        if case .detail(let number) = screen, list.row(number) == nil { screen = .list }
        publish()
    }

    /// The data source changed: forget everything loaded.
    public func reset() {
        list = PagedList()
        page = 1
        screen = .list
        publish()
    }

    // MARK: State

    private func show(page number: Int) async throws {
        if list.pages[number] == nil {
            let service = self.service
            let fetched = try await whileLoading { try await service.page(number) }
            list.store(page: number, items: fetched.results, totalCount: fetched.count)
        }
        page = number
        screen = .list
        publish()
    }

    /// Publishes the loading state while `work` runs; on failure publishes the previous state
    /// again (nothing else has changed) and rethrows. On success the caller publishes.
    private func whileLoading<T: Sendable>(_ work: () async throws -> T) async throws -> T {
        var loading = state.value
        loading.isLoading = true
        state.value = loading
        do {
            return try await work()
        } catch {
            publish()
            throw error
        }
    }

    /// Recomputes the state from the loaded pages, the screen and the favourites, and emits it.
    private func publish() {
        var next = StarshipsState()
        let (favouriteIDs, problem) = favourites.idsOrProblem(in: Self.featureID)
        next.favouritesProblem = problem
        func row(_ row: PagedList<Starship>.Row) -> StarshipsState.Row {
            StarshipsState.Row(number: row.number, starship: row.item, isFavourite: favouriteIDs.contains(row.item.id))
        }
        next.screen = screen
        next.page = list.isEmpty ? 0 : page
        next.pageCount = list.pageCount
        next.totalCount = list.totalCount
        next.loadedCount = list.loadedRows.count
        next.sort = sort
        if let sort {
            next.rows = list.loadedRows.map(row).sorted(by: sort.orders)
        } else {
            next.rows = list.rows(onPage: page).map(row)
        }
        if case .detail(let number) = screen {
            next.detail = list.row(number).map(row)
        }
        state.value = next
    }
}
