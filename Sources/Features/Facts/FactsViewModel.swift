import ExplorerClock
import ExplorerCore
import ExplorerHTTP
import ExplorerImages
import ExplorerStore
import ExplorerTrace
import Foundation
import Reactive

/// The facts screen's logic: the document's rows (empty ones left out and counted), a page of
/// them at a time (a screen's worth: as many as ``pageFits`` says fit), and the state of each
/// row's image.
///
/// Showing a page loads its images through the ``ImageLoader`` — all at once, a few at a time
/// per host, each with its own timeout — and the command settles when they have answered, so
/// scripts stay deterministic. Meanwhile the next page's images are prefetched in the
/// background; `back`, leaving the feature or Ctrl-C stop that. With the embedded source no
/// image is asked for: the image cache answers, or a stand-in (``StandInImage``) takes the image's place.
///
/// An intent that fails throws and leaves the state as it was.
@MainActor
public final class FactsViewModel: ListDetailViewModel, PagedViewModel {
    public nonisolated static let featureID = "facts"

    public let state: Observable<FactsState>
    public let navigator: ListNavigator<Fact>

    private let service: FactsService
    private let loader: ImageLoader
    private let selection: SourceSelection
    private let clock: any AppClock
    private let tracer: Tracer?
    /// Whether a list showing this state fits on a page: the feature measures the lines it
    /// takes at the terminal's size (or counts rows); asked as pages are laid out.
    private let pageFits: @MainActor (FactsState) -> Bool
    /// What ``pageFits`` measures against (the window's size, or a fixed number of rows): the
    /// pages laid out for it serve every page turn until it changes.
    private let pageMeasure: @MainActor () -> [Int]
    /// The ``pageMeasure`` the pages were laid out for; nil before they are.
    private var laidOutFor: [Int]?

    private var document: FactsDocument?
    private var facts: [Fact] = []
    private var hiddenCount = 0
    /// Rows of the document past the most kept (``FactsDocument/maxRows``).
    private var cutRows = 0
    private var page = 1
    /// Whether `page all` lists every fact as one.
    private var showsAll = false
    /// The index in ``facts`` of each page's first fact.
    private var pageStarts = [0]
    private var cachedAt: Date?
    /// Set by a fetch answered from the cache, for the one state that fetch publishes.
    private var warnOffline = false
    private var images: [URL: ImageState] = [:]
    private var prefetch: Task<Void, Never>?

    public init(service: FactsService, loader: ImageLoader, favourites: FavouritesStore, selection: SourceSelection,
                clock: any AppClock = LiveClock(), pageFits: @escaping @MainActor (FactsState) -> Bool = { $0.rows.count <= 20 },
                pageMeasure: @escaping @MainActor () -> [Int] = { [20] }, tracer: Tracer? = nil) {
        self.service = service
        self.loader = loader
        self.selection = selection
        self.clock = clock
        self.pageFits = pageFits
        self.pageMeasure = pageMeasure
        self.tracer = tracer
        navigator = ListNavigator(featureID: Self.featureID, favourites: favourites)
        state = Observable(FactsState(), traceLabel: "FactsViewModel.state", tracer: tracer)
    }

    private var isEmbedded: Bool { selection.current == .embedded }
    public var pageCount: Int { facts.isEmpty ? 0 : pageStarts.count }

    // MARK: Rows

    public var rowNumbers: [Int] { shownRows.map(\.number) }

    /// The rows listed: the page on show, or every fact after `page all`.
    private var shownRows: [(number: Int, fact: Fact)] {
        showsAll ? facts.indices.map { ($0 + 1, facts[$0]) } : rows(onPage: page)
    }

    private func rows(onPage page: Int) -> [(number: Int, fact: Fact)] {
        guard page >= 1, page <= pageCount else { return [] }
        let end = page < pageStarts.count ? pageStarts[page] : facts.count
        return (pageStarts[page - 1]..<end).map { ($0 + 1, facts[$0]) }
    }

    // MARK: Pages

    /// Lays the facts out in pages from page `first` on (the pages before keep their facts):
    /// each takes as many facts as fit (``pageFits``), at least one. Laid out again when a page
    /// is shown in a window of another size, so the pages follow the window as it is then.
    private func paginate(from first: Int = 1) {
        laidOutFor = pageMeasure()
        var starts = Array(pageStarts.prefix(max(min(first, pageStarts.count), 1)))
        if starts.isEmpty { starts = [0] }
        let marks = navigator.marks()
        var start = starts[starts.count - 1]
        while start < facts.count {
            // The page grows a fact at a time while it still fits.
            var count = 1
            var candidate = candidate(from: start, count: count, page: starts.count, marks: marks)
            while start + count < facts.count {
                addRow(start + count, to: &candidate, marks: marks)
                guard pageFits(candidate) else { break }
                count += 1
            }
            start += count
            if start < facts.count { starts.append(start) }
        }
        pageStarts = starts
    }

