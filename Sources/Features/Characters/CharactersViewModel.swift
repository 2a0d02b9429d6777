import ExplorerCore
import Reactive

/// The characters screen's logic: every character loaded at once (pages fetched in parallel),
/// segments of eye colour and other traits, filters, sorting, details and favourites.
///
/// An intent that fails throws and leaves the state exactly as it was.
@MainActor
public final class CharactersViewModel: ScreenViewModel {
    public nonisolated static let featureID = "characters"

    public let state = Observable(CharactersState(), traceLabel: "CharactersViewModel.state")

    private let service: CharactersService
    private let favourites: FavouritesStore
    private let maxConcurrentPages: Int
    private let progress: @MainActor (String) -> Void
    private var people: [Person] = []
    private var screen = CharactersState.Screen.list
    private var filter = CharacterFilter()
    private var sort: CharacterSort?

    public init(
        service: CharactersService,
        favourites: FavouritesStore,
        maxConcurrentPages: Int = 8,
        progress: @escaping @MainActor (String) -> Void = { _ in }
    ) {
        self.service = service
        self.favourites = favourites
        self.maxConcurrentPages = maxConcurrentPages
        self.progress = progress
    }

    public var isLoaded: Bool { !people.isEmpty }
    public var rowNumbers: [Int] { Array(people.indices.map { $0 + 1 }) }

    /// Every value of `trait` in the data, most common first.
    public func segments(of trait: CharacterTrait) -> [Segment] {
        Segment.segments(of: trait, in: people)
    }

    // MARK: Intents

    /// Loads every character if none are loaded yet.
    public func load() async throws {
        guard people.isEmpty else { return publish() }
        people = try await fetchAll()
        publish()
    }

    /// `refresh`: loads everything again; the last good list stays if any page fails.
    public func refresh() async throws {
        let fresh = try await fetchAll()
        people = fresh
        if case .detail(let number) = screen, !people.indices.contains(number - 1) { screen = .list }
        filter = filter.keeping { condition in
            Segment.segments(of: condition.trait, in: fresh).contains { $0.value == condition.value }
        }
        publish()
    }

    /// `filter key=value …`: shows only the characters that match all of them.
    public func filter(_ arguments: [String]) throws {
        filter = try CharacterFilter.parse(arguments, people: people)
        screen = .list
        publish()
    }

    /// `filter clear`.
    public func clearFilter() {
        filter = CharacterFilter()
        screen = .list
        publish()
    }

    public func sort(by sort: CharacterSort?) {
        self.sort = sort
        screen = .list
        publish()
    }

    /// `open N`: any character by row number (the filter hides rows, it does not renumber them).
    public func open(_ text: String) throws {
        let number = try rowNumber(text)
        screen = .detail(number: number)
        publish()
    }

    public func back() -> Bool {
        guard case .detail = screen else { return false }
        screen = .list
        publish()
        return true
    }

    /// `fav N` or `fav` on the detail: toggles and returns the row as it is now.
    public func toggleFavourite(_ text: String?) throws -> CharactersState.Row {
        let number: Int
        if let text {
            number = try rowNumber(text)
        } else if case .detail(let shown) = screen {
            number = shown
        } else {
            throw CommandError("usage: fav N (or `fav` alone on a detail)")
        }
        let person = people[number - 1]
        let isFavourite = try favourites.toggle(feature: Self.featureID, itemID: person.id, title: person.name)
        publish()
        return CharactersState.Row(number: number, person: person, isFavourite: isFavourite)
    }

    /// The data source changed: forget everything loaded.
    public func reset() {
        people = []
        screen = .list
        filter = CharacterFilter()
        publish()
    }

    // MARK: Loading

    private func fetchAll() async throws -> [Person] {
        var loading = state.value
        loading.isLoading = true
        state.value = loading
        let service = self.service
        let progress = self.progress
        do {
            return try await PageLoader.loadAll(
                maxConcurrent: maxConcurrentPages,
                fetch: { number in
                    let page = try await service.page(number)
                    return PageLoader.FirstPage(items: page.results, totalCount: page.count)
                },
                progress: { loaded, total in
                    await MainActor.run { progress("loading characters \(loaded)/\(total)") }
                })
        } catch {
            publish()
            throw error
        }
    }

    private func rowNumber(_ text: String) throws(CommandError) -> Int {
        try CommandError.rowNumber(text, count: people.count)
    }

    // MARK: State

    private func publish() {
        var next = CharactersState()
        let (favouriteIDs, problem) = favourites.idsOrProblem(in: Self.featureID)
        next.favouritesProblem = problem
        let rows = people.enumerated().map { index, person in
            CharactersState.Row(number: index + 1, person: person, isFavourite: favouriteIDs.contains(person.id))
        }
        next.screen = screen
        next.totalCount = people.count
        next.filter = filter
        next.sort = sort
        next.rows = rows.filter { filter.matches($0.person) }
        if let sort { next.rows.sort(by: sort.orders) }
        if case .detail(let number) = screen, rows.indices.contains(number - 1) {
            next.detail = rows[number - 1]
        }
        state.value = next
    }
}
