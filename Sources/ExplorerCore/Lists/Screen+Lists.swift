extension Screen {
    /// What `fav` shows: `★ Millennium Falcon is now a favourite` (or `☆ … is no longer a
    /// favourite`); in JSON the row, the id, the title and `favourite`.
    public static func favouriteToggled<Item: ListItem>(_ row: ListRow<Item>, feature: String) -> Screen {
        let title = row.item.favouriteTitle
        let text = row.isFavourite ? "★ \(title) is now a favourite" : "☆ \(title) is no longer a favourite"
        return .message(text, feature: feature, kind: "favourite", facts: [
            "row": .optional(row.number), "id": .optional(row.item.itemID), "title": .string(title),
            "favourite": .bool(row.isFavourite),
        ])
    }

    /// A detail: the item's star and title with its row number aside (`☆ Millennium Falcon  (row 5)`),
    /// then its fields; in JSON `row`, `favourite` and `id`, then the fields as members.
    public static func detail<Item: ListItem>(
        _ row: ListRow<Item>, feature: String, title: String, fields: [ScreenField]
    ) -> Screen {
        let star = row.canBeFavourite ? (row.isFavourite ? "★" : "☆") : " "
        return Screen(
            feature: feature, kind: "detail",
            facts: ["row": .optional(row.number), "favourite": row.canBeFavourite ? .bool(row.isFavourite) : .null,
                    "id": .optional(row.item.itemID)],
            blocks: [.heading("\(star) \(title)", aside: row.number.map { "  (row \($0))" }), .fields(fields)])
    }

    /// Says, as a warning, why favourites could not be read, if they could not (the screen
    /// shows without stars).
    public mutating func warnFavouritesUnavailable(_ problem: String?) {
        if let problem { warnings.append("favourites unavailable: \(problem)") }
    }
}

extension ScreenTable {
    /// The columns every list starts with: `#` (`row`) and `★` (`favourite`), and the API's `id`
    /// for data readers.
    public static let listColumns: [Column] = [
        Column("row", title: "#", alignment: .right, truncatable: false),
        Column("favourite", title: "★", truncatable: false, minimumWidth: 1),
        .data("id"),
    ]

    /// The cells of ``listColumns`` for a row: its number, its star (none when it cannot be a
    /// favourite) and its id.
    public static func listCells<Item: ListItem>(_ row: ListRow<Item>) -> [Cell] {
        [
            Cell(row.number.map(String.init) ?? "", .optional(row.number)),
            row.canBeFavourite ? Cell(row.isFavourite ? "★" : "☆", .bool(row.isFavourite)) : Cell("", .null),
            .data(.optional(row.item.itemID)),
        ]
    }
}

extension ScreenTable {
    /// A list of items: `#`, `★` (and the API's `id` for data readers), then `columns` as text
    /// shows them — each showing the item's field of the same key — then every other field of
    /// the items for data readers only, so that a row in JSON holds what its detail does.
    public static func list<Item: ListItem>(
        _ rows: [ListRow<Item>], columns: [Column], fields: (Item) -> [ScreenField]
    ) -> ScreenTable {
        let shownKeys = Set(columns.map(\.key))
        var dataKeys: [String] = []
        var rowFields: [[String: ScreenField]] = []
        for row in rows {
            var byKey: [String: ScreenField] = [:]
            for field in fields(row.item) {
                byKey[field.key] = field
                if !shownKeys.contains(field.key), field.visibility.inData, !dataKeys.contains(field.key) {
                    dataKeys.append(field.key)
                }
            }
            rowFields.append(byKey)
        }
        let cells = zip(rows, rowFields).map { row, byKey in
            listCells(row)
                + columns.map { column in byKey[column.key].map { Cell($0.text, $0.value) } ?? Cell("", .null) }
                + dataKeys.map { .data(byKey[$0]?.value ?? .null) }
        }
        return ScreenTable(columns: listColumns + columns + dataKeys.map(Column.data), rows: cells)
    }
}
