import ExplorerText

/// A filter condition no character could match as written.
public enum CharacterFilterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A key that is not a trait; `suggestion` is the nearest one.
    case unknownKey(String, suggestion: String?)
    /// `eye` or `eye=` without a value.
    case missingValue(CharacterTrait, argument: String)
    /// A value no character has for the trait; `values` are those some character has.
    case noSuchValue(CharacterTrait, String, suggestion: String?, values: [String])

    public var description: String {
        switch self {
        case .unknownKey(let key, let suggestion):
            let keys = CharacterTrait.allCases.map(\.rawValue).joined(separator: ", ")
            return "unknown filter key '\(key.sanitizedForTerminal.truncated(toWidth: 20))' (\(suggestion.map { "did you mean '\($0)'? " } ?? "")keys: \(keys))"
        case .missingValue(let trait, let argument):
            return "expected \(trait.rawValue)=VALUE, not '\(argument.sanitizedForTerminal.truncated(toWidth: 30))'"
        case .noSuchValue(let trait, let value, let suggestion, let values):
            let hint = suggestion.map { "did you mean '\(trait.rawValue)=\($0)'? " } ?? ""
            return "no character has \(trait.rawValue)=\(value.sanitizedForTerminal.truncated(toWidth: 30)) (\(hint)values: \(values.sorted().joined(separator: ", ")))"
        }
    }
}
