import ExplorerStore
import ExplorerText
import Reactive

/// The kit's view model of a list feature over a paged API, configured by a
/// ``PagedListDefinition``: which pages are loaded, which page or detail is shown, how the list
/// is sorted, and the names of what a detail links to. Intents change it; ``state`` publishes
/// the result. Opening, going back and favourites come from ``ListDetailViewModel``.
///
/// An intent that fails throws and leaves the state exactly as it was: a failed page load or
/// refresh keeps the last good screen.
///
/// A feature names its own: `final class StarshipsViewModel: PagedListViewModel<Starships> {}`,
/// made with the definition's value (`Starships()`).
@MainActor
open class PagedListViewModel<Definition: PagedListDefinition>: ListDetailViewModel, PagedViewModel, SortableViewModel {
    public typealias Item = Definition.Item
    public typealias SortKey = Definition.SortKey
    public typealias State = PagedListState<Definition>

    /// The screen as one value; every change is an emission (`trace: StarshipsViewModel.state ← …`).
    public let state: Observable<State>
    public let navigator: ListNavigator<Item>
    /// What the list is: its id, title, columns, fields and links.
    public let definition: Definition

    private let service: PagedListService<Item>
    private let linkNames: LinkNames
    /// How many pages (on `refresh`) or linked names are asked for at once.
    private let maxConcurrentRequests: Int
    private var list = PagedList<Item>() {
        didSet {
            listVersion &+= 1
            refinement = refined(refinement, loaded: list.loadedRows.map(\.item))
        }
    }
    /// Changes with every change to ``list``: the sorted orders kept are of one version.
    private var listVersion = 0
    private let sortOrders = SortOrderCache<SortKey>()
    private var page = 1
    private var sort: SortArgument<SortKey>?

    /// The most pages loading every page fetches (``PagedListLoading/allAtOnce``).
    private let maxPages: Int
    /// Says how far loading every page has got (`loading characters 3/9`).
    private let progress: @MainActor (String) -> Void
    /// Makes the rows the state lists (``rows(of:page:sorted:listed:marks:)``), compiled for the
    /// feature's item type: see ``init(service:favourites:maxConcurrentRequests:maxPages:tracer:progress:rows:)``.
    private let makeRows: Rows
    private var loadNote: String?
    /// The last page `page all` was let load, while the list shows every loaded row as one;
    /// nil while it shows a page.
    private var allBound: Int?
    /// What the feature adds to narrow the list; changed by ``refine(_:)`` and on every load.
    public private(set) var refinement = Definition.Refinement()

    /// Makes the rows a state lists from the loaded list, the page on show, the sorted order (if
    /// sorted), which rows the refinement lets through and the favourites' marks.
    public typealias Rows = @MainActor (_ list: PagedList<Item>, _ page: Int, _ sorted: [ListRow<Item>]?,
                                        _ listed: ((Int) -> Bool)?, _ marks: FavouriteMarks) -> [ListRow<Item>]

    /// `rows` is the kit's own, and is an argument only for where it is compiled: a default
    /// argument is compiled where the feature makes its view model, for its item type, so the
    /// rows of every screen are made without generic code looking the item's type up and copying
    /// each item through its type's metadata (docs/performance.md).
    public init(definition: Definition, service: PagedListService<Item>, favourites: FavouritesStore, maxConcurrentRequests: Int = 8,
                maxPages: Int = PageLoader.defaultMaxPages, tracer: (any EmissionTracer)? = nil,
                progress: @escaping @MainActor (String) -> Void = { _ in },
                rows: @escaping Rows = PagedListViewModel.rows(of:page:sorted:listed:marks:)) {
        self.definition = definition
        self.service = service
        makeRows = rows
        self.maxConcurrentRequests = maxConcurrentRequests
        self.maxPages = maxPages
        self.progress = progress
        linkNames = LinkNames(maxConcurrent: maxConcurrentRequests, fetch: service.name)
        navigator = ListNavigator(featureID: definition.featureID, favourites: favourites)
        state = Observable(State(), traceLabel: "\(Self.self).state", tracer: tracer)
    }

    public var isLoaded: Bool { !list.isEmpty }
    public var sortKeys: [SortKey] { definition.sortKeys }

    /// The detail on show's declared links with their names; nil off a detail.
    public var linkedFields: LinkedFields<Item>? {
        state.value.detail.map { definition.linkedFields($0.item, names: state.value.linkNames) }
    }

    /// The links `follow` takes on the detail on show; nil off a detail.
    public var links: [FeatureLink]? { linkedFields?.followable }
    public var pageCount: Int { list.pageCount }

    // MARK: Rows

    public var rowNumbers: [Int] { list.loadedRowNumbers }

