import Foundation
/// What `filter` can select on. A value that names several colours (`"red, blue"`) counts
/// under each; `unknown` and `n/a` are values like any other.
public enum CharacterTrait: String, Sendable, CaseIterable, Comparable {
    case eye, hair, skin, gender

    /// The values this person has for the trait, lower-cased, multi-colour values split.
    public func values(of person: Person) -> [String] {
        let raw: String
        switch self {
        case .eye: raw = person.eyeColor
        case .hair: raw = person.hairColor
        case .skin: raw = person.skinColor
        case .gender: raw = person.gender
        }
        let parts = raw.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        var seen: Set<String> = []
        return parts.isEmpty ? ["unknown"] : parts.filter { seen.insert($0).inserted }
    }

    public static func < (lhs: CharacterTrait, rhs: CharacterTrait) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
