import ExplorerText
import Foundation

/// The members of one SWAPI record (a starship, a person), as an item's `init(fields:)` reads
/// them, by their keys (`"cost_in_credits"`): leniently, so that one missing member never loses
/// an item (let alone the page it is on), and each text at most ``KeptText/maxCharacters`` long
/// (a longer one is cut, saying so). One record is read from either of two places:
///
/// - a `Decoder` (``init(_:)``): `JSONDecoder`'s reading, the one that stands;
/// - the members a ``JSONCursor`` read (``read(_:)``): the quick reading of a page, which
///   gives up (throws ``JSONCursor/GiveUp``) wherever `JSONDecoder` would read otherwise or
///   fail, so that the page is then left to `JSONDecoder`.
///
/// So each item says once what it reads, and both readings read it alike.
public struct SWAPIFields {
    private enum Source {
        case decoder(KeyedDecodingContainer<Key>)
        case read([String: Value])
    }

    /// A member as the quick reading keeps it.
    private enum Value {
        case text(String)
        case texts([String])
        case null
        /// Anything else: a number, an object, an array holding something other than text.
        case other
    }

    /// Any key, by its text.
    public struct Key: CodingKey {
        public let stringValue: String
        public var intValue: Int? { nil }
        public init(stringValue: String) { self.stringValue = stringValue }
        public init?(intValue: Int) { nil }
    }

    private let source: Source

    /// The record `decoder` holds.
    public init(_ decoder: any Decoder) throws {
        source = .decoder(try decoder.container(keyedBy: Key.self))
    }

    /// The record that comes next at `cursor`, read: an object whose members are each given
    /// once (a key given twice gives up).
    static func read(_ cursor: inout JSONCursor) throws -> SWAPIFields {
        guard try cursor.nextKind() == .object else { throw JSONCursor.GiveUp() }
        var values: [String: Value] = [:]
        try cursor.enterObject()
        var first = true
        while let key = try cursor.nextKey(first: &first) {
            guard values.updateValue(try value(&cursor), forKey: String(decoding: key, as: UTF8.self)) == nil else {
                throw JSONCursor.GiveUp()
            }
        }
        return SWAPIFields(source: .read(values))
    }

    private init(source: Source) {
        self.source = source
    }

    private static func value(_ cursor: inout JSONCursor) throws -> Value {
        switch try cursor.nextKind() {
        case .string:
            return .text(try cursor.string())
        case .null:
            _ = cursor.null()
            return .null
        case .array:
            return try cursor.readArray { try $0.stringIfString() }.map(Value.texts) ?? .other
        default:
            try cursor.skipValue()
            return .other
        }
    }

    // MARK: Reading a member

    /// A text member (every SWAPI number is text too); `unknown`, as SWAPI writes it, when it
    /// is missing or null.
    public func text(_ key: String) throws -> String {
        try text(key, missing: "unknown")
    }

    /// A text the item cannot go without (its name).
    public func requiredText(_ key: String) throws -> String {
        switch source {
        case .decoder(let container): return KeptText.capped(try container.decode(String.self, forKey: Key(stringValue: key)))
        case .read(let values):
            guard case .text(let text) = values[key] else { throw JSONCursor.GiveUp() }
            return KeptText.capped(text)
        }
    }

    /// A list of links to other records (films, pilots); empty when missing or null.
    public func links(_ key: String) throws -> [String] {
        switch source {
        case .decoder(let container): return (try container.decodeIfPresent([String].self, forKey: Key(stringValue: key)) ?? []).map(KeptText.capped)
        case .read(let values):
            switch values[key] {
            case .texts(let texts): return texts.map(KeptText.capped)
            case nil, .null: return []
            default: throw JSONCursor.GiveUp()
            }
        }
    }

    /// A single link (`url`, `homeworld`); empty when missing or null.
    public func link(_ key: String) throws -> String {
        try text(key, missing: "")
    }

    /// The text member `key`, or `missing` when it is missing or null.
    private func text(_ key: String, missing: String) throws -> String {
        switch source {
        case .decoder(let container): return KeptText.capped(try container.decodeIfPresent(String.self, forKey: Key(stringValue: key)) ?? missing)
        case .read(let values):
            switch values[key] {
            case .text(let text): return KeptText.capped(text)
            case nil, .null: return missing
            default: throw JSONCursor.GiveUp()
            }
        }
    }
}
