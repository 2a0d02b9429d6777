import ExplorerClock
import ExplorerCore
import ExplorerHTTP
import ExplorerStore
import Foundation
import Reactive

/// The iTunes screen's logic: searching, the results sorted by artist, album and track number
/// and shown ten to a page, and details refreshed with a lookup. Going back and favourites come
/// from ``ListDetailViewModel``.
///
/// `search` is an intent; `type` searches as a search field does as it is typed in, through a
/// binding that lives while the feature is in use, as the spec's RxSwift search does: each key's
/// text (``typed``) is debounced on the app's clock, trimmed, blanks and the term whose results
/// are shown skipped, and each term left becomes a search, the newest superseding the one in
/// flight (`switchToLatest`), whose answer then never arrives:
/// `ITunesViewModel.typed → debounce(0.3 s) → map → filter → map → switchToLatest →
/// ITunesViewModel.state`.
@MainActor
public final class ITunesViewModel: ListDetailViewModel, PagedViewModel {
    public nonisolated static let featureID = "itunes"
    public static let pageSize = 10

    public let state: Observable<ITunesState>
    public let navigator: ListNavigator<ITunesItem>

    private let service: ITunesService
    private let progress: @MainActor (String) -> Void
    private var term: String?

    /// The search field's text after each key `type` presses.
    public let typed: PassthroughStream<String>
    /// How long the field must rest before what it holds is searched.
    public nonisolated static let debounce = Duration.milliseconds(300)
    /// How `type` types: a key every 120 ms, and 600 ms before the space after a word.
    public nonisolated static let keyInterval: TimeInterval = 0.12
    public nonisolated static let wordPause: TimeInterval = 0.6
    /// The clock the debounce waits on and `type` types by.
    private let clock: SchedulingClock
    private let tracer: (any EmissionTracer)?
    /// The search-as-you-type binding, while the feature is in use.
    private var typing: AnyCancellable?
    /// The requests the binding began whose answers have not arrived or been held yet.
    private var requests: [Task<Void, Never>] = []
    /// How many answers the binding delivered during this `type`, and the last one's failure.
    private var answered = 0
    private var typingFailure: (any Error)?

    /// Shows `text` on the transient status line of a terminal (what runs now; nothing when piped).
    public func showProgress(_ text: String) {
        progress(text.sanitizedForTerminal)
    }

    /// The results of the last search, as the answer holds them.
    private var results: [ITunesResult] = []
    /// The order they are listed in (``order(_:)``): row `n` is `results[order[n - 1]]`.
    private var order: [Int] = []
    /// The results read in full, by their rows' places in ``order`` (from 0), once shown.
    private var items: [Int: ITunesItem] = [:]
    private var page = 0
    /// Whether `page all` lists every result as one.
    private var showsAll = false
    private var detailNotRefreshed: String?

    public init(service: ITunesService, favourites: FavouritesStore, clock: SchedulingClock = SchedulingClock(),
                tracer: (any EmissionTracer)? = nil, progress: @escaping @MainActor (String) -> Void = { _ in }) {
        self.service = service
        self.progress = progress
        self.clock = clock
        self.tracer = tracer
        navigator = ListNavigator(featureID: Self.featureID, favourites: favourites)
        state = Observable(ITunesState(), traceLabel: "ITunesViewModel.state", tracer: tracer)
        typed = PassthroughStream(traceLabel: "ITunesViewModel.typed", tracer: tracer)
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
        return (number, item(at: number - 1))
    }

    public func item(number: Int) -> ITunesItem? {
        results.indices.contains(number - 1) ? item(at: number - 1) : nil
    }

    /// The result listed at `index` (from 0), read in full the first time it is asked for.
    private func item(at index: Int) -> ITunesItem {
        if let item = items[index] { return item }
        let item = results[order[index]].item
        items[index] = item
        return item
    }

    // MARK: Intents

    /// Nothing to load before the first search: the search-as-you-type binding is made.
    public func load() async throws {
        if typing == nil { bindTyping() }
    }

    /// The feature is left: the binding goes, and with it a search in flight.
    public func unbindTyping() {
        typing?.cancel()
        typing = nil
        requests = []
    }

    /// Whether the search-as-you-type binding is made.
    public var isBound: Bool { typing != nil }

    /// The store's search for `words`, joined and trimmed: the results replace the previous
    /// ones; a failure keeps them.
    public func search(_ words: [String]) async throws {
        intent()
        let term = Self.term(words)
        progress("searching “\(term.sanitizedForTerminal)”…")
        let service = self.service
        let found = try await whileLoading(marking: { $0.searching = term }) { try await service.search(term) }
        showResults(found, of: term)
    }

    /// What a search of `term` found, listed from its first page (`search`, or `type`'s binding).
    private func showResults(_ found: [ITunesResult], of term: String) {
        self.term = term
        results = found
        order = Self.order(found)
        items = [:]
        page = results.isEmpty ? 0 : 1
        showsAll = false
        navigator.showList()
        publish()
    }

