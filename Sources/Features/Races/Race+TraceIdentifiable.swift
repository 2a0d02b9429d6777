import ExplorerTrace

/// `trace state` tells races apart by their id, names them as the list does (`Addington R10`).
extension Race: TraceIdentifiable {
    public var traceID: String { id }
    public var traceName: String { favouriteTitle }
}
