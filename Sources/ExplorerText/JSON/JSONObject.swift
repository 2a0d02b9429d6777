/// A JSON object whose members keep the order they were added in. Keys are unique: setting a
/// key that exists replaces its value where it stands.
///
/// Two objects are equal when they hold the same keys with equal values, whatever the order
/// (objects decoded from a file may come in any order).
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: JSONValue
    }

    public private(set) var members: [Member] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        for (key, value) in elements { self[key] = value }
    }

    public init(_ pairs: [(String, JSONValue)]) {
        for (key, value) in pairs { self[key] = value }
    }

    /// Members whose keys are known to differ, taken as they are (no search for each key).
    init(uniqueMembers: [Member]) {
        members = uniqueMembers
    }

    public var isEmpty: Bool { members.isEmpty }
    public var count: Int { members.count }
    public var keys: [String] { members.map(\.key) }

    public subscript(key: String) -> JSONValue? {
        get { members.first { $0.key == key }?.value }
        set {
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
            }
        }
    }

    /// Adds every member of `other`, after these (replacing any with the same key in place).
    public mutating func merge(_ other: JSONObject) {
        for member in other.members { self[member.key] = member.value }
    }

    public func makeIterator() -> IndexingIterator<[Member]> {
        members.makeIterator()
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.count == rhs.count && lhs.members.allSatisfy { rhs[$0.key] == $0.value }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for key in keys.sorted() { hasher.combine(key) }
    }
}
