import ExplorerCore

/// An item of a SWAPI list (a starship, a person): named, and identified by its URL.
public protocol SWAPIItem: ListItem, Decodable {
    var name: String { get }
    /// Its own address, `https://swapi.dev/api/starships/10/`.
    var url: String { get }
}

extension SWAPIItem {
    /// SWAPI's id, from the URL (`…/starships/10/` → `10`); the name when the URL has none.
    public var id: String { Self.id(url: url, name: name) }

    /// The id of an item at `url` called `name`: from the URL, else the name.
    public static func id(url: String, name: String) -> String { SWAPIResource.id(fromURL: url) ?? name }

    public var itemID: String? { id }
    public var favouriteTitle: String { name }
}
