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
        let parts = raw.split(separator: ",").map { Self.trimmed($0).lowercased() }.filter { !$0.isEmpty }
        var seen: Set<String> = []
        return parts.isEmpty ? ["unknown"] : parts.filter { seen.insert($0).inserted }
    }

    /// `part` without the spaces and tabs around it, as `trimmingCharacters(in: .whitespaces)`
    /// trims, without Foundation (docs/performance.md).
    static func trimmed(_ part: Substring) -> Substring {
        let scalars = part.unicodeScalars
        func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return Substring(scalars[first...last])
    }

    public static func < (lhs: CharacterTrait, rhs: CharacterTrait) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
