import Foundation
import ExplorerCore

/// The conditions of `filter eye=blue gender=female`: a character matches when it has every
/// one of them (a two-colour value matches either colour, so `eye=red eye=blue` finds the
/// characters whose eyes are both).
public struct CharacterFilter: Sendable, Equatable {
    public struct Condition: Sendable, Equatable {
        public var trait: CharacterTrait
        public var value: String
    }

    /// In trait order, then in the order given; no condition twice.
    public private(set) var conditions: [Condition] = []

    public init(_ conditions: [CharacterTrait: String] = [:]) {
        self.init(conditions.map { Condition(trait: $0.key, value: $0.value) })
    }

    init(_ conditions: [Condition]) {
        var unique: [Condition] = []
        for condition in conditions where !unique.contains(condition) { unique.append(condition) }
        self.conditions = unique.enumerated()
            .sorted { ($0.element.trait, $0.offset) < ($1.element.trait, $1.offset) }
            .map(\.element)
    }

    public var isEmpty: Bool { conditions.isEmpty }

    public func matches(_ person: Person) -> Bool {
        matches(PersonTraits(person))
    }

    /// Whether a character with these trait values matches.
    public func matches(_ traits: PersonTraits) -> Bool {
        conditions.allSatisfy { traits[$0.trait].contains($0.value) }
    }

    /// The conditions that `isKept` keeps (after a refresh, those whose value still exists).
    public func keeping(_ isKept: (Condition) -> Bool) -> CharacterFilter {
        CharacterFilter(conditions.filter(isKept))
    }

    /// `eye=blue gender=female`, keys in a fixed order.
    public var description: String {
        conditions.map { "\($0.trait.rawValue)=\($0.value)" }.joined(separator: " ")
    }

    /// Parses `key=value` words, checking keys and values against the values the characters
    /// really have (`segments`), so a typo is an error that lists what exists instead of an
    /// empty list.
    public static func parse(_ arguments: [String], segments: [CharacterTrait: [Segment]]) throws(CharacterFilterError) -> CharacterFilter {
        var conditions: [Condition] = []
        for argument in arguments {
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let keyText = String(parts[0]).lowercased()
            guard let trait = CharacterTrait(rawValue: keyText) else {
                throw .unknownKey(keyText, suggestion: keyText.nearest(in: CharacterTrait.allCases.map(\.rawValue)))
            }
            guard parts.count == 2, !parts[1].trimmingCharacters(in: .whitespaces).isEmpty else {
                throw .missingValue(trait, argument: argument)
            }
            let value = String(parts[1]).trimmingCharacters(in: .whitespaces).lowercased()
            let values = (segments[trait] ?? []).map(\.value)
            guard values.contains(value) else {
                throw .noSuchValue(trait, value, suggestion: value.nearest(in: values), values: values)
            }
            conditions.append(Condition(trait: trait, value: value))
        }
        return CharacterFilter(conditions)
    }
}
