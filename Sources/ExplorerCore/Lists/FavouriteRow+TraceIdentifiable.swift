import ExplorerTrace

/// `trace state` tells favourites apart by the item they mark.
extension FavouriteRow: TraceIdentifiable {
    public var traceID: String { "\(favourite.feature)/\(favourite.itemID)" }
    public var traceName: String { "#\(number) \(favourite.title)" }
}
