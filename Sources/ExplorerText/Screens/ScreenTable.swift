/// A table of a ``Screen``: named columns and typed cells. Text shows the columns meant for it,
/// fitted to the width (``TextTable``); JSON gives each row as an object of raw values keyed by
/// column (`{"row": 12, "favourite": true, "id": "22", "name": "Imperial shuttle", …}`); CSV
/// writes the same values under a header of the keys.
public struct ScreenTable: Sendable, Equatable {
    public struct Column: Sendable, Equatable {
        /// The name in JSON and CSV: `row`, `favourite`, `name`, `length_m`.
        public var key: String
        /// The heading in text: `#`, `★`, `name`.
        public var title: String
        public var alignment: TextTable.Column.Alignment
        /// Columns that must never be cut (row numbers, stars) set this to false.
        public var isTruncatable: Bool
        public var minimumWidth: Int
        /// Left out of a text too narrow for it, lowest first (see ``TextTable/Column/dropOrder``).
        public var dropOrder: Int?
        public var visibility: ScreenVisibility
        /// In a list, show the field's raw value (`100,000`) rather than its detail text
        /// (`100,000 credits`): for a number in a narrow column.
        public var showsValue: Bool
        /// Cells wrapped onto more lines rather than cut (see ``TextTable/Column/wraps``).
        public var wraps: Bool

        public init(_ key: String, title: String? = nil, alignment: TextTable.Column.Alignment = .left,
                    truncatable: Bool = true, minimumWidth: Int = 4, dropOrder: Int? = nil,
                    visibility: ScreenVisibility = .textAndData, showsValue: Bool = false, wraps: Bool = false) {
            self.key = key
            self.title = title ?? key
            self.alignment = alignment
            self.isTruncatable = truncatable
            self.minimumWidth = minimumWidth
            self.dropOrder = dropOrder
            self.visibility = visibility
            self.showsValue = showsValue
            self.wraps = wraps
        }

        /// A number a list is sorted by, right-aligned beside the name. Text only: data readers
        /// have the value in its own column, so the columns of JSON and CSV never move with the sort.
        public static func number(_ key: String, title: String) -> Column {
            Column(key, title: title, alignment: .right, truncatable: false, visibility: .textOnly, showsValue: true)
        }

        /// Columns only JSON and CSV readers see, in this order.
        public static func data(_ keys: [String]) -> [Column] {
            keys.map(data)
        }

        /// A column only JSON and CSV readers see.
        public static func data(_ key: String) -> Column {
            Column(key, visibility: .dataOnly)
        }
    }

    /// What a cell shows as text, and its raw value for JSON and CSV.
    public struct Cell: Sendable, Equatable {
        public var text: String
        public var value: JSONValue

        public init(_ text: String, _ value: JSONValue) {
            self.text = text
            self.value = value
        }

        /// A string shown as it is and given as it is.
        public init(_ text: String) {
            self.init(text, .string(text))
        }

        /// A string, or `null` (shown empty) when there is none.
        public static func optional(_ text: String?) -> Cell {
            Cell(text ?? "", .optional(text))
        }

        /// A value only data readers see.
        public static func data(_ value: JSONValue) -> Cell {
            Cell("", value)
        }

        /// A raw value as text: numbers grouped (`1,600`), a range as `30–165`, `unknown` for null.
        public static func value(_ value: JSONValue) -> Cell {
            Cell(text(of: value), value)
        }

        static func text(of value: JSONValue) -> String {
            switch value {
            case .null: "unknown"
            case .bool(let flag): flag ? "yes" : "no"
            case .int(let number): ReadableNumber.grouping(number)
            case .double(let number): ReadableNumber.format(JSONWriter.number(number))
            case .string(let text): text
            case .array(let values): values.map(text(of:)).joined(separator: ", ")
            case .object(let object):
                if let low = object["min"], let high = object["max"] { "\(text(of: low))–\(text(of: high))" }
                else { JSONWriter.string(value) }
            }
        }
    }

