import ExplorerStore
import ExplorerText
import ExplorerClock

extension Screen {
    /// What `fav` shows: `★ Millennium Falcon is now a favourite` (or `☆ … is no longer a
    /// favourite`); in JSON the row, the id, the title and `favourite`.
    public static func favouriteToggled(_ toggle: FavouriteToggle, feature: String) -> Screen {
        let text = toggle.isFavourite ? "★ \(toggle.title) is now a favourite" : "☆ \(toggle.title) is no longer a favourite"
        return .message(text, feature: feature, kind: "favourite", facts: [
            "row": .optional(toggle.number), "id": .string(toggle.itemID), "title": .string(toggle.title),
            "favourite": .bool(toggle.isFavourite),
        ])
    }

    /// A feature's favourites, numbered like any list (`favs`): `open N` opens one, `fav N`
    /// unmarks (or marks again) one. The heading says where this is (`starships › favourites`),
    /// as the prompt does. Ids are written with what they are ids of (`starships/10`), so they
    /// are never taken for row numbers.
    public static func favourites(_ favourites: [FavouriteRow], feature: String) -> Screen {
        var screen = Screen(feature: feature, kind: "favourites",
                            facts: ["all": false, "count": .int(favourites.count)])
        let table = ScreenTable(
            columns: [
                ScreenTable.Column("row", title: "#", alignment: .right, truncatable: false),
                ScreenTable.Column("favourite", title: "★", truncatable: false, minimumWidth: 1),
                ScreenTable.Column("title", minimumWidth: 10),
                ScreenTable.Column("id", truncatable: false, dropOrder: 1),
                .data("created"),
            ],
            rows: favourites.map { row -> [ScreenTable.Cell] in
                let favourite = row.favourite
                return [ScreenTable.Cell(ReadableNumber.decimal(row.number), .int(row.number)),
                        ScreenTable.Cell(row.isFavourite ? "★" : "☆", .bool(row.isFavourite)),
                        ScreenTable.Cell(favourite.title),
                        ScreenTable.Cell("\(feature)/\(favourite.itemID)", .string(favourite.itemID)),
                        .data(favourite.createdAt.map { .string(UTCTimestamp.iso8601($0)) } ?? .null)]
            })
        guard !favourites.isEmpty else {
            screen.blocks = [.line("no \(feature) favourites yet (`fav N` on the list marks one)"), .table(table)]
            return screen
        }
        screen.blocks = [
            .heading("\(feature) › favourites · \(favourites.count)"), .table(table),
            .hint("`open N` shows one · `fav N` unmarks it · `back` returns to the list"),
        ]
        return screen
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
        guard let problem else { return }
        // A damaged database says in full what is wrong, where, and what to do.
        warnings.append(StoreError.isDamageReport(problem) ? problem : "favourites unavailable: \(problem)")
    }
}

extension ScreenTable {
    /// The cells of ``listColumns`` for a row: its number, its star (none when it cannot be a
    /// favourite) and its id.
    @inlinable
    public static func listCells<Item: ListItem>(_ row: ListRow<Item>) -> [Cell] {
        ListRows.Mark(number: row.number, id: row.item.itemID, isFavourite: row.isFavourite).cells
    }
}

extension ScreenTable {
    /// A list of items: `#`, `★` (and the API's `id` for data readers), then `columns`, each
    /// showing the item's field of the same key. `columns` is the list's whole column set:
    /// text shows those visible in text, in their order; JSON and CSV take those visible in
    /// data, in theirs. So a list's data columns are the same whatever its rows and its sort
    /// (a column a sort adds beside the name is text only), and an empty list still has its
    /// header. A field no column names is left out: each feature's tests check that its
    /// columns hold every field of its items, so that a row in JSON holds what its detail does.
    @MainActor @inlinable
    public static func list<Item: ListItem>(
        _ rows: [ListRow<Item>], columns: [Column], fields: @MainActor (Item) -> [ScreenField]
    ) -> ScreenTable {
        var rowFields: [[ScreenField]] = []
        rowFields.reserveCapacity(rows.count)
        for index in rows.indices { rowFields.append(fields(rows[index].item)) }
        return list(rows, columns: columns, rowFields: rowFields)
    }

    /// ``list(_:columns:fields:)`` of rows whose fields are made. The table keeps the fields;
    /// its cells are made as a renderer reads them (see ``ScreenTable/ListRows``).
    @inlinable
    static func list<Item: ListItem>(_ rows: [ListRow<Item>], columns: [Column], rowFields: [[ScreenField]]) -> ScreenTable {
        var marks: [ListRows.Mark] = []
        marks.reserveCapacity(rows.count)
        // Rows are read where they are stored (docs/performance.md).
        rows.withUnsafeBufferPointer { rows in
            for index in rows.indices {
                marks.append(ListRows.Mark(number: rows[index].number, id: rows[index].item.itemID, isFavourite: rows[index].isFavourite))
            }
        }
        return ScreenTable(listColumns: columns, rows: ListRows(marks: marks, fields: rowFields, columns: columns))
    }
}