    /// The list as it would show `count` facts from `start`, for measuring: as many pages as
    /// there are facts (the widest heading, with the hint to page on), and each image as it is
    /// known or, not known yet, as wide as a state usually is (`unavailable offline`).
    private func candidate(from start: Int, count: Int, page: Int, marks: FavouriteMarks) -> FactsState {
        var state = FactsState()
        state.title = document?.title
        state.page = page
        state.pageCount = max(facts.count, page)
        state.totalCount = facts.count
        state.hiddenCount = hiddenCount
        for index in start..<start + count { addRow(index, to: &state, marks: marks) }
        return state
    }

    /// Adds the fact at `index` of ``facts`` to a ``candidate(from:count:page:marks:)``.
    private func addRow(_ index: Int, to state: inout FactsState, marks: FavouriteMarks) {
        let fact = facts[index]
        state.rows.append(marks.row(index + 1, fact))
        if let url = fact.imageURL { state.images[url.absoluteString] = images[url] ?? .unavailableOffline }
    }

    public func row(named text: String) throws -> (number: Int, item: Fact) {
        guard document != nil else {
            guard Int(text) != nil else { throw ListError.notARowNumber(text) }
            throw FactsError.nothingLoaded(row: text)
        }
        let number = try ListError.rowNumber(text, count: facts.count)
        return (number, facts[number - 1])
    }

    public func item(number: Int) -> Fact? {
        facts.indices.contains(number - 1) ? facts[number - 1] : nil
    }

    /// A favourite on another page (facts are known by title).
    public func fetchItem(id: String) async throws -> Fact? {
        facts.first { $0.title == id }
    }

    /// Before a detail shows, its image is loaded if it is not yet.
    public func prepareDetail(_ fact: Fact) async throws -> Fact {
        if let url = fact.imageURL { await loadImages([url], revalidate: false) }
        return fact
    }

    // MARK: Intents

    /// Loads the document if it is not loaded yet, and shows page 1 with its images.
    public func load() async throws {
        guard document == nil else { return publish() }
        try await fetch(fresh: false)
    }

    /// `page next|prev|N`: another screen's worth of facts, with their images; `page all`: every
    /// fact as one list, with all their images (the facts came in one document: nothing more is
    /// asked for, so there is nothing to bound).
    public func showPage(_ argument: PageArgument) async throws {
        intent()
        if document == nil { try await load() }
        if laidOutFor != pageMeasure() { paginate() }
        let target = try argument.target(current: min(page, max(pageCount, 1)), count: max(pageCount, 1))
        page = target
        showsAll = argument.allBound != nil
        navigator.showList()
        await loadImagesOfPage(revalidate: false)
        startPrefetch()
        publish()
    }

    /// `refresh`: the document again (never from the cache), and the page's images revalidated.
    public func refresh() async throws {
        intent()
        try await fetch(fresh: true)
    }

    /// The data source changed: forget the document and the images' states.
    public func reset() {
        stopBackgroundWork()
        document = nil
        facts = []
        laidOutFor = nil
        hiddenCount = 0
        cutRows = 0
        page = 1
        showsAll = false
        cachedAt = nil
        images = [:]
        navigator.showList()
        publish()
    }

    /// `back`, leaving the feature: stop prefetching.
    public func stopBackgroundWork() {
        prefetch?.cancel()
        prefetch = nil
    }

    /// The file of the image on the detail (or of its stand-in), or why there is none.
    public func openedImage() throws(FactsError) -> (fact: Fact, file: URL, isStandIn: Bool) {
        intent()
        guard let shown = detailItem else { throw .noFactOpen }
        let fact = shown.item
        switch state.value.image(of: fact) {
        case .loaded(_, let file): return (fact, URL(fileURLWithPath: file), false)
        case .standIn(_, let file): return (fact, URL(fileURLWithPath: file), true)
        case let other: throw .noImageToView(title: fact.shownTitle, image: other)
        }
    }

    // MARK: Loading

