/// A call to Neds' races service, as ``ExpectedCalls`` matches it.
enum RacesCall: Hashable, Sendable, CustomStringConvertible {
    /// `nextraces`, asking for `count` races.
    case next(count: Int)

    var description: String {
        switch self {
        case .next(let count): "next(count: \(count))"
        }
    }
}
