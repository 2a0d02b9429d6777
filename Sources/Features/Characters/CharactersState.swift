import Reactive

/// Everything the characters screen shows, as one value.
public struct CharactersState: Sendable, Equatable {
    public enum Screen: Sendable, Equatable {
        case list
        case detail(number: Int)
    }

    public struct Row: Sendable, Equatable {
        public var number: Int
        public var person: Person
        public var isFavourite: Bool

        public init(number: Int, person: Person, isFavourite: Bool) {
            self.number = number
            self.person = person
            self.isFavourite = isFavourite
        }
    }

    public var screen: Screen = .list
    /// How many characters are loaded (all of them, once loaded).
    public var totalCount = 0
    /// The rows listed: every character that passes the filter, in API or sort order.
    public var rows: [Row] = []
    public var detail: Row?
    public var filter = CharacterFilter()
    public var sort: CharacterSort?
    public var isLoading = false
    public var favouritesProblem: String?

    public init() {}
}

extension CharactersState: TraceSummarizable {
    public var traceSummary: String {
        if isLoading { return "loading" }
        switch screen {
        case .list:
            var parts = ["list, \(rows.count) of \(totalCount) items"]
            if !filter.isEmpty { parts.append("filter \(filter.description)") }
            if let sort { parts.append("sorted by \(sort.description)") }
            return parts.joined(separator: ", ")
        case .detail(let number):
            return "detail of row \(number) (\(detail?.person.name ?? "?"))"
        }
    }
}