    public var columns: [Column]
    /// Each row has one cell per column, in column order. A list's rows are kept as what they
    /// are made from (``ListRows``) and their cells made as they are read.
    public var rows: [[Cell]] {
        get {
            switch content {
            case .cells(let rows): rows
            case .list(let list): (0..<list.count).map { row in columns.indices.map { cell(row: row, column: $0) } }
            }
        }
        set { content = .cells(newValue) }
    }
    public var showsHeader = true
    /// The member its rows are under in JSON: `rows` for the screen's own list; another name
    /// (`videos`) for a table that accompanies something else, which CSV does not take for the
    /// screen's table.
    public var key: String
    var content: Content

    /// Where the rows are: cells, or a list's rows.
    enum Content: Sendable, Equatable {
        case cells([[Cell]])
        case list(ListRows)
    }

    public init(columns: [Column], rows: [[Cell]] = [], showsHeader: Bool = true, key: String = "rows") {
        self.columns = columns
        self.content = .cells(rows)
        self.showsHeader = showsHeader
        self.key = key
    }

    /// A list's table: ``listColumns`` and then `columns`, of `rows`.
    public init(listColumns columns: [Column], rows: ListRows) {
        self.columns = Self.listColumns + columns
        self.content = .list(rows)
        self.key = "rows"
    }

    public var rowCount: Int {
        switch content {
        case .cells(let rows): rows.count
        case .list(let list): list.count
        }
    }

    /// Equal when the columns and every cell are (a list's rows are compared as they are kept
    /// first: rows made from the same fields are equal at once).
    public static func == (lhs: ScreenTable, rhs: ScreenTable) -> Bool {
        guard lhs.columns == rhs.columns, lhs.showsHeader == rhs.showsHeader, lhs.key == rhs.key,
              lhs.rowCount == rhs.rowCount else { return false }
        switch (lhs.content, rhs.content) {
        case (.cells(let left), .cells(let right)): return left == right
        case (.list(let left), .list(let right)) where left == right: return true
        default:
            // Cell by cell, so that tables that differ (most) are found to at once.
            for row in 0..<lhs.rowCount {
                for column in lhs.columns.indices where lhs.cell(row: row, column: column) != rhs.cell(row: row, column: column) {
                    return false
                }
            }
            return true
        }
    }

    /// `row`'s cell in `column` (empty and `null` where a row has no such cell).
    func cell(row: Int, column: Int) -> Cell {
        switch content {
        case .cells(let rows): column < rows[row].count ? rows[row][column] : Cell("", .null)
        case .list(let list): Cell(list.text(row: row, column: column, of: columns), list.value(row: row, column: column))
        }
    }

    /// The raw value of `row`'s cell in `column` (`null` where a row has no such cell).
    func value(row: Int, column: Int) -> JSONValue {
        switch content {
        case .cells: cell(row: row, column: column).value
        case .list(let list): list.value(row: row, column: column)
        }
    }

    /// The rows as JSON objects of the data columns.
    public var dataRows: [JSONValue] {
        let data = columns.indices.filter { columns[$0].visibility.inData }
        return (0..<rowCount).map { row in
            var object = JSONObject()
            for index in data { object[columns[index].key] = value(row: row, column: index) }
            return .object(object)
        }
    }

    /// The table as text lays it out: the text columns and their cells.
    public var textTable: TextTable {
        let shown = columns.indices.filter { columns[$0].visibility.inText }
        var cells: [String] = []
        cells.reserveCapacity(rowCount * shown.count)
        switch content {
        case .cells(let rows):
            // Rows are read where they are stored (docs/performance.md).
            for row in rows.indices {
                rows[row].withUnsafeBufferPointer { row in
                    for index in shown { cells.append(index < row.count ? row[index].text : "") }
                }
            }
        case .list(let list):
            list.appendTexts(columns: shown, of: columns, to: &cells)
        }
        var table = TextTable(
            columns: shown.map { index in
                let column = columns[index]
                return TextTable.Column(column.title, alignment: column.alignment, truncatable: column.isTruncatable,
                                        minimumWidth: column.minimumWidth, dropOrder: column.dropOrder, wraps: column.wraps)
            },
            cells: cells, rowCount: rowCount)
        table.showsHeader = showsHeader
        return table
    }
}
