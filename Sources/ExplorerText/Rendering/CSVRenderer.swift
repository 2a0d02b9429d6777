import Foundation

/// Writes a table screen as CSV (RFC 4180): a header of the column keys, then one record per
/// row with the raw values JSON gives (`null` is an empty field, numbers and `true`/`false` as
/// they are, lists and objects as JSON text). Fields holding a comma, a quote or a line break
/// are quoted, quotes doubled; records end in CRLF. Text is sanitized as for the terminal
/// (control characters dropped, line breaks made spaces), because data from a server is
/// untrusted wherever it is printed.
public enum CSVRenderer {
    /// The screen's table (or that of a screen nested in it) as CSV: its header alone when it
    /// has no rows. Nothing for a screen that holds no table (a detail, `fav`, `format`): CSV is
    /// for tables, and a command whose screen is not one is not an error for that (JSON shows
    /// every screen).
    public static func render(_ screen: Screen) -> String {
        guard let table = firstTable(in: screen) else { return "" }
        let data = table.columns.indices.filter { table.columns[$0].visibility.inData }
        var text = record(data.map { table.columns[$0].key })
        for row in 0..<table.rowCount {
            text += record(data.map { field(table.value(row: row, column: $0)) })
        }
        return text
    }

    private static func firstTable(in screen: Screen) -> ScreenTable? {
        if let table = screen.table { return table }
        for block in screen.blocks {
            if case .screen(_, let nested) = block, let table = firstTable(in: nested) { return table }
        }
        return nil
    }

    private static func record(_ fields: [String]) -> String {
        fields.map(quoted).joined(separator: ",") + "\r\n"
    }

    static func field(_ value: JSONValue) -> String {
        switch value {
        case .null: ""
        case .bool(let value): value ? "true" : "false"
        case .int(let value): String(value)
        case .double(let value): JSONWriter.number(value)
        case .string(let value): value.sanitizedForTerminal
        case .array, .object: JSONWriter.string(value)
        }
    }

    static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }) || field.hasPrefix(" ") || field.hasSuffix(" ") else {
            return field
        }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
