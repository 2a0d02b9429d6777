import ExplorerCore

/// The starships screen's logic: the kit's paged list, configured by ``Starships``.
@MainActor
public final class StarshipsViewModel: PagedListViewModel<Starships> {}

/// What the starships screen shows, as one value.
public typealias StarshipsState = PagedListState<Starships>
