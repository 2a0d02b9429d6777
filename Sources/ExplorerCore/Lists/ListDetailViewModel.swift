import Reactive

/// A view model with a list and a detail, such as starships, characters or iTunes results.
///
/// It keeps its items its own way (pages, everything at once, search results) and says how a
/// row number finds one; the ``ListNavigator`` keeps where the user is and the favourites. This
/// extension gives every such view model the same `open N`, `back`, `fav [N]` and "loading,
/// then the previous screen again if it fails".
@MainActor
public protocol ListDetailViewModel: ScreenViewModel {
    associatedtype Item: ListItem
    associatedtype State: LoadingState

    var state: Observable<State> { get }
    var navigator: ListNavigator<Item> { get }

    /// The row `text` names (`open 12`) and its item, or an error that says which rows there are.
    func row(named text: String) throws(CommandError) -> (number: Int, item: Item)
    /// The item of row `number`, if that row is loaded.
    func item(number: Int) -> Item?
    /// Every row number that can be opened now, for completion.
    var rowNumbers: [Int] { get }
    /// Computes the state from what is loaded, where the navigator is and the favourites, and
    /// emits it.
    func publish()
}

extension ListDetailViewModel {
    /// `open N`: the detail of any row there is.
    public func open(_ text: String) throws {
        let row = try row(named: text)
        navigator.showDetail(number: row.number)
        publish()
    }

    /// `back`: from the detail to the list; false when already on the list.
    public func back() -> Bool {
        guard navigator.back() else { return false }
        publish()
        return true
    }

    /// The item on the detail, with its row number, if the detail is on show.
    public var detailItem: (number: Int?, item: Item)? {
        guard case .detail(let number) = navigator.place else { return nil }
        if let item = navigator.detailItem { return (number, item) }
        return number.flatMap { number in item(number: number).map { (number, $0) } }
    }

    /// The detail as a row, starred from `marks`; nil on the list.
    public func detailRow(_ marks: FavouriteMarks) -> ListRow<Item>? {
        detailItem.map { marks.row($0.number, $0.item) }
    }

    /// `fav N` marks or unmarks row N; `fav` alone, the detail on show. Returns the row as it is now.
    public func toggleFavourite(_ text: String?) throws -> ListRow<Item> {
        let target: (number: Int?, item: Item)
        if let text {
            let row = try row(named: text)
            target = (row.number, row.item)
        } else if let shown = detailItem {
            target = shown
        } else {
            throw CommandError.usage("fav N (or `fav` alone on a detail)")
        }
        let row = try navigator.toggleFavourite(target.item, number: target.number)
        publish()
        return row
    }

    /// Emits the state marked as loading (and as `mark` says, such as the term being searched)
    /// while `work` runs. If it fails, emits the state as it was before (recomputed: nothing the
    /// view model keeps has changed) and rethrows; on success the caller stores what arrived
    /// and publishes.
    public func whileLoading<T>(marking mark: (inout State) -> Void = { _ in }, _ work: () async throws -> T) async throws -> T {
        var loading = state.value
        loading.isLoading = true
        mark(&loading)
        state.value = loading
        do {
            return try await work()
        } catch {
            publish()
            throw error
        }
    }
}
