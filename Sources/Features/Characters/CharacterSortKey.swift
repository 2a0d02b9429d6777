import ExplorerCore
import ExplorerText

/// What `sort` can order characters by: name, height, mass (numbers, `"1,358"` is 1358), and
/// birth (earliest first: 896BBY before 19BBY before 4ABY). Unknown values sort last.
public enum CharacterSortKey: String, CaseIterable, ItemSortKey {
    case name, height, mass, birth

    public func sortValue(_ person: Person) -> SortValue {
        switch self {
        case .name: .name(person.name)
        case .height: .number(ReadableNumber.value(person.height))
        case .mass: .number(ReadableNumber.value(person.mass))
        case .birth: .number(BirthYear.value(person.birthYear))
        }
    }
}

public typealias CharacterSort = SortArgument<CharacterSortKey>
