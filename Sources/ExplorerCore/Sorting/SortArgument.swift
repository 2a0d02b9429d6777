import ExplorerText

/// The arguments of `sort KEY [asc|desc]` or `sort off`, for any feature's set of keys.
public struct SortArgument<Key: NamedSortKey>: Sendable, Equatable {
    public var key: Key
    public var descending: Bool

    public init(_ key: Key, descending: Bool = false) {
        self.key = key
        self.descending = descending
    }

    public var description: String { key.name + (descending ? " (descending)" : "") }

    public static func usage(keys: [Key]) -> String {
        "sort \(keys.map(\.name).joined(separator: "|")) [asc|desc] | sort off"
    }

    /// Completion: keys and `off` first, then the direction.
    public static func candidates(keys: [Key], after previous: [String]) -> [String] {
        switch previous.count {
        case 0: keys.map(\.name) + ["off"]
        case 1: ["asc", "desc"]
        default: []
        }
    }

    /// Parses the words after `sort`; nil means `sort off` (back to the API's order).
    public static func parse(_ arguments: [String], keys: [Key]) throws(CommandError) -> SortArgument? {
        let usage = usage(keys: keys)
        guard let first = arguments.first?.lowercased(), arguments.count <= 2 else { throw CommandError.usage(usage) }
        if first == "off" || first == "none" {
            guard arguments.count == 1 else { throw CommandError.usage(usage) }
            return nil
        }
        guard let key = keys.first(where: { $0.name == first }) else {
            let names = keys.map(\.name)
            let hint = first.nearest(in: names).map { "did you mean '\($0)'? " } ?? ""
            throw CommandError("cannot sort by '\(arguments[0].sanitizedForTerminal.truncated(toWidth: 20))' (\(hint)keys: \(names.joined(separator: ", ")))")
        }
        switch arguments.count == 2 ? arguments[1].lowercased() : "asc" {
        case "asc", "ascending": return SortArgument(key)
        case "desc", "descending": return SortArgument(key, descending: true)
        default: throw CommandError.usage(usage)
        }
    }
}

extension SortArgument where Key: CaseIterable {
    /// `sort name|length [asc|desc] | sort off` for every key of an enum.
    public static var usage: String { usage(keys: Array(Key.allCases)) }

    public static func candidates(after previous: [String]) -> [String] {
        candidates(keys: Array(Key.allCases), after: previous)
    }

    public static func parse(_ arguments: [String]) throws(CommandError) -> SortArgument? {
        try parse(arguments, keys: Array(Key.allCases))
    }
}
