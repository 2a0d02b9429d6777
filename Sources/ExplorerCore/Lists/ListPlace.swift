/// Where a list-and-detail feature is: on its list, on its favourites, or on the detail of one
/// item.
public enum ListPlace: Sendable, Equatable {
    case list
    /// The feature's favourites, numbered as a list of their own (`favs`).
    case favourites
    /// The detail of row `number`, or of an item that is not in the list (nil).
    case detail(number: Int?)

    public var isDetail: Bool {
        if case .detail = self { return true }
        return false
    }
}
