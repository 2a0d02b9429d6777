import ExplorerCore
import Reactive
import SWAPI

/// Everything the characters screen shows, as one value.
public struct CharactersState: ListDetailState {
    public typealias Row = ListRow<Person>

    public var screen = ListPlace.list
    /// How many characters are loaded (all of them, once loaded).
    public var totalCount = 0
    /// Set when the load stopped at the page limit (`stopped after 100 pages (…)`).
    public var loadLimitNote: String?
    /// The rows listed: every character that passes the filter, in API or sort order.
    public var rows: [Row] = []
    public var detail: Row?
    /// The names of what the detail links to (homeworld, species, vehicles, starships), as far
    /// as they could be had.
    public var linkNames: [String: String] = [:]
    public var filter = CharacterFilter()
    public var sort: CharacterSort?
    /// Every trait's values with their counts, computed from all the data whatever the filter;
    /// the list shows eye colour's as its segment bar.
    public var segments: [CharacterTrait: [Segment]] = [:]
    public var isLoading = false
    public var favouritesProblem: String?
    /// The feature's favourites, while `favs` shows them.
    public var favourites: [FavouriteRow] = []

    public init() {}

    /// What a character links to, declared once: the detail names them, `follow homeworld`
    /// and `follow starships N` take the followable ones.
    public static let declaredLinks: [ItemLink<Person>] = [
        .one("homeworld", \.homeworld), .namesOnly("species", \.species), .namesOnly("vehicles", \.vehicles),
        .many("starships", \.starships),
    ]

    /// The detail's declared links with their names; nil off a detail.
    public var linkedFields: LinkedFields<Person>? {
        detail.map { Self.linkedFields($0.item, names: linkNames) }
    }

    static func linkedFields(_ person: Person, names: [String: String]) -> LinkedFields<Person> {
        LinkedFields(item: person, links: declaredLinks, names: names, record: SWAPIResource.record(fromURL:))
    }

    /// The links `follow` takes on the detail on show; nil off a detail.
    public var links: [FeatureLink]? { linkedFields?.followable }
}

extension CharactersState: TraceSummarizable {
    public var traceSummary: String {
        traceSummary {
            var parts = ["list, \(rows.count) of \(totalCount) items"]
            if !filter.isEmpty { parts.append("filter \(filter.description)") }
            if let sort { parts.append("sorted by \(sort.description)") }
            return parts.joined(separator: ", ")
        }
    }
}