    /// What the store is asked for: the words joined by spaces, blanks at either end trimmed.
    public nonisolated static func term(_ words: [String]) -> String {
        words.joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }

    /// The results' indices in the order the spec's app listed them: artist, then album, then
    /// track number (the results themselves stay where the answer put them).
    /// Names compare as ``SortComparison/names(_:_:descending:)`` does, by their places among
    /// the results' distinct names (most results share an artist and an album); albums by their
    /// places among their artist's, the only ones they are ordered against.
    nonisolated static func order(_ results: [ITunesResult]) -> [Int] {
        let artistNames = results.map { $0.listed.artistName ?? "" }
        let albumNames = results.map { $0.listed.collectionName ?? "" }
        let trackNumbers = results.map { $0.listed.trackNumber.map(Double.init) }
        let artistPlaces = SortComparison.places(of: artistNames)
        // Each artist's results, by the artist's place (places are 0, 1, 2… with none missing).
        var artists = [[Int]](repeating: [], count: (artistPlaces.max() ?? -1) + 1)
        for index in results.indices { artists[artistPlaces[index]].append(index) }
        var albumPlaces = [Int](repeating: 0, count: results.count)
        for members in artists where members.count > 1 {
            let albums = SortComparison.places(of: members.map { albumNames[$0] })
            for (index, place) in zip(members, albums) { albumPlaces[index] = place }
        }
        return results.indices.sorted { a, b in
            if artistPlaces[a] != artistPlaces[b] { return artistPlaces[a] < artistPlaces[b] }
            if albumPlaces[a] != albumPlaces[b] { return albumPlaces[a] < albumPlaces[b] }
            if let order = SortComparison.numbers(trackNumbers[a], trackNumbers[b], descending: false) { return order }
            return a < b
        }
    }

    // MARK: Search as you type

    /// `type WORDS…`: types `text` into the search field as a person does, a key every
    /// ``keyInterval`` and a ``wordPause`` before each space, on the app's clock, running its
    /// timers as it goes (on a virtual one, moving it on). Each pause of ``debounce`` searches
    /// what the field holds; a term that comes while a search is in flight supersedes it.
    /// Returns once the last search has answered; throws its failure. When nothing new was
    /// searched (the same term again), the screen is shown as it is.
    public func type(_ text: String) async throws {
        intent()
        if typing == nil { bindTyping() }
        answered = 0
        typingFailure = nil
        let start = clock.now
        do {
            for key in Self.keystrokes(text) {
                try await runClock(until: start.addingTimeInterval(key.at))
                typed.send(key.text)
            }
            try await runClock(until: nil)
        } catch {
            // Interrupted: nothing of this typing is left to arrive later, and the search it
            // had in flight is no longer marked as running.
            unbindTyping()
            bindTyping()
            publish()
            throw error
        }
        if answered == 0 { publish() }
        if let typingFailure { throw typingFailure }
    }

    /// The field's text after each key of `text`, and when (seconds after the first key).
    nonisolated static func keystrokes(_ text: String) -> [(at: TimeInterval, text: String)] {
        var keys: [(at: TimeInterval, text: String)] = []
        var typedSoFar = ""
        var at: TimeInterval = 0
        for character in text {
            if !typedSoFar.isEmpty {
                at += character == " " && typedSoFar.last != " " ? wordPause : keyInterval
            }
            typedSoFar.append(character)
            keys.append((at, typedSoFar))
        }
        return keys
    }

    /// The binding: each text the field rests on for ``debounce``, trimmed, not blank and not
    /// the term whose results are shown now, searched; the newest search supersedes the one in
    /// flight. What is skipped is read from the view model as it stands, not remembered by the
    /// binding: a term whose search failed, or whose results a `search` has since replaced, is
    /// searched again.
    private func bindTyping() {
        typing = typed
            .debounce(for: Self.debounce, on: ClockScheduler(clock, name: "itunes debounce"))
            .map { Self.term([$0]) }
            .filter { [unowned self] term in !term.isEmpty && term != self.term }
            .map { [unowned self] term in self.answer(to: term) }
            .switchToLatest()
            .sink(owner: "ITunesViewModel", feeding: state) { [weak self] answer in self?.show(answer) }
    }

    /// The store's answer to `term`, as a publisher: the request made when subscribed to (the
    /// state says what is being searched), its answer delivered as it arrives — on a virtual
    /// clock, which waits no time, held on the clock for as long as the request's waits stood
    /// for (`net latency`) — unless cancelled first.
    private func answer(to term: String) -> SingleValue<ITunesTypedAnswer> {
        SingleValue(owner: "ITunesViewModel", label: "ITunesService.search(\"\(term)\")", tracer: tracer) { [unowned self] deliver in
            let flight = ITunesSearchInFlight()
            var searching = state.value
            searching.isLoading = true
            searching.searching = term
            state.value = searching
            progress("searching “\(term.sanitizedForTerminal)”…")
            let service = self.service, clock = self.clock
            let request = Task { @MainActor in
                let (result, waited) = await clock.measuringWaits { () async -> Result<[ITunesResult], any Error> in
                    do { return .success(try await service.search(term)) } catch { return .failure(error) }
                }
                // Superseded, or `type` interrupted: its answer (a cancellation) is not shown.
                guard !flight.isCancelled, !Task.isCancelled else { return }
                let answer = ITunesTypedAnswer(term: term, result: result)
                guard waited > 0 else { return deliver(answer) }
                flight.held = clock.schedule(after: waited, name: "itunes answer") { [weak flight] in
                    guard let flight, !flight.isCancelled else { return }
                    deliver(answer)
                }
            }
            flight.request = request
            requests.append(request)
            return { flight.cancel() }
        }
    }