    private func fetch(fresh: Bool) async throws {
        let answer = try await whileLoading { try await service.document(fresh) }
        // The fact on the detail, known by its title before the rows change under it.
        let shownTitle: String?? = detailItem.map { $0.item.title }
        stopBackgroundWork()
        document = answer.document
        facts = answer.document.rows.filter { !$0.isEmpty }
        hiddenCount = answer.document.rows.count - facts.count
        cutRows = answer.document.cutRows
        cachedAt = answer.cachedAt
        paginate()
        page = min(max(page, 1), max(pageCount, 1))
        var wanted: [URL] = []
        if let shownTitle {
            // The detail follows its fact (by title) into the new document, or the list shows.
            if let index = facts.firstIndex(where: { $0.title != nil && $0.title == shownTitle }) {
                navigator.showDetail(number: index + 1)
                if let url = facts[index].imageURL { wanted.append(url) }
            } else {
                navigator.showList()
            }
        } else if navigator.place != .favourites {
            navigator.showList()
        }
        await loadImagesOfPage(revalidate: fresh, with: wanted)
        startPrefetch()
        warnOffline = answer.cachedAt != nil
        publish()
    }

    /// Loads the images of the page on show (every fact's, after `page all`; and `more`, all at
    /// once); when, with them known, the page no longer fits (an image's state wider than
    /// measured), lays the pages out again from this one.
    private func loadImagesOfPage(revalidate: Bool, with more: [URL] = []) async {
        await loadImages(shownRows.compactMap(\.fact.imageURL) + more, revalidate: revalidate)
        guard !showsAll else { return }
        let shown = rows(onPage: page)
        if shown.count > 1, let first = shown.first,
           !pageFits(candidate(from: first.number - 1, count: shown.count, page: page, marks: navigator.marks())) {
            paginate(from: page)
        }
    }

    /// The states of `urls`' images: with the embedded source from the cache (no requests), a
    /// stand-in where it has none; else through the loader. What is settled already is not asked
    /// for again (unless revalidating).
    private func loadImages(_ urls: [URL], revalidate: Bool) async {
        let wanted = urls.filter { revalidate || !(images[$0]?.isFinal ?? false) }
        guard !wanted.isEmpty else { return }
        if isEmbedded {
            let standIn = (try? loader.cache.standInFile()).map { ImageState.standIn(StandInImage.info, file: $0.path) } ?? .unavailableOffline
            for url in wanted {
                images[url] = await loader.cache.cached(url).map { ImageState.of(file: $0.file) } ?? standIn
            }
            return
        }
        let outcomes = await loader.load(wanted, revalidate: revalidate)
        for (url, outcome) in outcomes where outcome != .cancelled {
            images[url] = ImageState.of(outcome)
        }
    }

    /// Starts loading the next page's images in the background, so `page next` shows them at once.
    private func startPrefetch() {
        prefetch?.cancel()
        guard !isEmbedded, !showsAll else { return }
        let next = rows(onPage: page + 1).compactMap(\.fact.imageURL).filter { !(images[$0]?.isFinal ?? false) }
        guard !next.isEmpty else { return }
        let loader = self.loader
        tracer?.log("facts: prefetching \(next.count) image\(next.count == 1 ? "" : "s") of page \(page + 1)")
        prefetch = Task { [weak self] in
            let outcomes = await loader.load(next)
            guard !Task.isCancelled else { return }
            await MainActor.run {
                guard let self else { return }
                for (url, outcome) in outcomes where outcome != .cancelled && !(self.images[url]?.isFinal ?? false) {
                    self.images[url] = ImageState.of(outcome)
                }
            }
        }
    }

    // MARK: State

    public func publish() {
        let marks = navigator.marks()
        var next = FactsState()
        next.favouritesProblem = marks.problem
        next.screen = navigator.place
        next.title = document?.title
        next.page = document == nil ? 0 : page
        next.pageCount = pageCount
        next.totalCount = facts.count
        next.hiddenCount = hiddenCount
        next.cutRows = cutRows
        next.all = showsAll && document != nil ? AllPages(pages: pageCount) : nil
        next.rows = shownRows.map { marks.row($0.number, $0.fact) }
        next.detail = detailRow(marks)
        let shown = next.rows.map(\.item) + (next.detail.map { [$0.item] } ?? [])
        for url in shown.compactMap(\.imageURL) {
            next.images[url.absoluteString] = images[url] ?? .loading
        }
        if let cachedAt {
            next.offline = "network unavailable: showing the \(facts.count) fact\(facts.count == 1 ? "" : "s") cached \(ElapsedTime.ago(cachedAt, now: clock.now))"
        }
        next.warnsOffline = warnOffline
        warnOffline = false
        next.favourites = favouriteRows(marks)
        state.value = next
    }
}
