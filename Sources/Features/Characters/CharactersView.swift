import ExplorerCore
import Reactive

/// Turns ``CharactersState`` into text: the list, the detail, and the segments of a trait.
@MainActor
public final class CharactersView {
    private let renderer: StateRenderer<CharactersState>

    public var screen: String { renderer.screen }

    public init(viewModel: CharactersViewModel, terminal: TerminalSettings, tracer: Tracer? = nil) {
        renderer = StateRenderer(name: "CharactersView", state: viewModel.state, isSettled: { !$0.isLoading }, tracer: tracer) { state in
            state.detail.map { Self.detail($0, terminal: terminal) } ?? Self.list(state, terminal: terminal)
        }
    }

    static func list(_ state: CharactersState, terminal: TerminalSettings) -> String {
        guard state.totalCount > 0 else { return "no characters loaded" }
        var heading = ["Characters"]
        if state.filter.isEmpty {
            heading.append("\(state.totalCount) in all")
        } else {
            heading.append(state.filter.description)
            heading.append("\(state.rows.count) of \(state.totalCount)")
        }
        if let sort = state.sort { heading.append("sorted by \(sort.description)") }
        var lines = [terminal.style.emphasis(heading.joined(separator: " · "))]
        if state.rows.isEmpty {
            lines.append("no characters match \(state.filter.description) (`filter clear` shows all)")
        } else {
            let table = TextTable(
                columns: [
                    .init("#", alignment: .right, truncatable: false),
                    .init("★", truncatable: false, minimumWidth: 1),
                    .init("name", minimumWidth: 16),
                    .init("eye colour", minimumWidth: 6),
                    .init("gender", minimumWidth: 6),
                    .init("birth year", truncatable: false),
                ],
                rows: state.rows.map { row in
                    [String(row.number), row.isFavourite ? "★" : "☆", row.person.name, row.person.eyeColor,
                     row.person.gender, row.person.birthYear]
                })
            lines.append(table.render(width: terminal.width, style: terminal.style))
        }
        if let problem = state.favouritesProblem {
            lines.append("note: favourites unavailable: \(problem)")
        }
        return lines.joined(separator: "\n")
    }

    static func detail(_ row: CharactersState.Row, terminal: TerminalSettings) -> String {
        let person = row.person
        func references(_ urls: [String], _ kind: String) -> String {
            let ids = urls.compactMap { SWAPIResource.id(fromURL: $0) }
            return ids.isEmpty ? "none" : "\(ids.count) (\(kind) \(ids.joined(separator: ", ")))"
        }
        let homeworld = SWAPIResource.id(fromURL: person.homeworld).map { "planet \($0)" } ?? "unknown"
        let fields: [(label: String, value: String)] = [
            ("height", ReadableNumber.format(person.height, unit: "cm")),
            ("mass", ReadableNumber.format(person.mass, unit: "kg")),
            ("hair", person.hairColor),
            ("skin", person.skinColor),
            ("eyes", person.eyeColor),
            ("birth year", person.birthYear),
            ("gender", person.gender),
            ("homeworld", homeworld),
            ("films", person.films.isEmpty ? "none" : person.films.map(SWAPIResource.filmTitle).joined(separator: ", ")),
            ("species", references(person.species, "species")),
            ("vehicles", references(person.vehicles, "vehicles")),
            ("starships", references(person.starships, "starships")),
            ("created", SWAPIResource.day(person.created)),
            ("edited", SWAPIResource.day(person.edited)),
            ("url", person.url),
        ]
        let title = "\(row.isFavourite ? "★" : "☆") \(person.name.sanitizedForTerminal)"
        return [terminal.style.emphasis(title) + terminal.style.dim("  (row \(row.number))"),
                FieldList.render(fields, width: terminal.width, style: terminal.style)].joined(separator: "\n")
    }

    /// `all (82)  blue (20)  brown (20) …`, wrapped to the width.
    static func segments(_ segments: [Segment], total: Int, trait: CharacterTrait, filter: CharacterFilter, terminal: TerminalSettings) -> String {
        let items = ["all (\(total))"] + segments.map { "\($0.value.sanitizedForTerminal) (\($0.count))" }
        var lines: [String] = []
        var line = ""
        for item in items {
            if !line.isEmpty, line.displayWidth + 2 + item.displayWidth > terminal.width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? item : "  " + item
        }
        if !line.isEmpty { lines.append(line) }
        var heading = "\(trait.rawValue) segments"
        if !filter.isEmpty { heading += " · filter in force: \(filter.description)" }
        return ([terminal.style.emphasis(heading)] + lines).joined(separator: "\n")
    }
}
