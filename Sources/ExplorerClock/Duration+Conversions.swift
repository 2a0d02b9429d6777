/// A `Duration` as the numbers messages and Foundation APIs take.
extension Duration {
    /// In seconds, as a `TimeInterval`.
    public var timeInterval: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// In whole milliseconds (cut, not rounded): `(12 ms)` in traces.
    public var wholeMilliseconds: Int {
        Int(components.seconds) * 1000 + Int(components.attoseconds / 1_000_000_000_000_000)
    }
}
