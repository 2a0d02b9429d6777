import ExplorerCore
import ExplorerHTTP
import ExplorerText
import Foundation

/// An item of a SWAPI list (a starship, a person): named, and identified by its URL.
///
/// It reads itself from its record's members (``init(fields:)``), whoever read them:
/// `JSONDecoder` through its `init(from:)`, or the quick reading of a page or an item
/// (``quicklyDecoded(_:)``).
public protocol SWAPIItem: ListItem, QuicklyDecodable {
    var name: String { get }
    /// Its own address, `https://swapi.dev/api/starships/10/`.
    var url: String { get }

    /// The item of the record `fields` holds.
    init(fields: SWAPIFields) throws
}

extension SWAPIItem {
    /// SWAPI's id, from the URL (`…/starships/10/` → `10`); the name when the URL has none.
    public var id: String { Self.id(url: url, name: name) }

    /// The id of an item at `url` called `name`: from the URL, else the name.
    public static func id(url: String, name: String) -> String { SWAPIResource.id(fromURL: url) ?? name }

    public var itemID: String? { id }
    public var favouriteTitle: String { name }

    /// The item `body` holds (`/starships/10/`), read by a ``JSONCursor``; nil to leave it to
    /// `JSONDecoder`.
    public static func quicklyDecoded(_ body: Data) -> Self? {
        JSONCursor.read(body) { try read(&$0, whole: true) }
    }

    /// The item whose record comes next at `cursor`; with `whole`, nothing may follow it.
    static func read(_ cursor: inout JSONCursor, whole: Bool = false) throws -> Self {
        let fields = try SWAPIFields.read(&cursor)
        if whole { try cursor.end() }
        return try Self(fields: fields)
    }
}
