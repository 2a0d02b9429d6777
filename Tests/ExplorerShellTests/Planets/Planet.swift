import ExplorerCore

/// A planet as the feature's API answers it.
struct Planet: ListItem, Decodable {
    var id: String
    var name: String
    var climate: String
    var population: Int?

    var itemID: String? { id }
    var favouriteTitle: String { name }
}
