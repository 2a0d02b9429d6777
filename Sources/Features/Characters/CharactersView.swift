import ExplorerCore
import ExplorerText
import ExplorerTrace
import Reactive
import SWAPI

/// Turns ``CharactersState`` into screens: the list under its eye-colour segment bar, the
/// detail, and the segments of any trait.
@MainActor
public final class CharactersView: ScreenView {
    private let renderer: StateRenderer<CharactersState>

    public init(viewModel: CharactersViewModel, outlet: ScreenOutlet, tracer: Tracer? = nil) {
        let tables = ListTableCache { Self.fields($0) }
        let details = FieldsCache { item, names in Self.fields(item, names: names) }
        renderer = StateRenderer(name: "CharactersView", feature: CharactersViewModel.featureID, state: viewModel.state, outlet: outlet,
                                 tracer: tracer,
                                 list: { Self.list($0, table: tables.table) },
                                 detail: { row, state in Self.detail(row, names: state.linkNames, fields: details.fields) })
    }

    public func appear() { renderer.appear() }
    public func disappear() { renderer.disappear() }

    static let feature = CharactersViewModel.featureID

    static func list(_ state: CharactersState,
                     table: @MainActor ([CharactersState.Row], [ScreenTable.Column]) -> ScreenTable = { ScreenTable.list($0, columns: $1, fields: fields) }) -> Screen {
        var screen = Screen(feature: feature, kind: "list", facts: [
            "count": .int(state.totalCount), "shown": .int(state.rows.count), "filter": filterFact(state.filter),
            "sort": state.sort.map { ["key": .string($0.key.rawValue), "descending": .bool($0.descending)] } ?? .null,
        ])
        if let note = state.loadLimitNote { screen.warnings.append(note) }
        guard state.totalCount > 0 else {
            screen.blocks = [.line("no characters loaded"), .table(table([], Self.columns))]
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
        var columns = Self.columns
        if state.sort?.key == .birth, let birth = columns.firstIndex(where: { $0.key == "birth_year" }) {
            // The value the rows are sorted by stays on screen however narrow.
            columns[birth].dropOrder = nil
        }
        if let sort = state.sort, let (key, title) = sortedColumn(sort.key) {
            // The value the rows are sorted by, beside the name, so the order can be checked
            // (in text: data readers have it in its own column).
            columns.insert(.number(key, title: title), at: 1)
        }
        screen.blocks.append(.table(table(state.rows, columns)))
        return screen
    }

    /// The list's columns after `#` and `★`: what text shows, then every other field of a
    /// character for data readers, in the order of ``fields(_:)``.
    static let columns: [ScreenTable.Column] = [
        .init("name", minimumWidth: 16),
        .init("eyes", title: "eye colour", minimumWidth: 6, dropOrder: 3),
        .init("gender", minimumWidth: 6, dropOrder: 1),
        .init("birth_year", title: "birth year", truncatable: false, dropOrder: 2),
    ] + ScreenTable.Column.data(["height_cm", "mass_kg", "hair", "skin", "homeworld", "films", "species", "vehicles", "starships",
               "created", "edited", "url"])

    /// The field a sort key reads, as a column when the list does not show it already.
    static func sortedColumn(_ key: CharacterSortKey) -> (key: String, title: String)? {
        switch key {
        case .name, .birth: nil
        case .height: ("height_cm", "height")
        case .mass: ("mass_kg", "mass")
        }
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

    /// A detail, what it links to named as far as `names` knows them.
    static func detail(_ row: CharactersState.Row, names: [String: String] = [:],
                       fields: @MainActor (Person, [String: String]) -> [ScreenField] = fields(_:names:)) -> Screen {
        .detail(row, feature: feature, title: row.item.name, fields: fields(row.item, names))
    }

    /// Every field of a character, as the detail shows it (what it links to by name where
    /// known, else as `planets/1`; its starships numbered for `follow`) and as data.
    static func fields(_ person: Person) -> [ScreenField] {
        fields(person, names: [:])
    }

    static func fields(_ person: Person, names: [String: String]) -> [ScreenField] {
        let links = CharactersState.linkedFields(person, names: names)
        return [
            .data("name", .string(person.name)),
            ScreenField("height_cm", label: "height", text: ReadableNumber.format(person.height, unit: "cm"),
                        value: ReadableNumber.jsonValue(person.height)),
            ScreenField("mass_kg", label: "mass", text: ReadableNumber.format(person.mass, unit: "kg"),
                        value: ReadableNumber.jsonValue(person.mass)),
            .swapi("hair", person.hairColor),
            .swapi("skin", person.skinColor),
            .swapi("eyes", person.eyeColor),
            .swapi("birth_year", label: "birth year", person.birthYear),
            .swapi("gender", person.gender),
            links["homeworld"],
            .swapiFilms(person.films),
            links["species"],
            links["vehicles"],
            links["starships"],
            .swapiTimestamp("created", person.created),
            .swapiTimestamp("edited", person.edited),
            .swapi("url", person.url),
        ]
    }
}
