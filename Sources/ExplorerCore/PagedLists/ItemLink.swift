/// A field of an item that names other records by URL, declared once in a feature's
/// ``PagedListDefinition/links``: a character's homeworld (one), a planet's residents (many).
/// The detail shows each record by name where known; `follow residents 2` opens the second
/// resident and `follow homeworld` the homeworld, in the feature that shows their kind.
public struct ItemLink<Item>: Sendable {
    /// How many records the field names.
    public enum Arity: Sendable, Equatable {
        /// One record (or none): `follow homeworld`.
        case one
        /// A list, numbered in the detail: `follow residents 2`.
        case many
    }

    /// The field, as the detail and `follow` call it: `residents`.
    public let field: String
    public let arity: Arity
    public let urls: @Sendable (Item) -> [String]
    /// The record each URL names (kind and id), when this link reads them its own way (a
    /// described feature's link, `to` a feature); nil to read them as the definition does.
    public let record: (@Sendable (String) -> (kind: String, id: String)?)?
    /// Whether an item's value names one record, for a link whose items say so each (a
    /// described API's field: a string is one record, an array many); nil to go by ``arity``.
    public let namesOne: (@Sendable (Item) -> Bool)?

    /// A link read as `urls` says, its records as `record` says (or as the definition does).
    public init(field: String, arity: Arity, urls: @escaping @Sendable (Item) -> [String],
                record: (@Sendable (String) -> (kind: String, id: String)?)? = nil,
                namesOne: (@Sendable (Item) -> Bool)? = nil) {
        self.field = field
        self.arity = arity
        self.urls = urls
        self.record = record
        self.namesOne = namesOne
    }

    /// A field naming one record: `.one("homeworld", \.homeworld)` (an empty URL is none).
    public static func one(_ field: String, _ url: KeyPath<Item, String> & Sendable) -> ItemLink {
        ItemLink(field: field, arity: .one, urls: { item in
            let url = item[keyPath: url]
            return url.isEmpty ? [] : [url]
        })
    }

    /// A field naming a list of records, numbered for `follow`: `.many("pilots", \.pilots)`.
    public static func many(_ field: String, _ urls: KeyPath<Item, [String]> & Sendable) -> ItemLink {
        ItemLink(field: field, arity: .many, urls: { $0[keyPath: urls] })
    }
}
