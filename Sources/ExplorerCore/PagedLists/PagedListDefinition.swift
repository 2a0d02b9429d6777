import ExplorerText

/// What a list feature over a paged API is, and all it is: its item type, the keys it sorts by,
/// the columns of its list, the fields of its detail and the links between them. The kit's
/// ``PagedListViewModel`` and ``PagedListView`` do the rest: paging as the API pages, sort,
/// refresh, favourites, the detail, `follow` and loading.
///
/// A definition is a value, given to the view model and the view: a feature written in Swift
/// is a struct with nothing stored (`Starships()`), a feature described in Plugins.json is one
/// ``DescribedList`` holding its description.
///
/// Starships is one:
///
/// ```swift
/// public struct Starships: PagedListDefinition {
///     public let featureID = "starships"
///     public let title = "Starships"
///     public let columns: [ScreenTable.Column] = [.init("name", minimumWidth: 20), …]
///     public let links: [ItemLink<Starship>] = [.many("pilots", \.pilots)]
///     public func fields(_ ship: Starship, links: LinkedFields<Starship>) -> [ScreenField] { … }
/// }
/// ```
public protocol PagedListDefinition: Sendable {
    associatedtype Item: ListItem
    associatedtype SortKey: ItemSortKey where SortKey.Item == Item
    /// What the feature adds to narrow its list (characters' filter); none by default.
    associatedtype Refinement: ListRefinement = NoRefinement

    /// A page at a time (the default), or every page at once: one for every list of its type,
    /// as its state's trace summary tells them apart.
    static var loading: PagedListLoading { get }

    /// The feature's id: `starships`.
    var featureID: String { get }
    /// What the list's heading calls the items: `Starships`.
    var title: String { get }
    /// The list's columns after `#` and `★`: what text shows, then every other field for data
    /// readers, in the order of ``fields(_:links:)``.
    var columns: [ScreenTable.Column] { get }
    /// The fields of an item that name other records, each declared once: the detail shows
    /// them named, `follow` takes them, and their names are fetched before a detail shows.
    var links: [ItemLink<Item>] { get }
    /// The keys `sort` takes, in the order usage and completion list them.
    var sortKeys: [SortKey] { get }
    /// Every field of an item, as the detail shows it and as data; `links` gives each declared
    /// link's field.
    func fields(_ item: Item, links: LinkedFields<Item>) -> [ScreenField]
    /// The field a sort key reads, shown beside the name while the list is sorted by it
    /// (`sort cost` shows the cost); nil for none.
    func sortedColumn(_ key: SortKey) -> (key: String, title: String)?
    /// The record a link's URL names, as the API calls its kind and id (`people`, `13`); nil
    /// when it names none.
    func record(fromURL url: String) -> (kind: String, id: String)?
}

extension PagedListDefinition {
    public var links: [ItemLink<Item>] { [] }
    public static var loading: PagedListLoading { .pageByPage }
    public func sortedColumn(_ key: SortKey) -> (key: String, title: String)? { nil }

    /// The declared links of `item`, named as far as `names` knows them.
    public func linkedFields(_ item: Item, names: [String: String]) -> LinkedFields<Item> {
        LinkedFields(item: item, links: links, names: names, record: record(fromURL:))
    }
}

extension PagedListDefinition where SortKey: CaseIterable {
    /// Every key of the enum, in its order.
    public var sortKeys: [SortKey] { Array(SortKey.allCases) }
}
