import ExplorerCore
import ExplorerHTTP
import Foundation
import Reactive

/// Everything the races screen shows, as one value; countdowns are worked out from the clock
/// when the screen is drawn, not kept here.
public struct RacesState: ListDetailState {
    public typealias Row = ListRow<Race>

    public var screen = ListPlace.list
    /// The next races, soonest first, as many as the screen shows.
    public var rows: [Row] = []
    /// How many races are known (not yet expired), and how many of them the filter lets through
    /// (the rows show the first few of those).
    public var knownCount = 0
    public var matchingCount = 0
    /// The categories `filter` keeps; empty: all.
    public var filter: Set<RaceCategory> = []
    public var updatedAt: Date?
    public var failure: HTTPError?
    public var detail: Row?
    public var isLoading = false
    public var favouritesProblem: String?
    public var favourites: [FavouriteRow] = []

    public init() {}
}

extension RacesState: TraceSummarizable {
    public var traceSummary: String {
        if isLoading { return "loading" }
        switch screen {
        case .favourites: return "favourites, \(favourites.count) items"
        case .detail: return "detail of \(detail?.item.favouriteTitle ?? "?")"
        case .list:
            let names = rows.map { "\($0.item.meetingName) R\($0.item.number.map(String.init) ?? "?")" }
            return "list, \(rows.count) of \(knownCount) races (\(names.joined(separator: ", ")))"
        }
    }
}
