import ExplorerClock
import ExplorerHTTP
import Reactive

/// A view model with a list and a detail, such as starships, characters or iTunes results.
///
/// It keeps its items its own way (pages, everything at once, search results) and says how a
/// row number finds one; the ``ListNavigator`` keeps where the user is and the favourites. This
/// extension gives every such view model the same `open N`, `back`, `fav [N]`, `favs` and
/// "loading, then the previous screen again if it fails".
@MainActor
public protocol ListDetailViewModel: StatefulViewModel where State: LoadingState {
    associatedtype Item: ListItem

    var navigator: ListNavigator<Item> { get }

    /// The row `text` names (`open 12`) and its item, or an error that says which rows there are.
    func row(named text: String) throws -> (number: Int, item: Item)
    /// The item of row `number`, if that row is loaded.
    func item(number: Int) -> Item?
    /// Every row number that can be opened now, for completion.
    var rowNumbers: [Int] { get }
    /// The loaded row holding the item with this id (to open a favourite). By default each
    /// row's item is asked for its id; a list that keeps its items undecoded can look ids up.
    func loadedRow(id: String) -> (number: Int, item: Item)?
    /// Computes the state from what is loaded, where the navigator is and the favourites, and
    /// emits it.
    func publish()

    /// An item that is not loaded, by its API id (to open a favourite): asked of the API.
    /// By default there is no way to, and nil says so.
    func fetchItem(id: String) async throws -> Item?
    /// Readies `item` for its detail: by default as it is; a feature may look it up afresh or
    /// fetch the names of what it links to. Cancellation aside, it should not fail: what cannot
    /// be had is shown as it is.
    func prepareDetail(_ item: Item) async throws -> Item

    /// Whether a detail keeps the item it was opened on even when the list moves under it (the
    /// races re-sort and expire: row 2 soon means another race). By default a detail shows its
    /// row of the list, refreshed with it.
    var detailKeepsItsItem: Bool { get }
}

extension ListDetailViewModel {
    public func fetchItem(id: String) async throws -> Item? { nil }

    public func prepareDetail(_ item: Item) async throws -> Item { item }

    public var detailKeepsItsItem: Bool { false }

    /// The loaded row holding the item with this id.
    public func loadedRow(id: String) -> (number: Int, item: Item)? {
        for number in rowNumbers {
            if let item = item(number: number), item.itemID == id { return (number, item) }
        }
        return nil
    }

    /// The numbers `open` and `fav` take now: the list's rows, or the favourites' on `favs`.
    public var openableNumbers: [Int] {
        navigator.place == .favourites ? Array(navigator.favouriteRows.indices.map { $0 + 1 }) : rowNumbers
    }

    /// `open N`: the detail of a row of the list, or of a favourite when `favs` is on show.
    public func open(_ text: String) async throws {
        intent()
        let target: (number: Int?, item: Item)
        if navigator.place == .favourites {
            let favourite = try navigator.favouriteRow(named: text)
            guard let found = try await item(id: favourite.itemID) else {
                throw ListError.favouriteNotLoaded(title: favourite.title, feature: navigator.featureID, id: favourite.itemID)
            }
            target = found
        } else {
            let row = try row(named: text)
            target = (row.number, row.item)
        }
        let prepared = try await prepareDetail(target.item)
        navigator.showDetail(number: target.number, item: itemToKeep(prepared, for: target))
        publish()
    }

    /// The detail of the item with this API id, reached by a link from another feature
    /// (`follow`): its row when it is loaded, else asked of the API. `title` names it in the
    /// error when there is no such item (the API answering 404 says so too).
    public func open(id: String, title: String) async throws {
        let found: (number: Int?, item: Item)?
        do {
            found = try await item(id: id)
        } catch let error as HTTPError where error.kind == .status(404) {
            throw ListError.notInData(title: title, feature: navigator.featureID, answered404: true)
        }
        guard let target = found else { throw ListError.notInData(title: title, feature: navigator.featureID, answered404: false) }
        let prepared = try await prepareDetail(target.item)
        navigator.showLinkedDetail(number: target.number, item: itemToKeep(prepared, for: target))
        publish()
    }

