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
