import ExplorerCore
import ExplorerText
import ExplorerTrace

/// Turns ``PlanetsState`` into screens: the list as a table, the detail as fields.
@MainActor
final class PlanetsView: ScreenView {
    private let renderer: StateRenderer<PlanetsState>

    init(viewModel: PlanetsViewModel, outlet: ScreenOutlet, tracer: Tracer?) {
        let feature = PlanetsViewModel.featureID
        renderer = StateRenderer(name: "PlanetsView", feature: feature, state: viewModel.state, outlet: outlet, tracer: tracer,
                                 list: { state in
                                     Screen(feature: feature, kind: "list", facts: ["count": .int(state.rows.count)], blocks: [
                                         .heading("Planets · \(state.rows.count) in all"),
                                         .table(ScreenTable.list(state.rows, columns: Self.columns, fields: Self.fields)),
                                     ])
                                 },
                                 detail: { row, _ in .detail(row, feature: feature, title: row.item.name, fields: Self.fields(row.item)) })
    }

    func appear() { renderer.appear() }
    func disappear() { renderer.disappear() }

    static let columns: [ScreenTable.Column] = [.init("name", minimumWidth: 10), .init("climate", minimumWidth: 6), .init("population", alignment: .right)]

    static func fields(_ planet: Planet) -> [ScreenField] {
        [
            .data("name", .string(planet.name)),
            ScreenField("climate", text: planet.climate, value: .string(planet.climate)),
            ScreenField("population", text: planet.population.map(ReadableNumber.grouping) ?? "unknown", value: .optional(planet.population)),
        ]
    }
}
