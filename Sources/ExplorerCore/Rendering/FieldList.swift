/// A detail screen's body: labels in one column, values aligned beside them, indented two spaces.
public enum FieldList {
    public static func render(_ fields: [(label: String, value: String)], width: Int, style: Style = .plain) -> String {
        var table = TextTable(columns: [.init("field", truncatable: false), .init("value")],
                              rows: fields.map { ["  " + $0.label, $0.value] })
        table.showsHeader = false
        return table.render(width: width, style: style)
    }
}
