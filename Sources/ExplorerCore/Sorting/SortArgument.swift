import ExplorerText

/// The arguments of `sort KEY [asc|desc]` or `sort off`, for any feature's set of keys.
public struct SortArgument<Key: RawRepresentable & CaseIterable & Sendable & Equatable>: Sendable, Equatable
where Key.RawValue == String {
    public var key: Key
    public var descending: Bool

    public init(_ key: Key, descending: Bool = false) {
        self.key = key
        self.descending = descending
    }

    public var description: String { key.rawValue + (descending ? " (descending)" : "") }

    public static var usage: String {
        "sort \(Key.allCases.map { $0.rawValue }.joined(separator: "|")) [asc|desc] | sort off"
    }

    /// Completion: keys and `off` first, then the direction.
    public static func candidates(after previous: [String]) -> [String] {
        switch previous.count {
        case 0: Key.allCases.map { $0.rawValue } + ["off"]
        case 1: ["asc", "desc"]
        default: []
        }
    }

    /// Parses the words after `sort`; nil means `sort off` (back to the API's order).
    public static func parse(_ arguments: [String]) throws(CommandError) -> SortArgument? {
        guard let first = arguments.first?.lowercased(), arguments.count <= 2 else { throw CommandError.usage(usage) }
        if first == "off" || first == "none" {
            guard arguments.count == 1 else { throw CommandError.usage(usage) }
            return nil
        }
        guard let key = Key(rawValue: first) else {
            let keys = Key.allCases.map { $0.rawValue }
            let hint = first.nearest(in: keys).map { "did you mean '\($0)'? " } ?? ""
            throw CommandError("cannot sort by '\(arguments[0].sanitizedForTerminal.truncated(toWidth: 20))' (\(hint)keys: \(keys.joined(separator: ", ")))")
        }
        switch arguments.count == 2 ? arguments[1].lowercased() : "asc" {
        case "asc", "ascending": return SortArgument(key)
        case "desc", "descending": return SortArgument(key, descending: true)
        default: throw CommandError.usage(usage)
        }
    }
}
