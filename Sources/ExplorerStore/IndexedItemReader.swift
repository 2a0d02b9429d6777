import Foundation
internal import GRDB

/// Reads ``IndexedItem``s from the rows of a query of the offline index, in turn: their columns
/// by position (``OfflineIndex``'s `columns`, not looked up by name in every row), and each
/// stored date parsed once for a run of rows that hold the same text — a page's titles are
/// fetched, and kept, at one time, and GRDB's parse of a date is most of reading a row.
struct IndexedItemReader {
    /// The last date's text as stored, and the date GRDB read from it (nil: it could not).
    private var lastDate: (text: String, date: Date?)?

    /// The item in `row`, or nil when a value in it cannot be read (a date GRDB cannot parse,
    /// a blob where text should be): that item is left out of what is found, where GRDB's
    /// subscripts would trap.
    mutating func item(_ row: Row) -> IndexedItem? {
        guard let fetchedAt = date(row, at: 5) else { return nil }
        return try? IndexedItem(key: row.decode(atIndex: 0), title: row.decode(atIndex: 1), originalTitle: row.decode(atIndex: 2),
                                text: row.decode(atIndex: 3), payload: row.decode(atIndex: 4), fetchedAt: fetchedAt)
    }

    /// Whether the date in column `index` of `row` can be read: whether ``item(_:)`` would
    /// read the item's row rather than pass it over.
    mutating func hasDate(_ row: Row, at index: Int) -> Bool {
        date(row, at: index) != nil
    }

    /// The date in column `index`, as GRDB reads it: the same text gives the same date, so a
    /// text met just before is not parsed again.
    private mutating func date(_ row: Row, at index: Int) -> Date? {
        let value: DatabaseValue = row[index]
        guard case .string(let text) = value.storage else { return try? row.decode(atIndex: index) }
        if let lastDate, lastDate.text == text { return lastDate.date }
        let date: Date? = try? row.decode(atIndex: index)
        lastDate = (text, date)
        return date
    }
}
