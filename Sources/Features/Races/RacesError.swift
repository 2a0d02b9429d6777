import ExplorerText

/// What the races cannot do as asked, in the races' own terms; its description is the line the
/// user reads (`error: no row 1: no race is coming up`).
public enum RacesError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A row asked for when no race (of the categories in `filter`; empty: any) is coming up;
    /// `row` as typed (a number).
    case noRaceComingUp(row: String, filter: Set<RaceCategory>)
    /// `filter` with a word that names no category.
    case unknownCategory(String)

    public var description: String {
        switch self {
        case .noRaceComingUp(let row, let filter):
            "no row \(row): no race \(filter.isEmpty ? "is coming up" : "of \(RacesViewModel.describe(filter)) is coming up")"
        case .unknownCategory(let word):
            "no category '\(word.sanitizedForTerminal.truncated(toWidth: 20))' (categories: \(RaceCategory.allCases.map(\.rawValue).joined(separator: ", ")); `filter clear` shows all)"
        }
    }
}
