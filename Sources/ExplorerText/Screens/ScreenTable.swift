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
    /// Each row has one cell per column, in column order.
    public var rows: [[Cell]]
    public var showsHeader = true
    /// The member its rows are under in JSON: `rows` for the screen's own list; another name
    /// (`videos`) for a table that accompanies something else, which CSV does not take for the
    /// screen's table.
    public var key: String

    public init(columns: [Column], rows: [[Cell]] = [], showsHeader: Bool = true, key: String = "rows") {
        self.columns = columns
        self.rows = rows
        self.showsHeader = showsHeader
        self.key = key
    }

    /// The rows as JSON objects of the data columns.
    public var dataRows: [JSONValue] {
        let data = columns.indices.filter { columns[$0].visibility.inData }
        return rows.map { row in
            var object = JSONObject()
            for index in data { object[columns[index].key] = index < row.count ? row[index].value : .null }
            return .object(object)
        }
    }

    /// The table as text lays it out: the text columns and their cells.
    public var textTable: TextTable {
        let shown = columns.indices.filter { columns[$0].visibility.inText }
        var cells: [String] = []
        cells.reserveCapacity(rows.count * shown.count)
        // Rows are read where they are stored (a row copied out retains each of its cells).
        for row in rows.indices {
            rows[row].withUnsafeBufferPointer { row in
                for index in shown { cells.append(index < row.count ? row[index].text : "") }
            }
        }
        var table = TextTable(
            columns: shown.map { index in
                let column = columns[index]
                return TextTable.Column(column.title, alignment: column.alignment, truncatable: column.isTruncatable,
                                        minimumWidth: column.minimumWidth, dropOrder: column.dropOrder, wraps: column.wraps)
            },
            cells: cells, rowCount: rows.count)
        table.showsHeader = showsHeader
        return table
    }
}
