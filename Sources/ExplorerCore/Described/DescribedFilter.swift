import Foundation
import ExplorerText

/// What `filter NAME=VALUE …` narrows a described list to: rows whose field NAME contains VALUE
/// (any case; in a list of values, any one), all conditions at once.
public struct DescribedFilter: ListRefinement {
    public struct Condition: Sendable, Equatable {
        public var field: String
        public var value: String
    }

    public var conditions: [Condition] = []
    /// The words searched for, kept to narrow the rows by name where the answers are not the
    /// API's own search (embedded data and recordings answer every search alike).
    public var search: String?
    /// Whether ``search`` narrows the rows here.
    public var searchesLocally = false

    public init() {}

    public var traceSummary: String? {
        let parts = [search.map { "search \($0)" }, conditions.isEmpty ? nil : "filter \(description)"].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// `director=lucas producer=kurtz`.
    public var description: String { conditions.map { "\($0.field)=\($0.value)" }.joined(separator: " ") }

    /// Parses `NAME=VALUE` words for the fields `filterable` names; no words is no filter.
    public static func parse(_ words: [String], filterable: [String]) throws(CommandError) -> DescribedFilter {
        var filter = DescribedFilter()
        for word in words {
            let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[1].isEmpty else {
                throw CommandError("expected NAME=VALUE, not '\(word.sanitizedForTerminal.truncated(toWidth: 30))' (fields: \(filterable.joined(separator: ", ")))")
            }
            let name = parts[0].lowercased()
            guard filterable.contains(name) else {
                let hint = name.nearest(in: filterable).map { "did you mean '\($0)'? " } ?? ""
                throw CommandError("cannot filter by '\(String(parts[0]).sanitizedForTerminal.truncated(toWidth: 20))' (\(hint)fields: \(filterable.joined(separator: ", ")))")
            }
            filter.conditions.append(Condition(field: name, value: String(parts[1])))
        }
        return filter
    }

    /// Whether `record` meets every condition, its fields read as `fields` describe them.
    func matches(_ record: DescribedRecord, fields: [FeatureDescription.Field]) -> Bool {
        if searchesLocally, let search, record.favouriteTitle.range(of: search, options: .caseInsensitive) == nil { return false }
        return conditions.allSatisfy { condition in
            guard let field = fields.first(where: { $0.name == condition.field }) else { return false }
            let values: [JSONValue]
            switch field.value(in: record.json) {
            case .array(let list): values = list
            case let value: values = [value]
            }
            return values.contains { value in
                JSONPath.text(of: value)?.range(of: condition.value, options: .caseInsensitive) != nil
            }
        }
    }
}
