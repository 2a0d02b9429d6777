import ExplorerCore

/// The planets screen's logic: the kit's paged list, configured by ``Planets``.
@MainActor
public final class PlanetsViewModel: PagedListViewModel<Planets> {}

/// What the planets screen shows, as one value.
public typealias PlanetsState = PagedListState<Planets>