    public func row(named text: String) throws(ListError) -> (number: Int, item: Item) {
        let row = try list.row(named: text)
        return (row.number, row.item)
    }

    public func item(number: Int) -> Item? {
        list.row(number)?.item
    }

    /// An item that is not on a loaded page (a favourite, a link followed): asked of the API.
    public func fetchItem(id: String) async throws -> Item? {
        try await service.item(id)
    }

    /// Before a detail shows, its whole record is fetched when a row is not the whole record,
    /// and the names of what it links to (once).
    public func prepareDetail(_ item: Item) async throws -> Item {
        let whole = try await service.detail?(item) ?? item
        try await linkNames.resolve(definition.linkedFields(whole, names: [:]).urls)
        return whole
    }

    // MARK: Intents

    /// Loads page 1 (or every page) if nothing is loaded yet.
    public func load() async throws {
        guard list.isEmpty else { return publish() }
        switch Definition.loading {
        case .pageByPage: try await show(page: 1)
        case .allAtOnce:
            try await loadEveryPage()
            publish()
        }
    }

    /// `page next|prev|N`: fetches the page unless it is already loaded, then lists it;
    /// `page all [MAX]`: every page up to the bound, listed as one (``showAll(upTo:)``).
    public func showPage(_ argument: PageArgument) async throws {
        intent()
        if let bound = argument.allBound { return try await showAll(upTo: bound) }
        if list.isEmpty { try await load() }
        let target = try argument.target(current: page, count: list.pageCount)
        try await show(page: target)
    }

    /// `sort KEY [asc|desc]`, or nil for page order.
    public func sort(by sort: SortArgument<SortKey>?) {
        intent()
        self.sort = sort
        navigator.showList()
        publish()
    }

    /// `refresh`: fetches every loaded page again (or every page), all at once; replaces them
    /// only if all arrive.
    public func refresh() async throws {
        intent()
        guard !list.isEmpty else { return try await load() }
        switch Definition.loading {
        case .allAtOnce: try await loadEveryPage()
        case .pageByPage: try await reloadPages()
        }
        if case .detail(let number?) = navigator.place, list.row(number) == nil { navigator.showList() }
        publish()
    }

    /// Narrows the list (characters' `filter eye=blue`): `change` changes the refinement, or
    /// throws and changes nothing; the list shows again.
    public func refine<Failure: Error>(_ change: (inout Definition.Refinement) throws(Failure) -> Void) throws(Failure) {
        var changed = refinement
        try change(&changed)
        refinement = changed
        navigator.showList()
        publish()
    }

    /// The list asked for again from its first page, after what its service asks changed (a
    /// described API's `search`): the new first page replaces everything loaded only once it
    /// has arrived; on failure nothing changes.
    public func reload() async throws {
        let service = self.service
        var fresh = PagedList<Item>()
        switch Definition.loading {
        case .pageByPage:
            let first = try await whileLoading { try await service.page(1) }
            fresh.store(page: 1, items: first.items, totalCount: first.totalCount)
        case .allAtOnce:
            return try await refresh()
        }
        list = fresh
        loadNote = nil
        allBound = nil
        page = 1
        navigator.showList()
        publish()
    }

    /// The data source changed: forget everything loaded.
    public func reset() {
        list = PagedList()
        loadNote = nil
        allBound = nil
        linkNames.forget()
        page = 1
        navigator.showList()
        publish()
    }

    // MARK: What a feature adds

    /// The refinement after the loaded items changed (a load, a refresh, a reset): a feature
    /// derives again what it derives from every item (characters' segments) and keeps what
    /// still applies. As it was by default.
    open func refined(_ refinement: Definition.Refinement, loaded items: [Item]) -> Definition.Refinement {
        refinement
    }

    /// Which rows the list shows, by row number (``item(number:)`` is its item); nil (the
    /// default) for every one.
    open var rowFilter: ((_ number: Int) -> Bool)? { nil }

    // MARK: State

    /// Every page at once (page 1, then the rest in parallel, up to `maxPages`), kept as one
    /// list numbered 1…N; all or nothing.
    private func loadEveryPage() async throws {
        let service = self.service, progress = self.progress, feature = definition.featureID
        let loaded = try await whileLoading {
            try await PageLoader.loadAll(
                maxConcurrent: maxConcurrentRequests, maxPages: maxPages,
                fetch: { number in
                    let page = try await service.page(number)
                    return PageLoader.FirstPage(items: page.items, totalCount: page.totalCount)
                },
                progress: { loaded, total in await MainActor.run { progress("loading \(feature) \(loaded)/\(total)") } })
        }
        var everything = PagedList<Item>()
        everything.store(page: 1, items: loaded.items, totalCount: loaded.items.count)
        list = everything
        page = 1
        loadNote = loaded.stoppedAfter.map { pages in
            "stopped after \(pages) pages (the server reports \(ReadableNumber.grouping(loaded.reportedCount)) \(feature))"
        }
    }

