import ExplorerCore
import ExplorerStore
import ExplorerText
import Reactive
import SWAPI

/// The characters screen's logic: every character loaded at once (pages fetched in parallel),
/// segments of eye colour and other traits, filters and sorting. Opening, going back and
/// favourites come from ``ListDetailViewModel``.
///
/// An intent that fails throws and leaves the state exactly as it was.
@MainActor
public final class CharactersViewModel: ListDetailViewModel, SortableViewModel {
    public nonisolated static let featureID = "characters"

    public let state: Observable<CharactersState>
    public let navigator: ListNavigator<Person>

    private let service: CharactersService
    private let linkNames: LinkNames
    private let maxConcurrentPages: Int
    private let maxPages: Int
    /// Set when the last load stopped at the page limit: what to tell the user.
    private var loadLimitNote: String?
    private let progress: @MainActor (String) -> Void
    private var people: [Person] = [] { didSet { peopleVersion &+= 1 } }
    /// Each character's trait values, in the order of ``people``: what filters match.
    private var traits: [PersonTraits] = []
    /// Changes with every change to ``people``: the sorted orders kept are of one version.
    private var peopleVersion = 0
    private let sortOrders = SortOrderCache<CharacterSortKey>()
    /// Every trait's segments, computed once per load.
    private var segments: [CharacterTrait: [Segment]] = [:]
    private var filter = CharacterFilter()
    private var sort: CharacterSort?

    public init(
        service: CharactersService,
        favourites: FavouritesStore,
        maxConcurrentPages: Int = 8,
        maxPages: Int = PageLoader.defaultMaxPages,
        tracer: (any EmissionTracer)? = nil,
        progress: @escaping @MainActor (String) -> Void = { _ in }
    ) {
        self.service = service
        linkNames = LinkNames(maxConcurrent: maxConcurrentPages, fetch: service.name)
        self.maxConcurrentPages = maxConcurrentPages
        self.maxPages = maxPages
        self.progress = progress
        navigator = ListNavigator(featureID: Self.featureID, favourites: favourites)
        state = Observable(CharactersState(), traceLabel: "CharactersViewModel.state", tracer: tracer)
    }

    public var isLoaded: Bool { !people.isEmpty }

    /// Every value of `trait` in the data, most common first.
    public func segments(of trait: CharacterTrait) -> [Segment] {
        segments[trait] ?? []
    }

    // MARK: Rows

    public var rowNumbers: [Int] { Array(people.indices.map { $0 + 1 }) }

    public func row(named text: String) throws(CommandError) -> (number: Int, item: Person) {
        let number = try CommandError.rowNumber(text, count: people.count)
        return (number, people[number - 1])
    }

    public func item(number: Int) -> Person? {
        people.indices.contains(number - 1) ? people[number - 1] : nil
    }

    /// A character that is not loaded (a link followed from elsewhere, a favourite past the
    /// pages loaded): `/people/<id>/`.
    public func fetchItem(id: String) async throws -> Person? {
        try await service.item(id)
    }

    /// Before a detail shows, the names of the homeworld, species, vehicles and starships are
    /// fetched (once each).
    public func prepareDetail(_ person: Person) async throws -> Person {
        try await linkNames.resolve(CharactersState.linkedFields(person, names: [:]).urls)
        return person
    }

    // MARK: Intents

    /// Loads every character if none are loaded yet.
    public func load() async throws {
        guard people.isEmpty else { return publish() }
        store(try await fetchAll())
        publish()
    }

    /// `refresh`: loads everything again; the last good list stays if any page fails.
    public func refresh() async throws {
        store(try await fetchAll())
        if case .detail(let number?) = navigator.place, item(number: number) == nil { navigator.showList() }
        filter = filter.keeping { condition in
            segments(of: condition.trait).contains { $0.value == condition.value }
        }
        publish()
    }

    /// `filter key=value …`: shows only the characters that match all of them.
    public func filter(_ arguments: [String]) throws {
        filter = try CharacterFilter.parse(arguments, segments: segments)
        navigator.showList()
        publish()
    }

    /// `filter clear`.
    public func clearFilter() {
        filter = CharacterFilter()
        navigator.showList()
        publish()
    }

    public func sort(by sort: CharacterSort?) {
        self.sort = sort
        navigator.showList()
        publish()
    }

    /// The data source changed: forget everything loaded.
    public func reset() {
        store([])
        loadLimitNote = nil
        linkNames.forget()
        navigator.showList()
        filter = CharacterFilter()
        publish()
    }

    // MARK: Loading

    private func store(_ people: [Person]) {
        self.people = people
        traits = people.map(PersonTraits.init)
        segments = people.isEmpty ? [:] : Segment.all(in: people)
    }

    private func store(_ loaded: PageLoader.Loaded<Person>) {
        store(loaded.items)
        loadLimitNote = loaded.stoppedAfter.map { pages in
            "stopped after \(pages) pages (the server reports \(ReadableNumber.format(String(loaded.reportedCount))) people)"
        }
    }

    private func fetchAll() async throws -> PageLoader.Loaded<Person> {
        let service = self.service
        let progress = self.progress
        let maxConcurrentPages = self.maxConcurrentPages
        let maxPages = self.maxPages
        return try await whileLoading {
            try await PageLoader.loadAll(
                maxConcurrent: maxConcurrentPages,
                maxPages: maxPages,
                fetch: { number in
                    let page = try await service.page(number)
                    return PageLoader.FirstPage(items: page.results, totalCount: page.count)
                },
                progress: { loaded, total in
                    await MainActor.run { progress("loading characters \(loaded)/\(total)") }
                })
        }
    }

    // MARK: State

    public func publish() {
        let marks = navigator.marks()
        var next = CharactersState()
        next.favouritesProblem = marks.problem
        next.screen = navigator.place
        next.totalCount = people.count
        next.loadLimitNote = loadLimitNote
        next.filter = filter
        next.sort = sort
        next.segments = segments
        var rows: [CharactersState.Row] = []
        rows.reserveCapacity(people.count)
        // Rows and people are read where they are stored (docs/performance.md).
        if let sort {
            // Everyone sorted (once per sort and load), then filtered: ties keep row order
            // either way, so this is the order of the filtered rows sorted.
            let sorted = sortOrders.sorted(by: sort, version: peopleVersion) {
                people.enumerated().map { ListRow(number: $0.offset + 1, item: $0.element, isFavourite: false) }
            }
            for index in sorted.indices {
                guard let number = sorted[index].number, filter.matches(traits[number - 1]) else { continue }
                rows.append(marks.row(number, sorted[index].item))
            }
        } else {
            for index in people.indices where filter.matches(traits[index]) {
                rows.append(marks.row(index + 1, people[index]))
            }
        }
        next.rows = rows
        next.detail = detailRow(marks)
        next.linkNames = next.detail == nil ? [:] : linkNames.known
        next.favourites = favouriteRows(marks)
        state.value = next
    }
}
