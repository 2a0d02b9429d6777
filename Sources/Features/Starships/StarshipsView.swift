import ExplorerCore

/// The starships screen: the kit's paged list view, configured by ``Starships``.
@MainActor
public final class StarshipsView: PagedListView<Starships> {}