    /// `page all`: the pages not loaded yet, up to page `bound` (or the last, if before), fetched
    /// one after another in order — an API that links each page to the next can only be walked
    /// so, and each answer may change the count of pages — then every loaded row listed as one,
    /// numbered as it is. All or nothing: when a page fails (the error names it) or the command
    /// is interrupted, nothing fetched is kept and the state is as it was. A list loaded all at
    /// once is listed as it is.
    private func showAll(upTo bound: Int) async throws {
        if Definition.loading == .pageByPage {
            let service = self.service, progress = self.progress, feature = definition.featureID
            let walked = try await whileLoading { [list] () async throws -> PagedList<Item>? in
                var walked = list
                var fetched = false
                try await PageLoader.walk(
                    upTo: bound, pageCount: { walked.isEmpty ? nil : walked.pageCount }, needs: { walked.pages[$0] == nil },
                    progress: { progress("loading \(feature) \($0)/\($1)") }, fetch: { try await service.page($0) },
                    store: { number, page in
                        walked.store(page: number, items: page.items, totalCount: page.totalCount)
                        fetched = true
                    })
                return fetched ? walked : nil
            }
            if let walked { list = walked }
            allBound = bound
        }
        navigator.showList()
        publish()
    }

    /// The pages loaded, fetched again at once, kept only if all arrive.
    private func reloadPages() async throws {
        let pages = list.pages.keys.sorted()
        let service = self.service
        let fetched = try await whileLoading {
            try await PageLoader.load(pages: pages, maxConcurrent: maxConcurrentRequests, fetch: { try await service.page($0) })
        }
        var fresh = PagedList<Item>()
        for number in pages {
            guard let page = fetched[number] else { continue }
            fresh.store(page: number, items: page.items, totalCount: page.totalCount)
        }
        list = fresh
        page = min(page, max(list.pageCount, 1))
    }

    private func show(page number: Int) async throws {
        if list.pages[number] == nil {
            let service = self.service
            let fetched = try await whileLoading { try await service.page(number) }
            list.store(page: number, items: fetched.items, totalCount: fetched.totalCount)
        }
        page = number
        allBound = nil
        navigator.showList()
        publish()
    }

    /// Recomputes the state from the loaded pages, the navigator and the favourites, and emits it.
    public func publish() {
        let marks = navigator.marks()
        var next = State()
        next.favouritesProblem = marks.problem
        next.screen = navigator.place
        next.page = list.isEmpty ? 0 : page
        next.pageCount = list.pageCount
        next.totalCount = list.totalCount
        next.loadedCount = list.loadedCount
        next.sort = sort
        next.loadNote = loadNote
        next.all = allBound.map { AllPages(pages: list.pages.count, bound: $0, pageCount: list.pageCount) }
        next.refinement = refinement
        let loaded = { [list] in list.loadedRows.map { ListRow(number: $0.number, item: $0.item, isFavourite: false) } }
        let ordered: [ListRow<Item>]?
        if let sort {
            ordered = sortOrders.sorted(by: sort, version: listVersion, rows: loaded)
        } else {
            ordered = allBound == nil ? nil : loaded()
        }
        next.rows = makeRows(list, page, ordered, rowFilter, marks)
        next.detail = detailRow(marks)
        next.linkNames = next.detail == nil ? [:] : linkNames.known
        next.favourites = favouriteRows(marks)
        state.value = next
    }

    /// The rows listed: those of `sorted` in its order (every loaded row, sorted or after
    /// `page all`) or else the rows on `page`, those `listed` lets through, starred as `marks`
    /// says. Each item is read where it is stored and copied once, into its row, only if listed
    /// (a closure given it would copy it: docs/performance.md).
    @inlinable
    public static func rows(of list: PagedList<Item>, page: Int, sorted: [ListRow<Item>]?,
                            listed: ((Int) -> Bool)?, marks: FavouriteMarks) -> [ListRow<Item>] {
        var rows: [ListRow<Item>] = []
        if let sorted {
            rows.reserveCapacity(sorted.count)
            for index in sorted.indices {
                guard let number = sorted[index].number, listed?(number) ?? true else { continue }
                rows.append(marks.row(number, sorted[index].item))
            }
        } else if case let (first, items)? = list.numberedItems(onPage: page) {
            rows.reserveCapacity(items.count)
            for index in items.indices where listed?(first + index) ?? true {
                rows.append(marks.row(first + index, items[index]))
            }
        }
        return rows
    }
}
