/// Remembers the fields a view made for each item, so that a list shown again (after `back`,
/// `fav`, another page) does not format every value of every row anew. An item is looked up
/// by its id and its fields are reused only while the item is unchanged.
@MainActor
public final class FieldsCache<Item: ListItem> {
    private var entries: [String: (item: Item, fields: [ScreenField])] = [:]
    private let make: @MainActor (Item) -> [ScreenField]

    public init(_ make: @escaping @MainActor (Item) -> [ScreenField]) {
        self.make = make
    }

    public func fields(_ item: Item) -> [ScreenField] {
        guard let id = item.itemID else { return make(item) }
        if let entry = entries[id], entry.item == item { return entry.fields }
        let fields = make(item)
        entries[id] = (item, fields)
        return fields
    }
}
