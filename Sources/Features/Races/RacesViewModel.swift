import ExplorerCore
import ExplorerStore
import ExplorerTrace
import Foundation
import Reactive

/// The races screen's logic: the interactor's list, narrowed by `filter` to some categories,
/// the first five shown; the detail of one; favourites. It follows the interactor reactively,
/// as the spec's diagram draws it: while the feature is in use it is subscribed to the
/// interactor's snapshot (its "open loop publisher"), and each snapshot that differs from the
/// one before is mapped to a new state — the rows, the spec's item view models (a race with its
/// row number and its star) — that feeds ``state``:
/// `RacesInteractor.snapshot → removeDuplicates → map → RacesViewModel.state`.
@MainActor
public final class RacesViewModel: ListDetailViewModel {
    public nonisolated static let featureID = "races"

    public let state: Observable<RacesState>
    public let navigator: ListNavigator<Race>
    public let interactor: RacesInteractor
    private var filter: Set<RaceCategory> = []
    /// The subscription to the interactor's snapshot, while the feature is in use.
    private var binding: AnyCancellable?

    public init(interactor: RacesInteractor, favourites: FavouritesStore, tracer: Tracer? = nil) {
        self.interactor = interactor
        navigator = ListNavigator(featureID: Self.featureID, favourites: favourites)
        state = Observable(RacesState(), traceLabel: "RacesViewModel.state", tracer: tracer)
    }

    /// Whether the view model follows the interactor now (from ``load()`` until ``unbind()``).
    public var isBound: Bool { binding != nil }

    private var visible: [Race] { visible(in: interactor.snapshot.value) }

    /// The races of `snapshot` the screen lists: those the filter lets through, the first few.
    private func visible(in snapshot: RacesInteractor.Snapshot) -> [Race] {
        let races = snapshot.races
        let kept = filter.isEmpty ? races : races.filter { $0.category.map(filter.contains) ?? false }
        return Array(kept.prefix(interactor.settings.visible))
    }

    // MARK: Rows

    public var rowNumbers: [Int] { Array(visible.indices.map { $0 + 1 }) }

    public func row(named text: String) throws -> (number: Int, item: Race) {
        let races = visible
        guard !races.isEmpty || Int(text) == nil else {
            throw RacesError.noRaceComingUp(row: text, filter: filter)
        }
        let number = try ListError.rowNumber(text, count: races.count)
        return (number, races[number - 1])
    }

    public func item(number: Int) -> Race? {
        let races = visible
        return races.indices.contains(number - 1) ? races[number - 1] : nil
    }

    /// A race's detail stays on that race while the list re-sorts and expires.
    public var detailKeepsItsItem: Bool { true }

    /// A favourite race that is still known.
    public func fetchItem(id: String) async throws -> Race? {
        interactor.snapshot.value.races.first { $0.id == id }
    }

    // MARK: Intents

    /// The list loaded if need be and the timers started; then the binding made, whose first
    /// state is the list just loaded (or, bound already, the state published again).
    public func load() async throws {
        try await whileLoading { try await interactor.start() }
        if binding == nil { bind() } else { publish() }
    }

    /// The spec's binding: each snapshot the interactor publishes that differs from the one
    /// before, mapped to the state it shows — at once the snapshot as it is, then each new one
    /// (the timers' polls and re-sorts).
    private func bind() {
        binding = interactor.snapshot
            .removeDuplicates()
            .map { [unowned self] snapshot in self.state(showing: snapshot) }
            .assign(to: state, owner: "RacesViewModel")
    }

    /// The feature is left: no more following the interactor (whose timers stop too).
    public func unbind() {
        binding?.cancel()
        binding = nil
    }

    /// `filter horse greyhound`: only races of those categories; none: all.
    public func filter(_ words: [String]) throws(RacesError) {
        intent()
        filter = try Self.categories(named: words)
        navigator.showList()
        publish()
    }

    /// The categories `words` name (in any case), or the first word that names none.
    nonisolated static func categories(named words: [String]) throws(RacesError) -> Set<RaceCategory> {
        var chosen: Set<RaceCategory> = []
        for word in words.map({ $0.lowercased() }) {
            guard let category = RaceCategory(rawValue: word) else { throw .unknownCategory(word) }
            chosen.insert(category)
        }
        return chosen
    }

    /// `refresh`: the full list now.
    public func refresh() async throws {
        intent()
        try await whileLoading { try await interactor.fetch() }
        publish()
    }

    public func reset() {
        interactor.reset()
        navigator.showList()
        publish()
    }

    /// The detail stays on its race, but not on the row it was opened from: the list re-sorts
    /// and expires under it, so row 3 soon is another race's. Its row is the race's row now
    /// (none once it has left the shown list), and the race the latest copy fetched of it.
    private func followDetailRace(in snapshot: RacesInteractor.Snapshot) {
        guard navigator.place.isDetail, let race = navigator.detailItem else { return }
        let number = visible(in: snapshot).firstIndex { $0.id == race.id }.map { $0 + 1 }
        let latest = snapshot.races.first { $0.id == race.id } ?? race
        if navigator.place != .detail(number: number) || latest != race {
            navigator.showDetail(number: number, item: latest)
        }
    }

    nonisolated static func describe(_ filter: Set<RaceCategory>) -> String {
        RaceCategory.allCases.filter(filter.contains).map(\.rawValue).joined(separator: " or ")
    }

    // MARK: State

    /// The state for what the interactor has now, after an intent.
    public func publish() {
        state.value = state(showing: interactor.snapshot.value)
    }

    /// The state showing `snapshot`: the list narrowed by the filter, its first rows, the detail
    /// (which follows its race as the list moves under it), the favourites.
    private func state(showing snapshot: RacesInteractor.Snapshot) -> RacesState {
        followDetailRace(in: snapshot)
        let marks = navigator.marks()
        var next = RacesState()
        next.favouritesProblem = marks.problem
        next.screen = navigator.place
        next.filter = filter
        next.knownCount = snapshot.races.count
        next.matchingCount = filter.isEmpty ? snapshot.races.count : snapshot.races.filter { $0.category.map(filter.contains) ?? false }.count
        next.rows = visible(in: snapshot).enumerated().map { marks.row($0.offset + 1, $0.element) }
        next.updatedAt = snapshot.updatedAt
        next.failure = snapshot.failure
        next.detail = detailRow(marks)
        next.favourites = favouriteRows(marks)
        return next
    }
}
