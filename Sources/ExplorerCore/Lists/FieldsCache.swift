import ExplorerText

/// Remembers the fields a view made for each item, so that a list or a detail shown again
/// (after `back`, `fav`, another page) does not format every value anew. An item is looked up
/// by its id and its fields are reused only while the item, and the context they were made in
/// (the names a detail gives its links, say), are unchanged.
@MainActor
public final class FieldsCache<Item: ListItem, Context: Equatable> {
    /// An item's fields and what they were made from (a class: docs/performance.md).
    @usableFromInline
    final class Entry {
        @usableFromInline let item: Item
        @usableFromInline let context: Context
        @usableFromInline let fields: [ScreenField]

        @usableFromInline
        init(item: Item, context: Context, fields: [ScreenField]) {
            self.item = item
            self.context = context
            self.fields = fields
        }
    }

    @usableFromInline var entries: [String: Entry] = [:]
    @usableFromInline let make: @MainActor (Item, Context) -> [ScreenField]

    public init(_ make: @escaping @MainActor (Item, Context) -> [ScreenField]) {
        self.make = make
    }

    @inlinable
    public func fields(_ item: Item, _ context: Context) -> [ScreenField] {
        guard let id = item.itemID else { return make(item, context) }
        if let entry = entries[id], entry.item == item, entry.context == context { return entry.fields }
        let fields = make(item, context)
        entries[id] = Entry(item: item, context: context, fields: fields)
        return fields
    }
}

extension FieldsCache where Context == FieldsCacheNoContext {
    /// Fields that depend on the item alone.
    public convenience init(_ make: @escaping @MainActor (Item) -> [ScreenField]) {
        self.init { item, _ in make(item) }
    }

    @inlinable
    public func fields(_ item: Item) -> [ScreenField] {
        fields(item, FieldsCacheNoContext())
    }

    /// ``fields(_:)`` of each row's item, the items looked at where the rows are stored
    /// (docs/performance.md).
    @inlinable
    public func fields(ofRows rows: [ListRow<Item>]) -> [[ScreenField]] {
        var result: [[ScreenField]] = []
        result.reserveCapacity(rows.count)
        rows.withUnsafeBufferPointer { rows in
            for index in rows.indices {
                if let id = rows[index].item.itemID, let entry = entries[id], entry.item == rows[index].item {
                    result.append(entry.fields)
                } else {
                    result.append(fields(rows[index].item))
                }
            }
        }
        return result
    }
}
