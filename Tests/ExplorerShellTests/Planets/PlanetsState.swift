import ExplorerCore

/// Everything the planets screen shows, as one value.
struct PlanetsState: ListDetailState {
    typealias Row = ListRow<Planet>

    var screen = ListPlace.list
    var rows: [Row] = []
    var detail: Row?
    var isLoading = false
    var favouritesProblem: String?
    var favourites: [FavouriteRow] = []
}
