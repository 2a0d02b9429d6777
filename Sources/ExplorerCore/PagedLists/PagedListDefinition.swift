import ExplorerText

/// What a list feature over a paged API is, and all it is: its item type, the keys it sorts by,
/// the columns of its list, the fields of its detail and the links between them. The kit's
/// ``PagedListViewModel`` and ``PagedListView`` do the rest: paging as the API pages, sort,
/// refresh, favourites, the detail, `follow` and loading.
///
/// Starships is one:
///
/// ```swift
/// public enum Starships: PagedListDefinition {
///     public static let featureID = "starships"
///     public static let title = "Starships"
///     public static let columns: [ScreenTable.Column] = [.init("name", minimumWidth: 20), …]
///     public static let links: [ItemLink<Starship>] = [.many("pilots", \.pilots)]
///     public static func fields(_ ship: Starship, links: LinkedFields<Starship>) -> [ScreenField] { … }
/// }
/// ```
public protocol PagedListDefinition: Sendable {
    associatedtype Item: ListItem
    associatedtype SortKey: ItemSortKey where SortKey.Item == Item
    /// What the feature adds to narrow its list (characters' filter); none by default.
    associatedtype Refinement: ListRefinement = NoRefinement

    /// The feature's id: `starships`.
    static var featureID: String { get }
    /// What the list's heading calls the items: `Starships`.
    static var title: String { get }
    /// A page at a time (the default), or every page at once.
    static var loading: PagedListLoading { get }
    /// The list's columns after `#` and `★`: what text shows, then every other field for data
    /// readers, in the order of ``fields(_:links:)``.
    static var columns: [ScreenTable.Column] { get }
    /// The fields of an item that name other records, each declared once: the detail shows
    /// them named, `follow` takes them, and their names are fetched before a detail shows.
    static var links: [ItemLink<Item>] { get }
    /// Every field of an item, as the detail shows it and as data; `links` gives each declared
    /// link's field.
    static func fields(_ item: Item, links: LinkedFields<Item>) -> [ScreenField]
    /// The field a sort key reads, shown beside the name while the list is sorted by it
    /// (`sort cost` shows the cost); nil for none.
    static func sortedColumn(_ key: SortKey) -> (key: String, title: String)?
    /// The record a link's URL names, as the API calls its kind and id (`people`, `13`); nil
    /// when it names none.
    static func record(fromURL url: String) -> (kind: String, id: String)?
}

extension PagedListDefinition {
    public static var links: [ItemLink<Item>] { [] }
    public static var loading: PagedListLoading { .pageByPage }
    public static func sortedColumn(_ key: SortKey) -> (key: String, title: String)? { nil }

    /// The declared links of `item`, named as far as `names` knows them.
    public static func linkedFields(_ item: Item, names: [String: String]) -> LinkedFields<Item> {
        LinkedFields(item: item, links: links, names: names, record: record(fromURL:))
    }
}
