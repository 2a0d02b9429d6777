/// An item a list-and-detail feature shows: a starship, a character, a track.
public protocol ListItem: Sendable, Equatable {
    /// The API's id for it (`"10"` for the Millennium Falcon): what favourites keep and JSON
    /// gives as `id`. Nil when it has none, and then it cannot be a favourite.
    var itemID: String? { get }
    /// What favourites and `fav` call it.
    var favouriteTitle: String { get }
    /// What the id is called in messages (`track id`); `id` unless the item says otherwise.
    static var idName: String { get }
}

extension ListItem {
    public static var idName: String { "id" }
}
