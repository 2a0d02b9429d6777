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
            var layouts = FieldLayouts()
            self.init(marks: marks, fields: fields, layouts: fields.map { layouts.layout(of: $0) }, columns: columns)
        }

        /// - Parameters:
        ///   - layouts: each row's layout (``FieldLayouts``): rows of the same layout have
        ///     fields of the same keys in the same order.
        ///   - columns: the list's own columns, after ``listColumns``.
        public init(marks: [Mark], fields: [[ScreenField]], layouts: [Int], columns: [Column]) {
            precondition(marks.count == fields.count && layouts.count == fields.count, "a mark, fields and a layout for each row")
            self.marks = marks
            self.fields = fields
            // A row's columns find their fields where those of the first row of its layout
            // did: only that row is looked at key by key (some twenty columns and fields:
            // looking through the keys costs less than hashing them). The first few layouts
            // are remembered; a row of any other is looked at on its own.
            func places(in fields: [ScreenField]) -> [Int?] {
                columns.map { column in fields.firstIndex { $0.key == column.key } }
            }
            var found: [(layout: Int, positions: [Int?])] = []
            var positions: [[Int?]] = []
            positions.reserveCapacity(fields.count)
            for row in fields.indices {
                if let known = found.first(where: { $0.layout == layouts[row] }) {
                    positions.append(known.positions)
                    continue
                }
                let made = places(in: fields[row])
                if found.count < FieldLayouts.kept { found.append((layouts[row], made)) }
                positions.append(made)
            }
            self.positions = positions
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

        /// The text of every row's cells in `shown` (indices into the table's `columns`, each
        /// visible in text), row after row, appended to `cells`: what ``text(row:column:of:)``
        /// gives, with what each column shows found once rather than for every cell.
        func appendTexts(columns shown: [Int], of columns: [Column], to cells: inout [String]) {
            let own = shown.map { $0 - listColumns.count }
            let showsValue = shown.map { columns[$0].showsValue }
            for row in 0..<count {
                // Read where they are stored (docs/performance.md).
                positions[row].withUnsafeBufferPointer { positions in
                    fields[row].withUnsafeBufferPointer { fields in
                        for index in shown.indices {
                            guard own[index] >= 0 else {
                                cells.append(marks[row].text(shown[index]))
                                continue
                            }
                            guard let position = positions[own[index]] else {
                                cells.append("")
                                continue
                            }
                            cells.append(showsValue[index] ? Cell.text(of: fields[position].value) : fields[position].text)
                        }
                    }
                }
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
