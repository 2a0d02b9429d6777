@testable import ExplorerCore
import ExplorerText
import Testing

private struct Moon: ListItem {
    var name: String
    var radius: Double?
    var note: String?
    var itemID: String? { name.isEmpty ? nil : name }
    var favouriteTitle: String { name }
}

/// A list's table keeps its rows as their marks and fields and makes cells as they are read:
/// whatever reads it (text, JSON, CSV, a comparison) finds the cells a table of those cells has.
@Suite("ScreenTable.list")
@MainActor
struct ScreenTableListTests {
    private static let columns: [ScreenTable.Column] = [
        .init("name"), .number("radius_km", title: "radius"), .init("note"), .data("moons_of"),
    ]

    /// Fields in varying order and number, as a feature's may be: a moon with no note has no
    /// `note` field; a moon whose fields come in another order is looked up key by key.
    private static func fields(_ moon: Moon) -> [ScreenField] {
        var fields = [ScreenField.data("name", .string(moon.name)),
                      ScreenField("radius_km", text: moon.radius.map { "\($0) km" } ?? "unknown", value: .optional(moon.radius)),
                      ScreenField("moons_of", "Jupiter"), ScreenField("unlisted", "in no column")]
        if let note = moon.note { fields.append(ScreenField("note", note)) }
        if moon.name == "Io" { fields.reverse() }
        return fields
    }

    private static let rows = [
        ListRow(number: 1, item: Moon(name: "Europa", radius: 1560.8, note: "ice"), isFavourite: true),
        ListRow(number: 2, item: Moon(name: "Io", radius: 1821.6, note: "volcanoes"), isFavourite: false),
        ListRow(number: 1000, item: Moon(name: "Ganymede", radius: nil, note: nil), isFavourite: false),
        ListRow(number: nil, item: Moon(name: "", radius: 2410, note: "no id"), isFavourite: false),
    ]

    /// The same table written out cell by cell.
    private static let cells: [[ScreenTable.Cell]] = [
        [.init("1", .int(1)), .init("★", .bool(true)), .init("", .string("Europa")),
         .init("Europa"), .init("1,560.8", .double(1560.8)), .init("ice"), .init("", .string("Jupiter"))],
        [.init("2", .int(2)), .init("☆", .bool(false)), .init("", .string("Io")),
         .init("Io"), .init("1,821.6", .double(1821.6)), .init("volcanoes"), .init("", .string("Jupiter"))],
        [.init("1000", .int(1000)), .init("☆", .bool(false)), .init("", .string("Ganymede")),
         .init("Ganymede"), .init("unknown", .null), .init("", .null), .init("", .string("Jupiter"))],
        [.init("", .null), .init("", .null), .init("", .null),
         .init(""), .init("2,410", .double(2410)), .init("no id"), .init("", .string("Jupiter"))],
    ]

    private let list = ScreenTable.list(Self.rows, columns: Self.columns, fields: Self.fields)
    private let written = ScreenTable(columns: ScreenTable.listColumns + Self.columns, rows: Self.cells)

    @Test func hasTheCellsOfItsRows() {
        #expect(list.rowCount == 4)
        #expect(list.rows == Self.cells)
        #expect(list.columns == written.columns)
    }

    @Test func readsAsTheTableOfItsCells() {
        #expect(list == written && written == list)
        #expect(list.dataRows == written.dataRows)
        let text = (list.textTable, written.textTable)
        #expect(text.0.columns.map(\.title) == ["#", "★", "name", "radius", "note"])
        #expect(text.0.cells == text.1.cells && text.0.rowCount == text.1.rowCount)
        for width in [30, 80] {
            #expect(text.0.render(width: width, style: .plain) == text.1.render(width: width, style: .plain))
        }
        let screen = { (table: ScreenTable) in Screen(feature: "moons", kind: "list", blocks: [.table(table)]) }
        #expect(CSVRenderer.render(screen(list)) == CSVRenderer.render(screen(written)))
        #expect(JSONWriter.string(screen(list).json) == JSONWriter.string(screen(written).json))
    }

    @Test func differsWhereACellDoes() {
        var starred = Self.rows
        starred[1].isFavourite = true
        #expect(ScreenTable.list(starred, columns: Self.columns, fields: Self.fields) != list)
        var cells = Self.cells
        cells[3][5] = .init("no ID")
        #expect(ScreenTable(columns: written.columns, rows: cells) != list)
        #expect(list != ScreenTable.list(Array(Self.rows.prefix(3)), columns: Self.columns, fields: Self.fields))
    }

    @Test func fieldsNoColumnShowsDoNotMakeItDiffer() {
        let other = ScreenTable.list(Self.rows, columns: Self.columns) { moon in
            Self.fields(moon).map { $0.key == "unlisted" ? ScreenField("unlisted", "something else") : $0 }
        }
        #expect(other == list)
    }
}
