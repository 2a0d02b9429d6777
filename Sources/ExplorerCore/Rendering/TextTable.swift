/// A plain-text table whose columns align by display width and which fits a terminal width.
///
/// When the natural width is too wide, the widest truncatable column gives up a column at a
/// time (its cells end in `…`) until the table fits or every column is at its minimum.
public struct TextTable: Sendable {
    public struct Column: Sendable {
        public enum Alignment: Sendable { case left, right }

        public var title: String
        public var alignment: Alignment
        /// Columns that must never be cut (row numbers, stars) set this to false.
        public var isTruncatable: Bool
        public var minimumWidth: Int

        public init(_ title: String, alignment: Alignment = .left, truncatable: Bool = true, minimumWidth: Int = 4) {
            self.title = title
            self.alignment = alignment
            self.isTruncatable = truncatable
            self.minimumWidth = minimumWidth
        }
    }

    public var columns: [Column]
    public var rows: [[String]]
    public var separator = "  "
    public var showsHeader = true

    public init(columns: [Column], rows: [[String]] = []) {
        self.columns = columns
        self.rows = rows
    }

    /// The table as lines of at most `width` columns (when it can be fitted), without trailing spaces.
    public func render(width: Int, style: Style = .plain) -> String {
        let cells = rows.map { row in columns.indices.map { $0 < row.count ? row[$0].sanitizedForTerminal : "" } }
        var widths = columns.indices.map { index in
            max(showsHeader ? columns[index].title.displayWidth : 0, cells.map { $0[index].displayWidth }.max() ?? 0)
        }
        let separators = separator.displayWidth * max(columns.count - 1, 0)
        while widths.reduce(0, +) + separators > width {
            let candidates = columns.indices.filter {
                columns[$0].isTruncatable && widths[$0] > max(columns[$0].minimumWidth, 1)
            }
            guard let widest = candidates.max(by: { widths[$0] < widths[$1] }) else { break }
            widths[widest] -= 1
        }

        func line(_ values: [String]) -> String {
            var parts: [String] = []
            for (index, value) in values.enumerated() {
                let fitted = value.truncated(toWidth: widths[index])
                let isLast = index == values.count - 1
                switch columns[index].alignment {
                case .left: parts.append(isLast ? fitted : fitted.padded(toWidth: widths[index]))
                case .right: parts.append(fitted.leftPadded(toWidth: widths[index]))
                }
            }
            return trimTrailing(parts.joined(separator: separator))
        }

        var lines: [String] = []
        if showsHeader {
            lines.append(style.header(line(columns.map(\.title))))
        }
        lines += cells.map(line)
        return lines.joined(separator: "\n")
    }

    private func trimTrailing(_ text: String) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return text
    }
}
