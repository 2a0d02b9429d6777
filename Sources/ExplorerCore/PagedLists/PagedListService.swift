/// A paged API as a paged list needs it: a struct of async closures, so tests can replace the
/// network with a closure.
public struct PagedListService<Item: Sendable>: Sendable {
    /// One page of the list: its items and the total the API reports.
    public struct Page: Sendable {
        public var items: [Item]
        public var totalCount: Int

        public init(items: [Item], totalCount: Int) {
            self.items = items
            self.totalCount = totalCount
        }
    }

    /// Fetches page `N` (1-based) of the list.
    public var page: @Sendable (_ number: Int) async throws -> Page
    /// Fetches one item by its id, or nil when the API has no way to.
    public var item: @Sendable (_ id: String) async throws -> Item?
    /// The name of the record a link's URL points to (a pilot, a planet), nil when there is none.
    public var name: @Sendable (_ url: String) async throws -> String?
    /// The whole record of a listed item, asked for before its detail shows, when a row of the
    /// list is not the whole record (a described API's `detail`); nil when it is.
    public var detail: (@Sendable (_ item: Item) async throws -> Item)?

    /// Every call is said, none answered by default (a test service that answers what it was
    /// not asked hides a call nobody expected).
    public init(
        page: @escaping @Sendable (Int) async throws -> Page,
        item: @escaping @Sendable (String) async throws -> Item?,
        name: @escaping @Sendable (String) async throws -> String?,
        detail: (@Sendable (Item) async throws -> Item)? = nil
    ) {
        self.page = page
        self.item = item
        self.name = name
        self.detail = detail
    }
}
