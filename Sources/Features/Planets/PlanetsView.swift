import ExplorerCore

/// The planets screen: the kit's paged list view, configured by ``Planets``.
@MainActor
public final class PlanetsView: PagedListView<Planets> {}
