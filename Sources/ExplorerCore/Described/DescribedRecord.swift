import ExplorerText

/// A record of a described feature: the API's JSON for it as it came, with its id and name
/// read once by the description (``DescribedList``).
public struct DescribedRecord: ListItem {
    /// The row (or, once opened, the whole record) as the API sent it.
    public let json: JSONValue
    public let itemID: String?
    public let favouriteTitle: String

    public init(json: JSONValue, itemID: String?, favouriteTitle: String) {
        self.json = json
        self.itemID = itemID
        self.favouriteTitle = favouriteTitle
    }
}
