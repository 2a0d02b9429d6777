/// A detail screen's body: labels in one column, values aligned beside them, indented two
/// spaces. A value too long for the width wraps at spaces onto lines aligned under it.
public enum FieldList {
    public static func render(_ fields: [(label: String, value: String)], width: Int) -> String {
        let labelWidth = (fields.map { $0.label.displayWidth }.max() ?? 0) + 2
        let valueWidth = max(width - labelWidth - 2, 10)
        var lines: [String] = []
        for field in fields {
            let wrapped = wrap(field.value.sanitizedForTerminal, width: valueWidth)
            for (index, part) in wrapped.enumerated() {
                let label = index == 0 ? ("  " + field.label).padded(toWidth: labelWidth) : String(repeating: " ", count: labelWidth)
                var line = label + "  " + part
                while line.last == " " { line.removeLast() }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Splits `text` into lines of at most `width` columns, at spaces. A word longer than the
    /// width (a URL) keeps a line of its own, whole, so it can still be copied.
    static func wrap(_ text: String, width: Int) -> [String] {
        guard text.displayWidth > width else { return [text] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if candidate.displayWidth <= width {
                line = candidate
            } else {
                if !line.isEmpty { lines.append(line) }
                line = word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.isEmpty ? [""] : lines
    }
}
