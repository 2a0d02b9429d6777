import ExplorerCore
import ExplorerText
import ExplorerTrace
import Reactive
import SWAPI

/// Turns ``StarshipsState`` into a screen: the list as a table, or the detail as labelled
/// fields. While on screen it renders each state the view model settles on onto the outlet.
@MainActor
public final class StarshipsView: ScreenView {
    private let renderer: StateRenderer<StarshipsState>

    public init(viewModel: StarshipsViewModel, outlet: ScreenOutlet, tracer: Tracer? = nil) {
        let tables = ListTableCache { Self.fields($0) }
        let details = FieldsCache { item, names in Self.fields(item, names: names) }
        renderer = StateRenderer(name: "StarshipsView", feature: StarshipsViewModel.featureID, state: viewModel.state,
                                 outlet: outlet, tracer: tracer,
                                 list: { Self.list($0, table: tables.table) },
                                 detail: { row, state in Self.detail(row, names: state.linkNames, fields: details.fields) })
    }

    public func appear() { renderer.appear() }
    public func disappear() { renderer.disappear() }

    static let feature = StarshipsViewModel.featureID

    static func list(_ state: StarshipsState,
                     table: @MainActor ([StarshipsState.Row], [ScreenTable.Column]) -> ScreenTable = { ScreenTable.list($0, columns: $1, fields: fields) }) -> Screen {
        var screen = Screen(feature: feature, kind: "list", facts: [
            "page": .int(state.page), "pages": .int(state.pageCount), "count": .int(state.totalCount),
            "loaded": .int(state.loadedCount), "sort": sortFact(state.sort),
        ])
        guard state.page > 0 else {
            screen.blocks = [.line("no starships loaded")]
            return screen
        }
        var heading = "Starships · page \(state.page) of \(state.pageCount) · \(ReadableNumber.grouping(state.totalCount)) in all"
        if let sort = state.sort {
            heading = "Starships · sorted by \(sort.description) · \(state.loadedCount) of \(ReadableNumber.grouping(state.totalCount)) loaded"
        }
        var columns = Self.columns
        if let sort = state.sort, let (key, title) = sortedColumn(sort.key) {
            // The value the rows are sorted by, beside the name, so the order can be checked
            // (in text: data readers have it in its own column).
            columns.insert(.number(key, title: title), at: 1)
        }
        screen.blocks = [.heading(heading), .table(table(state.rows, columns))]
        if state.sort != nil, state.loadedCount < state.totalCount {
            screen.blocks.append(.hint("`page next` loads more · `sort off` restores page order"))
        }
        return screen
    }

    /// The list's columns after `#` and `★`: what text shows, then every other field of a ship
    /// for data readers, in the order of ``fields(_:)``.
    static let columns: [ScreenTable.Column] = [
        .init("name", minimumWidth: 20),
        .init("model", minimumWidth: 6, dropOrder: 3),
        .init("manufacturer", minimumWidth: 6, dropOrder: 1),
        .init("class", minimumWidth: 6, dropOrder: 2),
    ] + ScreenTable.Column.data(["cost_credits", "length_m", "max_speed_kmh", "crew", "passengers", "cargo_kg", "consumables",
               "hyperdrive_rating", "mglt", "pilots", "films", "created", "edited", "url"])

    /// A detail, its pilots named as far as `names` knows them.
    static func detail(_ row: StarshipsState.Row, names: [String: String] = [:],
                       fields: @MainActor (Starship, [String: String]) -> [ScreenField] = fields(_:names:)) -> Screen {
        .detail(row, feature: feature, title: row.item.name, fields: fields(row.item, names))
    }

    /// The field a sort key reads, as a column: `sort cost` shows the cost.
    static func sortedColumn(_ key: StarshipSortKey) -> (key: String, title: String)? {
        switch key {
        case .name: nil
        case .length: ("length_m", "length")
        case .crew: ("crew", "crew")
        case .speed: ("max_speed_kmh", "max speed")
        case .cost: ("cost_credits", "cost")
        }
    }

    /// `{"key": "length", "descending": false}`, or null for the API's order.
    static func sortFact(_ sort: StarshipSort?) -> JSONValue {
        sort.map { ["key": .string($0.key.rawValue), "descending": .bool($0.descending)] } ?? .null
    }

    /// Every field of a ship: as the detail shows it (numbers made readable, pilots numbered
    /// for `follow` and named where known, else as `people/13`) and as data (numbers as numbers, `null` for unknown,
    /// the API's URLs).
    static func fields(_ ship: Starship) -> [ScreenField] {
        fields(ship, names: [:])
    }

    static func fields(_ ship: Starship, names: [String: String]) -> [ScreenField] {
        let films = Dictionary(ship.films.map { ($0, SWAPIResource.filmTitle(fromURL: $0)) }, uniquingKeysWith: { first, _ in first })
        return [
            .data("name", .string(ship.name)),
            .swapi("model", ship.model),
            .swapi("manufacturer", ship.manufacturer),
            .swapi("class", ship.starshipClass),
            number("cost_credits", "cost", ship.costInCredits, unit: "credits"),
            number("length_m", "length", ship.length, unit: "m"),
            number("max_speed_kmh", "max speed", speed(ship.maxAtmospheringSpeed), unit: "km/h"),
            number("crew", "crew", ship.crew),
            number("passengers", "passengers", ship.passengers),
            number("cargo_kg", "cargo capacity", ship.cargoCapacity, unit: "kg"),
            .swapi("consumables", ship.consumables),
            number("hyperdrive_rating", "hyperdrive rating", ship.hyperdriveRating),
            number("mglt", "MGLT", ship.mglt),
            .swapiFollowable(StarshipsState.pilotsField, ship.pilots, known: names),
            ScreenField("films", text: SWAPIResource.names(ship.films, known: films),
                        value: SWAPIResource.linksJSON(ship.films, known: films)),
            .swapiTimestamp("created", ship.created),
            .swapiTimestamp("edited", ship.edited),
            .swapi("url", ship.url),
        ]
    }

    /// A speed as SWAPI writes it, in km/h: one ship's reads `"1000km"`, whose own unit would
    /// show `1,000 km` beside the others' `1,050 km/h`; the `km` is the km/h it means.
    static func speed(_ text: String) -> String {
        guard text.hasSuffix("km"), text.first?.isNumber == true else { return text }
        return String(text.dropLast(2))
    }

    /// A SWAPI number: readable as text (`1,000,000 credits`), a number (or range, or null) as data.
    static func number(_ key: String, _ label: String, _ text: String, unit: String? = nil) -> ScreenField {
        ScreenField(key, label: label, text: ReadableNumber.format(text, unit: unit), value: ReadableNumber.jsonValue(text))
    }
}
