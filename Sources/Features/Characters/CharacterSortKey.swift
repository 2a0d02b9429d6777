import ExplorerCore

/// What `sort` can order characters by: name, height, mass (numbers, `"1,358"` is 1358), and
/// birth (earliest first: 896BBY before 19BBY before 4ABY). Unknown values sort last.
public enum CharacterSortKey: String, Sendable, CaseIterable {
    case name, height, mass, birth

    func number(_ person: Person) -> Double? {
        switch self {
        case .name: nil
        case .height: ReadableNumber.value(person.height)
        case .mass: ReadableNumber.value(person.mass)
        case .birth: BirthYear.value(person.birthYear)
        }
    }
}

public typealias CharacterSort = SortArgument<CharacterSortKey>

extension SortArgument where Key == CharacterSortKey {
    /// Whether `a` comes before `b`; ties keep row order.
    func orders(_ a: CharactersState.Row, before b: CharactersState.Row) -> Bool {
        let decided = key == .name
            ? SortComparison.names(a.person.name, b.person.name, descending: descending)
            : SortComparison.numbers(key.number(a.person), key.number(b.person), descending: descending)
        return decided ?? (a.number < b.number)
    }
}
