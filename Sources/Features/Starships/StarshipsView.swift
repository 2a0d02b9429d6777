import ExplorerCore
import Reactive

/// Turns ``StarshipsState`` into text: the list as a table, or the detail as labelled fields.
/// It subscribes to the view model and renders on every distinct state; the shell prints
/// ``screen`` once a command has settled.
@MainActor
public final class StarshipsView {
    private let renderer: StateRenderer<StarshipsState>

    public var screen: String { renderer.screen }

    public init(viewModel: StarshipsViewModel, terminal: TerminalSettings, tracer: Tracer? = nil) {
        renderer = StateRenderer(name: "StarshipsView", state: viewModel.state, isSettled: { !$0.isLoading }, tracer: tracer) { state in
            state.detail.map { Self.detail($0, terminal: terminal) } ?? Self.list(state, terminal: terminal)
        }
    }

    static func list(_ state: StarshipsState, terminal: TerminalSettings) -> String {
        guard state.page > 0 else { return "no starships loaded" }
        var heading = "Starships · page \(state.page) of \(state.pageCount) · \(ReadableNumber.grouping(state.totalCount)) in all"
        if let sort = state.sort {
            heading = "Starships · sorted by \(sort.description) · \(state.loadedCount) of \(ReadableNumber.grouping(state.totalCount)) loaded"
        }
        let table = TextTable(
            columns: [
                .init("#", alignment: .right, truncatable: false),
                .init("★", truncatable: false, minimumWidth: 1),
                .init("name", minimumWidth: 20),
                .init("model", minimumWidth: 6),
                .init("manufacturer", minimumWidth: 6),
                .init("class", minimumWidth: 6),
            ],
            rows: state.rows.map { row in
                [String(row.number), row.isFavourite ? "★" : "☆", row.starship.name, row.starship.model,
                 row.starship.manufacturer, row.starship.starshipClass]
            })
        var lines = [terminal.style.emphasis(heading), table.render(width: terminal.width, style: terminal.style)]
        if state.sort != nil, state.loadedCount < state.totalCount {
            lines.append(terminal.style.dim("`page next` loads more · `sort off` restores page order"))
        }
        if let problem = state.favouritesProblem {
            lines.append("note: favourites unavailable: \(problem)")
        }
        return lines.joined(separator: "\n")
    }

    static func detail(_ row: StarshipsState.Row, terminal: TerminalSettings) -> String {
        let ship = row.starship
        let pilots = ship.pilots.compactMap { SWAPIResource.id(fromURL: $0) }
        let fields: [(label: String, value: String)] = [
            ("model", ship.model),
            ("manufacturer", ship.manufacturer),
            ("class", ship.starshipClass),
            ("cost", ReadableNumber.format(ship.costInCredits, unit: "credits")),
            ("length", ReadableNumber.format(ship.length, unit: "m")),
            ("max speed", ReadableNumber.format(ship.maxAtmospheringSpeed, unit: "km/h")),
            ("crew", ReadableNumber.format(ship.crew)),
            ("passengers", ReadableNumber.format(ship.passengers)),
            ("cargo capacity", ReadableNumber.format(ship.cargoCapacity, unit: "kg")),
            ("consumables", ship.consumables),
            ("hyperdrive rating", ship.hyperdriveRating),
            ("MGLT", ship.mglt),
            ("pilots", pilots.isEmpty ? "none" : "\(pilots.count) (people \(pilots.joined(separator: ", ")))"),
            ("films", ship.films.isEmpty ? "none" : ship.films.map(SWAPIResource.filmTitle).joined(separator: ", ")),
            ("created", SWAPIResource.day(ship.created)),
            ("edited", SWAPIResource.day(ship.edited)),
            ("url", ship.url),
        ]
        let title = "\(row.isFavourite ? "★" : "☆") \(ship.name.sanitizedForTerminal)"
        return [terminal.style.emphasis(title) + terminal.style.dim("  (row \(row.number))"),
                FieldList.render(fields, width: terminal.width, style: terminal.style)].joined(separator: "\n")
    }
}
