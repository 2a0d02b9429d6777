import ExplorerCore
import ExplorerText
import ExplorerTrace
import SWAPI

/// The characters screen: the kit's list view configured by ``Characters``, its list under the
/// eye-colour segment bar, and the segments of any trait.
@MainActor
public final class CharactersView: PagedListView<Characters> {
    public init(viewModel: CharactersViewModel, outlet: ScreenOutlet, tracer: Tracer? = nil) {
        super.init(viewModel: viewModel, outlet: outlet, tracer: tracer, list: { CharactersView.segmentedList($0, $1, table: $2) })
    }

    public convenience init(viewModel: CharactersViewModel, context: FeatureContext) {
        self.init(viewModel: viewModel, outlet: context.outlet, tracer: context.tracer)
    }

    static let feature = Characters.featureID

    /// The characters that pass the filter, under the heading and the eye-colour segment bar.
    static func segmentedList(_ definition: Characters, _ state: CharactersState, table: Table) -> Screen {
        var screen = Screen(feature: feature, kind: "list", facts: [
            "count": .int(state.totalCount), "shown": .int(state.rows.count), "filter": filterFact(state.filter),
            "sort": sortFact(state.sort),
        ])
        if let note = state.loadNote { screen.warnings.append(note) }
        guard state.totalCount > 0 else {
            screen.blocks = [.line("no characters loaded"), .table(table([], definition.columns))]
            return screen
        }
        var heading = ["Characters"]
        if state.filter.isEmpty {
            heading.append("\(state.totalCount) in all")
        } else {
            heading.append(state.filter.description)
            heading.append("\(state.rows.count) of \(state.totalCount)")
        }
        if let sort = state.sort { heading.append("sorted by \(sort.description)") }
        screen.blocks = [.heading(heading.joined(separator: " · ")), .segments(segmentBar(.eye, state))]
        if state.rows.isEmpty {
            screen.blocks.append(.line("no characters match \(state.filter.description) (`filter clear` shows all)"))
        }
        screen.blocks.append(.table(table(state.rows, columns(definition, sortedBy: state.sort))))
        return screen
    }

    /// `filter hair`: the segments of one trait, with those in force marked.
    static func segments(_ trait: CharacterTrait, of state: CharactersState) -> Screen {
        var heading = "\(trait.rawValue) segments"
        if !state.filter.isEmpty { heading += " · filter in force: \(state.filter.description)" }
        return Screen(feature: feature, kind: "segments",
                      facts: ["trait": .string(trait.rawValue), "count": .int(state.totalCount),
                              "filter": filterFact(state.filter)],
                      blocks: [.heading(heading), .segments(segmentBar(trait, state))])
    }

    /// `all (82)  blue (20)  brown (20) …`: every value of `trait` with its count over all the
    /// data, the values the filter holds marked (`all` when it holds none of this trait).
    static func segmentBar(_ trait: CharacterTrait, _ state: CharactersState) -> SegmentBar {
        let chosen = state.filter.conditions.filter { $0.trait == trait }.map(\.value)
        let all = SegmentBar.Segment(label: "all", value: nil, count: state.totalCount, isSelected: chosen.isEmpty)
        return SegmentBar(segments: [all] + (state.segments[trait] ?? []).map { segment in
            SegmentBar.Segment(label: segment.value, value: segment.value, count: segment.count,
                               isSelected: chosen.contains(segment.value))
        })
    }

    /// `{"eye": ["blue"], "gender": ["female"]}`, or null when nothing is filtered.
    static func filterFact(_ filter: CharacterFilter) -> JSONValue {
        guard !filter.isEmpty else { return .null }
        var object = JSONObject()
        for condition in filter.conditions {
            let values = object[condition.trait.rawValue].flatMap { value -> [JSONValue]? in
                if case .array(let values) = value { return values }
                return nil
            } ?? []
            object[condition.trait.rawValue] = .array(values + [.string(condition.value)])
        }
        return .object(object)
    }
}
