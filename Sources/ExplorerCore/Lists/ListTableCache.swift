/// The tables a list view made lately, so that a list shown again — after `back`, after paging
/// back, after a command that changed nothing in it — is not laid out anew: a table is reused
/// when the rows and columns it was made from equal the new ones (cheap to compare: unchanged
/// rows share their storage). Tables not found here are made from ``fields``, which keeps each
/// item's fields.
///
/// Inlinable, like ``ScreenTable/list(_:columns:fields:)`` and ``FieldsCache``: compiled for
/// each feature's own item type, so comparing and copying rows costs what it would in the
/// feature, not a generic copy of every item through its value witnesses.
@MainActor
public final class ListTableCache<Item: ListItem> {
    @usableFromInline
    struct Entry {
        @usableFromInline var rows: [ListRow<Item>]
        @usableFromInline var columns: [ScreenTable.Column]
        @usableFromInline var table: ScreenTable

        @usableFromInline
        init(rows: [ListRow<Item>], columns: [ScreenTable.Column], table: ScreenTable) {
            self.rows = rows
            self.columns = columns
            self.table = table
        }
    }

    public let fields: FieldsCache<Item, FieldsCacheNoContext>
    @usableFromInline var recent: [Entry] = []
    @usableFromInline let capacity: Int
    /// How many tables were laid out rather than found: for tests.
    @usableFromInline var madeCount = 0

    /// - Parameters:
    ///   - capacity: how many tables to keep (the least recently shown goes first).
    ///   - fields: every field of an item, as ``ScreenTable/list(_:columns:fields:)`` takes them.
    public init(capacity: Int = 8, fields: @escaping @MainActor (Item) -> [ScreenField]) {
        self.capacity = capacity
        self.fields = FieldsCache(fields)
    }

    /// ``ScreenTable/list(_:columns:fields:)`` of `rows`, made again only when not among the
    /// tables kept.
    @inlinable
    public func table(_ rows: [ListRow<Item>], columns: [ScreenTable.Column]) -> ScreenTable {
        // Numbers and stars first: most lists that differ differ there, and comparing them
        // costs nothing beside comparing every field of every item.
        let found = recent.firstIndex { entry in
            entry.rows.count == rows.count
                && entry.rows.elementsEqual(rows) { $0.number == $1.number && $0.isFavourite == $1.isFavourite }
                && entry.columns == columns && entry.rows == rows
        }
        if let index = found {
            let entry = recent.remove(at: index)
            recent.append(entry)
            return entry.table
        }
        let table = ScreenTable.list(rows, columns: columns, fields: fields.fields)
        madeCount += 1
        recent.append(Entry(rows: rows, columns: columns, table: table))
        if recent.count > capacity { recent.removeFirst() }
        return table
    }
}
