import ExplorerTrace

/// `trace state` tells rows apart by their item's id: a row sorted elsewhere, or renumbered as
/// a list moves on (races), is the same row.
extension ListRow: TraceIdentifiable {
    public var traceID: String { item.itemID ?? number.map { "#\($0)" } ?? item.favouriteTitle }
    /// `#5 Millennium Falcon`.
    public var traceName: String { (number.map { "#\($0) " } ?? "") + item.favouriteTitle }
}
