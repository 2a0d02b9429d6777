/// The state of a list-and-detail screen, as far as every such view reads it: the detail on
/// show (if any) and why favourites cannot be shown (if they cannot).
public protocol ListDetailState: LoadingState {
    associatedtype Item: ListItem
    var detail: ListRow<Item>? { get }
    var favouritesProblem: String? { get }
}
