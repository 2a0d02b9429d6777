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
        /// The layout of ``fields`` among those of this cache's items (``FieldLayouts``).
        @usableFromInline let layout: Int

        @usableFromInline
        init(item: Item, context: Context, fields: [ScreenField], layout: Int) {
            self.item = item
            self.context = context
            self.fields = fields
            self.layout = layout
        }
    }

    @usableFromInline var entries: [String: Entry] = [:]
    /// The layouts of the fields made, numbered once an item, so that a list's table finds a
    /// column's field at the same place in every row of a layout without comparing each
    /// row's keys (``ScreenTable/ListRows/init(marks:fields:layouts:columns:)``).
    @usableFromInline var layouts = FieldLayouts()
    @usableFromInline let make: @MainActor (Item, Context) -> [ScreenField]

    public init(_ make: @escaping @MainActor (Item, Context) -> [ScreenField]) {
        self.make = make
    }

    @inlinable
    public func fields(_ item: Item, _ context: Context) -> [ScreenField] {
        guard let id = item.itemID else { return make(item, context) }
        if let entry = entries[id], entry.item == item, entry.context == context { return entry.fields }
        let fields = make(item, context)
        entries[id] = Entry(item: item, context: context, fields: fields, layout: layouts.layout(of: fields))
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

    /// `rows` as a list's table keeps them (``ScreenTable/ListRows``): each row's mark (its
    /// number, id and star), its item's ``fields(_:)`` and their layout, in one pass over the
    /// rows where they are stored, each item's id asked once (docs/performance.md).
    /// - Parameter columns: the list's own columns, after ``ScreenTable/listColumns``.
    @inlinable
    public func listRows(_ rows: [ListRow<Item>], columns: [ScreenTable.Column]) -> ScreenTable.ListRows {
        var marks: [ScreenTable.ListRows.Mark] = []
        var rowFields: [[ScreenField]] = []
        var rowLayouts: [Int] = []
        marks.reserveCapacity(rows.count)
        rowFields.reserveCapacity(rows.count)
        rowLayouts.reserveCapacity(rows.count)
        var made: [(id: String, entry: Entry)] = []
        do {
            // The entries are read once, not checked for exclusive access at every row; those
            // made are added after, so that this copy is never written to (which would copy
            // every entry).
            let entries = entries
            rows.withUnsafeBufferPointer { rows in
                for index in rows.indices {
                    let id = rows[index].item.itemID
                    marks.append(ScreenTable.ListRows.Mark(number: rows[index].number, id: id, isFavourite: rows[index].isFavourite))
                    if let id, let entry = entries[id], entry.item == rows[index].item {
                        rowFields.append(entry.fields)
                        rowLayouts.append(entry.layout)
                        continue
                    }
                    let fields = make(rows[index].item, FieldsCacheNoContext())
                    let layout = layouts.layout(of: fields)
                    if let id {
                        made.append((id, Entry(item: rows[index].item, context: FieldsCacheNoContext(), fields: fields, layout: layout)))
                    }
                    rowFields.append(fields)
                    rowLayouts.append(layout)
                }
            }
        }
        for (id, entry) in made { entries[id] = entry }
        return ScreenTable.ListRows(marks: marks, fields: rowFields, layouts: rowLayouts, columns: columns)
    }
}