    /// The item with this API id, with its row number if it is loaded, else asked of the API
    /// (no row number); nil when there is no way to have it.
    private func item(id: String) async throws -> (number: Int?, item: Item)? {
        if let loaded = loadedRow(id: id) { return loaded }
        return try await fetchItem(id: id).map { (nil, $0) }
    }

    /// The item a detail keeps for itself, or nil when it shows its row of the list.
    private func itemToKeep(_ prepared: Item, for target: (number: Int?, item: Item)) -> Item? {
        target.number == nil || prepared != target.item || detailKeepsItsItem ? prepared : nil
    }

    /// Where the user is now (list, favourites or which detail), to be taken back to.
    public func place() -> FeaturePlace {
        let position = navigator.position
        return FeaturePlace(isCurrent: { [weak self] in self?.navigator.position == position },
                            restore: { [weak self] in
                                guard let self, navigator.position != position else { return }
                                navigator.restore(position)
                                publish()
                            })
    }

    /// `back`: detail → favourites or list; favourites → list; false when already on the list.
    public func back() -> Bool {
        guard navigator.back() else { return false }
        publish()
        return true
    }

    /// `favs`: this feature's favourites, numbered, for `open N` and `fav N`.
    public func showFavourites() throws {
        try navigator.showFavourites()
        publish()
    }

    /// Whether the favourites are on show, or a detail opened from them (`back` returns there).
    public var isInFavourites: Bool {
        navigator.place == .favourites || (navigator.place.isDetail && navigator.detailFromFavourites)
    }

    /// Where the user is inside the feature, for the prompt: `favourites` while in them, then
    /// the title of the detail on show — `starships › favourites › Millennium Falcon›`, so the
    /// favourites are never taken for the list (`fav 2` there is favourite 2).
    public func location(title: (Item) -> String) -> [String] {
        (isInFavourites ? ["favourites"] : []) + (detailItem.map { [title($0.item)] } ?? [])
    }

    /// The item on the detail, with its row number, if the detail is on show.
    public var detailItem: (number: Int?, item: Item)? {
        guard case .detail(let number) = navigator.place else { return nil }
        if let item = navigator.detailItem { return (number, item) }
        return number.flatMap { number in item(number: number).map { (number, $0) } }
    }

    /// The favourites list's rows, starred from `marks`; empty when it is not on show.
    public func favouriteRows(_ marks: FavouriteMarks) -> [FavouriteRow] {
        guard navigator.place == .favourites else { return [] }
        return navigator.favouriteRows.enumerated().map { index, favourite in
            FavouriteRow(number: index + 1, favourite: favourite, isFavourite: marks.contains(id: favourite.itemID))
        }
    }

    /// The detail as a row, starred from `marks`; nil when no detail is on show.
    public func detailRow(_ marks: FavouriteMarks) -> ListRow<Item>? {
        detailItem.map { marks.row($0.number, $0.item) }
    }

    /// `fav N` marks or unmarks row N (of the favourites, on `favs`); `fav` alone, the detail
    /// on show. Says what it did.
    public func toggleFavourite(_ text: String?) throws -> FavouriteToggle {
        intent()
        let toggle: FavouriteToggle
        if let text, navigator.place == .favourites {
            let favourite = try navigator.favouriteRow(named: text)
            toggle = try navigator.toggleFavourite(favourite, number: Int(text) ?? 0)
        } else if let text {
            let row = try row(named: text)
            toggle = try navigator.toggleFavourite(row.item, number: row.number)
        } else if let shown = detailItem {
            toggle = try navigator.toggleFavourite(shown.item, number: shown.number)
        } else {
            throw ListError.nothingToFavourite
        }
        publish()
        return toggle
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
