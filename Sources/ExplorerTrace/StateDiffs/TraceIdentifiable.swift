/// An element of a collection in a view model's state that `trace state` tells apart by who it
/// is, not where it stands: a list's row (`#5 Millennium Falcon`), a favourite. A list sorted
/// is then the same rows moved, not every row renamed.
public protocol TraceIdentifiable {
    /// Who it is, unique in its collection: an item's id (`10`), `starships/10`.
    var traceID: String { get }
    /// How the trace names it: `#5 Millennium Falcon`.
    var traceName: String { get }
}
