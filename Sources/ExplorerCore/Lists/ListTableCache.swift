import ExplorerText

/// The tables a list view made lately, so that a list shown again — after `back`, after paging
/// back, after a command that changed nothing in it — is not laid out anew: a table is reused
/// when the rows and columns it was made from equal the new ones (cheap to compare: unchanged
/// rows share their storage). Tables not found here are made from ``fields``, which keeps each
/// item's fields.
///
/// Inlinable, like ``ScreenTable/list(_:columns:fields:)`` and ``FieldsCache``: compiled for
/// each feature's own item type.
@MainActor
public final class ListTableCache<Item: ListItem> {
    /// What a table is made from. Equal when the rows and columns are; numbers and stars are
    /// compared first, since most lists that differ differ there, and comparing them costs
    /// nothing beside comparing every field of every item.
    @usableFromInline
    struct Source: Equatable {
        @usableFromInline var rows: [ListRow<Item>]
        @usableFromInline var columns: [ScreenTable.Column]

        @usableFromInline
        init(rows: [ListRow<Item>], columns: [ScreenTable.Column]) {
            self.rows = rows
            self.columns = columns
        }

        @inlinable
        static func == (lhs: Source, rhs: Source) -> Bool {
            guard lhs.rows.count == rhs.rows.count else { return false }
            // Rows are looked at where they are stored (docs/performance.md).
            return lhs.rows.withUnsafeBufferPointer { left in
                rhs.rows.withUnsafeBufferPointer { right in
                    // Unchanged rows share their storage: equal at once.
                    if left.baseAddress == right.baseAddress { return lhs.columns == rhs.columns }
                    for index in left.indices
                    where left[index].number != right[index].number || left[index].isFavourite != right[index].isFavourite {
                        return false
                    }
                    guard lhs.columns == rhs.columns else { return false }
                    for index in left.indices where left[index].item != right[index].item { return false }
                    return true
                }
            }
        }
    }

    public let fields: FieldsCache<Item, FieldsCacheNoContext>
    @usableFromInline var recent: RecentValues<Source, ScreenTable>
    /// How many tables were laid out rather than found: for tests.
    @usableFromInline var madeCount = 0

    /// - Parameters:
    ///   - capacity: how many tables to keep (the least recently shown goes first).
    ///   - fields: every field of an item, as ``ScreenTable/list(_:columns:fields:)`` takes them.
    public init(capacity: Int = 8, fields: @escaping @MainActor (Item) -> [ScreenField]) {
        recent = RecentValues(capacity: capacity)
        self.fields = FieldsCache(fields)
    }

    /// ``ScreenTable/list(_:columns:fields:)`` of `rows`, made again only when not among the
    /// tables kept.
    @inlinable
    public func table(_ rows: [ListRow<Item>], columns: [ScreenTable.Column]) -> ScreenTable {
        recent.value(for: Source(rows: rows, columns: columns)) {
            madeCount += 1
            return ScreenTable(listColumns: columns, rows: fields.listRows(rows, columns: columns))
        }
    }
}
