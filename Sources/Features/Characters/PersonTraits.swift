/// A character's values of every trait (``CharacterTrait/values(of:)``), worked out once when
/// the characters load rather than for every character each time a list is filtered.
public struct PersonTraits: Sendable, Equatable {
    private let values: [[String]]

    public init(_ person: Person) {
        values = CharacterTrait.allCases.map { $0.values(of: person) }
    }

    /// The values `person` has for `trait`, as ``CharacterTrait/values(of:)`` gives them.
    public subscript(trait: CharacterTrait) -> [String] {
        switch trait {
        case .eye: values[0]
        case .hair: values[1]
        case .skin: values[2]
        case .gender: values[3]
        }
    }
}
