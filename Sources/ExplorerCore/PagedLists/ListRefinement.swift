/// What a list feature adds to the kit's list to narrow it, kept in its state: characters'
/// filter with the segments it chooses from. Most features have none (``NoRefinement``).
///
/// The state holds it so that the view can show it and `trace state` sees it change; which
/// rows it lets through the view model says (``PagedListViewModel/rowFilter``).
public protocol ListRefinement: Equatable, Sendable {
    /// Nothing narrowed, nothing derived: before anything is loaded.
    init()
    /// What `trace` says of it beside the list (`filter eye=blue`); nil when it narrows nothing.
    var traceSummary: String? { get }
}