    /// An answer the binding delivered: the results, or the failure `type` throws (the results
    /// before stay).
    private func show(_ answer: ITunesTypedAnswer) {
        answered += 1
        switch answer.result {
        case .success(let found):
            typingFailure = nil
            showResults(found, of: answer.term)
        case .failure(let error):
            typingFailure = error
            publish()
        }
    }

    /// Moves time on to `target`, or with none until nothing of the typing is pending (no pause
    /// being waited out, no search in flight, no answer held), running the clock's timers on the
    /// way, one due time at a time. On a virtual clock each request begun is let finish before
    /// time moves on (it takes no time there: its answer is held on the clock instead); on a live
    /// one requests run while the keys are typed.
    private func runClock(until target: Date?) async throws {
        while true {
            if clock.isVirtual { try await settleRequests() }
            let timer = clock.pendingTimers.filter { $0.name.hasPrefix("\(Self.featureID) ") }.map(\.next).min()
            if let target, timer.map({ $0 > target }) ?? true {
                try await move(to: target)
                return
            }
            if let timer {
                try await move(to: timer)
            } else if !requests.isEmpty {
                try await settleRequests()
            } else {
                return
            }
        }
    }

    private func move(to date: Date) async throws {
        if clock.isVirtual {
            await clock.advance(to: date)
        } else {
            let wait = date.timeIntervalSince(clock.now)
            if wait > 0 { try await clock.sleep(for: .seconds(wait)) }
            await clock.runDueTimers()
        }
    }

    /// Waits for the requests begun to arrive (or be held on the clock). The requests are tasks
    /// of their own, which cancelling `type` (Ctrl-C) does not reach by itself: it cancels them
    /// here, and `type` ends at once with `CancellationError` rather than at the HTTP timeout.
    private func settleRequests() async throws {
        while !requests.isEmpty {
            let begun = requests
            requests = []
            await withTaskCancellationHandler {
                for request in begun { await request.value }
            } onCancel: {
                for request in begun { request.cancel() }
            }
            try Task.checkCancellation()
        }
    }

    /// `page next|prev|N` over the results, ten to a page; `page all` lists every result as
    /// one (they came in one answer: nothing is asked for, so there is nothing to bound).
    public func showPage(_ argument: PageArgument) throws {
        intent()
        guard !results.isEmpty else { throw ITunesError.nothingToPage }
        if argument.allBound != nil {
            showsAll = true
        } else {
            if argument == .next, page == pageCount { throw ITunesError.endOfResults(lastPage: page) }
            page = try argument.target(current: page, count: pageCount)
            showsAll = false
        }
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
        let number = row(ofTrack: id)
        navigator.showDetail(number: number, item: item)
        detailNotRefreshed = nil
        publish()
    }

    /// `refresh`: the same search again, on the same page or all of them (and detail, if it is
    /// still found).
    public func refresh() async throws {
        intent()
        guard let term else { throw ITunesError.nothingToRefresh }
        let shownPage = page
        let shownAll = showsAll
        let shownDetail = detailItem
        try await search([term])
        page = min(max(shownPage, page), pageCount)
        showsAll = shownAll && !results.isEmpty
        if let shownDetail, let id = shownDetail.item.trackId, let number = row(ofTrack: id) {
            navigator.showDetail(number: number, item: item(at: number - 1))
            detailNotRefreshed = nil
        }
        publish()
    }

    /// The row listing the track with id `id`; nil when none does.
    private func row(ofTrack id: Int) -> Int? {
        order.firstIndex { results[$0].listed.trackId == id }.map { $0 + 1 }
    }

    /// The data source changed: forget the results.
    public func reset() {
        term = nil
        results = []
        order = []
        items = [:]
        page = 0
        showsAll = false
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
        if showsAll, page > 0 {
            next.all = AllPages(pages: pageCount)
            next.rows = results.indices.map { marks.row($0 + 1, item(at: $0)) }
        } else if page > 0 {
            let start = (page - 1) * Self.pageSize
            next.rows = (start..<min(start + Self.pageSize, results.count)).map { marks.row($0 + 1, item(at: $0)) }
        }
        next.detail = detailRow(marks)
        next.favourites = favouriteRows(marks)
        if next.detail != nil { next.detailNotRefreshed = detailNotRefreshed }
        state.value = next
    }
}
