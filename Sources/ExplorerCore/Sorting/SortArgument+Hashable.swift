/// Sorts are kept apart by key and direction (``SortOrderCache`` keeps an order per sort).
extension SortArgument: Hashable where Key: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(descending)
    }
}
