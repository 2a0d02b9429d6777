extension ScreenTable {
    /// The columns every list starts with: `#` (`row`) and `★` (`favourite`), and the API's `id`
    /// for data readers.
    public static let listColumns: [Column] = [
        Column("row", title: "#", alignment: .right, truncatable: false),
        Column("favourite", title: "★", truncatable: false, minimumWidth: 1),
        .data("id"),
    ]

    /// The rows of a list as they are made from (each row's number, star and id, and its
    /// item's fields), rather than as cells. A list's table is made anew whenever the list
    /// changes, and most of its cells are for data readers alone (13 of a character's 19):
    /// text reads the cells of the columns it shows, JSON and CSV those of theirs, each made
    /// as it is read. The columns are ``listColumns`` and then the list's own, each of which
    /// shows the field of its key (see ``ScreenTable/list(_:columns:fields:)``).
    public struct ListRows: Sendable, Equatable {
        /// What a row shows of itself rather than of its item: the cells of ``listColumns``.
        public struct Mark: Sendable, Equatable {
            public var number: Int?
            public var id: String?
            public var isFavourite: Bool

            public init(number: Int?, id: String?, isFavourite: Bool) {
                self.number = number
                self.id = id
                self.isFavourite = isFavourite
            }

            /// Its number, its star (none when it cannot be a favourite: it has no id) and its id.
            public var cells: [Cell] {
                listColumns.indices.map { Cell(text($0), value($0)) }
            }

            func text(_ column: Int) -> String {
                switch column {
                case 0: number.map { ReadableNumber.decimal($0) } ?? ""
                case 1: id == nil ? "" : isFavourite ? "★" : "☆"
                default: ""
                }
            }

            func value(_ column: Int) -> JSONValue {
                switch column {
                case 0: .optional(number)
                case 1: id == nil ? .null : .bool(isFavourite)
                default: .optional(id)
                }
            }
        }

        var marks: [Mark]
        var fields: [[ScreenField]]
        /// For each row, where each of the list's own columns finds its field in the row's
        /// fields (nil: the row has none of that key).
        var positions: [[Int?]]

        /// - Parameters:
        ///   - columns: the list's own columns, after ``listColumns``.
        public init(marks: [Mark], fields: [[ScreenField]], columns: [Column]) {
            precondition(marks.count == fields.count, "a mark and fields for each row")
            self.marks = marks
            self.fields = fields
            // Rows of one feature usually have the same fields in the same order: such a row's
            // columns find their fields where the first row's did. Only a row that differs is
            // looked at key by key (some twenty columns and fields: looking through the keys
            // costs less than hashing them).
            func positions(_ fields: UnsafeBufferPointer<ScreenField>) -> [Int?] {
                columns.map { column in fields.firstIndex { $0.key == column.key } }
            }
            let firstKeys = fields.first.map { $0.map(\.key) } ?? []
            let firstPositions = fields.first.map { $0.withUnsafeBufferPointer(positions) } ?? []
            // Fields are read where they are stored (docs/performance.md).
            self.positions = fields.map { row in
                row.withUnsafeBufferPointer { row in
                    row.count == firstKeys.count && row.indices.allSatisfy { row[$0].key == firstKeys[$0] } ? firstPositions : positions(row)
                }
            }
        }

        var count: Int { marks.count }

        /// The text of `row`'s cell in `column` (an index into the table's columns).
        func text(row: Int, column: Int, of columns: [Column]) -> String {
            let own = column - listColumns.count
            guard own >= 0 else { return marks[row].text(column) }
            guard columns[column].visibility.inText, let position = positions[row][own] else { return "" }
            // Read where it is stored (docs/performance.md).
            return fields[row].withUnsafeBufferPointer { fields in
                columns[column].showsValue ? Cell.text(of: fields[position].value) : fields[position].text
            }
        }

        /// The raw value of `row`'s cell in `column`.
        func value(row: Int, column: Int) -> JSONValue {
            let own = column - listColumns.count
            guard own >= 0 else { return marks[row].value(column) }
            guard let position = positions[row][own] else { return .null }
            return fields[row][position].value
        }
    }
}
