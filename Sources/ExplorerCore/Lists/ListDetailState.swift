/// The state of a list-and-detail screen, as far as every such view reads it: where the user
/// is, the detail on show (if any), the favourites when they are on show, and why favourites
/// cannot be shown (if they cannot).
public protocol ListDetailState: LoadingState {
    associatedtype Item: ListItem
    var screen: ListPlace { get }
    var detail: ListRow<Item>? { get }
    /// The feature's favourites, numbered 1…, while `favs` shows them.
    var favourites: [FavouriteRow] { get }
    var favouritesProblem: String? { get }
}

extension ListDetailState {
    /// What `trace` says of the state: `loading`, `favourites, 3 items`, `detail of row 5
    /// (Millennium Falcon)`, or on the list what `list` says of it.
    public func traceSummary(list: () -> String) -> String {
        if isLoading { return "loading" }
        switch screen {
        case .favourites: return "favourites, \(favourites.count) items"
        case .list: return list()
        case .detail(let number): return "detail of row \(number.map(String.init) ?? "?") (\(detail?.item.favouriteTitle ?? "?"))"
        }
    }
}
