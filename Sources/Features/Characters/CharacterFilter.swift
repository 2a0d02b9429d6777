import Foundation
import ExplorerCore

/// The conditions of `filter eye=blue gender=female`: a character matches when it has every
/// one of them (a two-colour value matches either colour).
public struct CharacterFilter: Sendable, Equatable {
    public private(set) var conditions: [CharacterTrait: String] = [:]

    public init(_ conditions: [CharacterTrait: String] = [:]) {
        self.conditions = conditions
    }

    public var isEmpty: Bool { conditions.isEmpty }

    public func matches(_ person: Person) -> Bool {
        conditions.allSatisfy { trait, value in trait.values(of: person).contains(value) }
    }

    /// `eye=blue gender=female`, keys in a fixed order.
    public var description: String {
        conditions.keys.sorted().map { "\($0.rawValue)=\(conditions[$0]!)" }.joined(separator: " ")
    }

    /// Parses `key=value` words, checking keys and values against what `people` really have,
    /// so a typo is an error that lists what exists instead of an empty list.
    public static func parse(_ arguments: [String], people: [Person]) throws(CommandError) -> CharacterFilter {
        var conditions: [CharacterTrait: String] = [:]
        let keys = CharacterTrait.allCases.map(\.rawValue).joined(separator: ", ")
        for argument in arguments {
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let keyText = String(parts[0]).lowercased()
            guard let trait = CharacterTrait(rawValue: keyText) else {
                let hint = keyText.nearest(in: CharacterTrait.allCases.map(\.rawValue)).map { "did you mean '\($0)'? " } ?? ""
                throw CommandError("unknown filter key '\(keyText.sanitizedForTerminal.truncated(toWidth: 20))' (\(hint)keys: \(keys))")
            }
            guard parts.count == 2 else {
                throw CommandError("expected \(trait.rawValue)=VALUE, not '\(argument.sanitizedForTerminal.truncated(toWidth: 30))'")
            }
            let value = String(parts[1]).trimmingCharacters(in: .whitespaces).lowercased()
            let values = Segment.segments(of: trait, in: people).map(\.value)
            guard values.contains(value) else {
                throw CommandError("no character has \(trait.rawValue)=\(value.sanitizedForTerminal.truncated(toWidth: 30)) (values: \(values.sorted().joined(separator: ", ")))")
            }
            conditions[trait] = value
        }
        return CharacterFilter(conditions)
    }
}
