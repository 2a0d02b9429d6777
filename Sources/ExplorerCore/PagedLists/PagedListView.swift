import ExplorerText
import ExplorerTrace

/// The kit's view of a paged list feature: turns ``PagedListState`` into a screen — the list as
/// a table of the definition's columns, or the detail as its fields — and while on screen shows
/// each state the view model settles on on the outlet, to be rendered when it is printed.
///
/// A feature names its own: `final class StarshipsView: PagedListView<Starships> {}`.
@MainActor
open class PagedListView<Definition: PagedListDefinition>: ScreenView {
    public typealias State = PagedListState<Definition>
    /// What the list is, as its view model was given it.
    public let definition: Definition
    private let renderer: StateRenderer<State>

    /// A table of rows in columns, laid out once for the same rows and width.
    public typealias Table = @MainActor ([State.Row], [ScreenTable.Column]) -> ScreenTable

    /// `list` makes the list's screen: the kit's own by default; a feature with more to show
    /// (characters' segment bar) gives its own. `table` lays rows out: the kit's own, an argument
    /// only for where it is compiled — a default argument is compiled where the feature makes
    /// its view, for its item type (docs/performance.md).
    public init(viewModel: PagedListViewModel<Definition>, outlet: ScreenOutlet, tracer: Tracer? = nil,
                list: @escaping @MainActor (Definition, State, _ table: Table) -> Screen = PagedListView.list(_:_:table:),
                table: @MainActor (Definition) -> Table = PagedListView.cachedTable(_:)) {
        let definition = viewModel.definition
        self.definition = definition
        let table = table(definition)
        let details = FieldsCache { item, names in PagedListView.fields(definition, item, names: names) }
        renderer = StateRenderer(name: "\(Self.self)", feature: definition.featureID, state: viewModel.state,
                                 outlet: outlet, tracer: tracer,
                                 list: { list(definition, $0, table) },
                                 detail: { row, state in
                                     PagedListView.detail(definition, row, names: state.linkNames, fields: details.fields)
                                 })
    }

    /// The view of `viewModel`, showing on the feature's outlet.
    @inlinable
    public convenience init(viewModel: PagedListViewModel<Definition>, context: FeatureContext) {
        self.init(viewModel: viewModel, outlet: context.outlet, tracer: context.tracer)
    }

    /// The kit's table: rows laid out in columns, each table kept for when the same rows show
    /// again at the same width (``ListTableCache``).
    @inlinable
    public static func cachedTable(_ definition: Definition) -> Table {
        let tables = ListTableCache<Definition.Item> { PagedListView.fields(definition, $0) }
        return { tables.table($0, columns: $1) }
    }

    public func appear() { renderer.appear() }
    public func disappear() { renderer.disappear() }

    /// The list: a heading that says which page of how many (after `page all`, how many rows of
    /// how many pages; or the sort and how much of the list it orders), then the rows.
    public static func list(_ definition: Definition, _ state: State, table: Table) -> Screen {
        var screen = Screen(feature: definition.featureID, kind: "list", facts: [
            "page": .int(state.page), "pages": .int(state.pageCount), "count": .int(state.totalCount),
            "loaded": .int(state.loadedCount), "sort": sortFact(state.sort),
        ])
        guard state.page > 0 else {
            screen.blocks = [.line("no \(definition.featureID) loaded")]
            return screen
        }
        let total = ReadableNumber.grouping(state.totalCount)
        var heading = "\(definition.title) · page \(state.page) of \(state.pageCount) · \(total) in all"
        if let all = state.all {
            heading = "\(definition.title) · \(all.heading(loaded: state.loadedCount))"
            if state.loadedCount < state.totalCount { heading += " · \(total) in all" }
            screen.facts.merge(all.facts)
        }
        if let sort = state.sort {
            heading = "\(definition.title) · sorted by \(sort.description) · \(state.loadedCount) of \(total) loaded"
        }
        if let narrowed = state.refinement.traceSummary {
            heading += " · \(narrowed) · \(state.rows.count) shown"
            screen.facts["shown"] = .int(state.rows.count)
        }
        let columns = columns(definition, sortedBy: state.sort)
        screen.blocks = [.heading(heading), .table(table(state.rows, columns))]
        if let note = state.loadNote { screen.warnings.append(note) }
        if let note = state.all?.stopNote(pageCount: state.pageCount) { screen.warnings.append(note) }
        if state.sort != nil, state.all == nil, state.loadedCount < state.totalCount {
            screen.blocks.append(.hint("`page next` loads more · `sort off` restores page order"))
        }
        return screen
    }

    /// The definition's columns, and while the list is sorted the value it is sorted by: kept
    /// however narrow where the text shows it, else beside the name (in text: data readers have
    /// it in its own column), so the order can be checked.
    public static func columns(_ definition: Definition, sortedBy sort: SortArgument<Definition.SortKey>?) -> [ScreenTable.Column] {
        var columns = definition.columns
        guard let sort, let (key, title) = definition.sortedColumn(sort.key) else { return columns }
        if let shown = columns.firstIndex(where: { $0.key == key && $0.visibility.inText }) {
            columns[shown].dropOrder = nil
        } else {
            columns.insert(.number(key, title: title), at: 1)
        }
        return columns
    }

    /// A detail, what it links to named as far as `names` knows them.
    public static func detail(_ definition: Definition, _ row: State.Row, names: [String: String] = [:],
                              fields: @MainActor (Definition.Item, [String: String]) -> [ScreenField]) -> Screen {
        .detail(row, feature: definition.featureID, title: row.item.favouriteTitle, fields: fields(row.item, names))
    }

    /// Every field of an item, its links named as far as `names` knows them.
    @inlinable
    public static func fields(_ definition: Definition, _ item: Definition.Item, names: [String: String] = [:]) -> [ScreenField] {
        definition.fields(item, links: definition.linkedFields(item, names: names))
    }

    /// `{"key": "length", "descending": false}`, or null for the API's order.
    public static func sortFact(_ sort: SortArgument<Definition.SortKey>?) -> JSONValue {
        sort.map { ["key": .string($0.key.name), "descending": .bool($0.descending)] } ?? .null
    }
}
