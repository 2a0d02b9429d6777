import ExplorerTrace

/// `trace state` tells segments apart by their value: a count that changed is that segment changed.
extension Segment: TraceIdentifiable {
    public var traceID: String { value }
    public var traceName: String { "\(value) (\(count))" }
}
