/// A plain-text table whose columns align by display width and which fits a terminal width.
///
/// When the natural width is too wide, the widest truncatable column gives up a column at a
/// time (its cells end in `…`) until the table fits or every column is at its minimum. If the
/// minimums still do not fit, columns that may be dropped go, lowest ``Column/dropOrder``
/// first; and if that is still not enough, truncatable columns shrink below their minimums. So
/// every line fits any width down to ``TerminalSettings/minimumWidth``, and the columns that
/// say what a row is (its number, its star, its name) stay. A column that wraps gives up width
/// down to its longest word first, so its words stay whole; only when that cannot fit does it go
/// narrower, and a word wider than it is then broken over lines, never cut.
public struct TextTable: Sendable {
    public struct Column: Sendable {
        public enum Alignment: Sendable { case left, right }

        public var title: String
        public var alignment: Alignment
        /// Columns that must never be cut (row numbers, stars) set this to false.
        public var isTruncatable: Bool
        public var minimumWidth: Int
        /// When the table cannot fit otherwise, columns with a drop order are left out, the
        /// lowest first; nil: never left out.
        public var dropOrder: Int?
        /// A column whose cells are wrapped at spaces onto as many lines as they need, rather
        /// than cut (a description); it gives up width like a truncatable column, and a word
        /// wider than it (a URL) is broken over lines.
        public var wraps: Bool

        public init(_ title: String, alignment: Alignment = .left, truncatable: Bool = true, minimumWidth: Int = 4,
                    dropOrder: Int? = nil, wraps: Bool = false) {
            self.title = title
            self.alignment = alignment
            self.isTruncatable = truncatable || wraps
            self.minimumWidth = minimumWidth
            self.dropOrder = dropOrder
            self.wraps = wraps
        }
    }

    /// Fixed when the table is made: ``cells`` are laid out by them.
    public private(set) var columns: [Column]
    /// The cells, row after row, one per column: a row is `columns.count` cells.
    public private(set) var cells: [String]
    public private(set) var rowCount: Int
    public var separator = "  "
    public var showsHeader = true

    /// How narrow a truncatable column may get when nothing else can give.
    static let narrowestColumn = 2

    /// A table of `rows`, each cut or filled with empty cells to one per column.
    public init(columns: [Column], rows: [[String]] = []) {
        var cells: [String] = []
        cells.reserveCapacity(rows.count * columns.count)
        for row in rows {
            for index in columns.indices { cells.append(index < row.count ? row[index] : "") }
        }
        self.init(columns: columns, cells: cells, rowCount: rows.count)
    }

    /// A table of `cells`, row after row, `columns.count` of them a row (one array, not one a
    /// row: docs/performance.md).
    public init(columns: [Column], cells: [String], rowCount: Int) {
        precondition(cells.count == rowCount * columns.count, "a table's cells are one per column of each row")
        self.columns = columns
        self.cells = cells
        self.rowCount = rowCount
    }

    /// The cells row by row.
    public var rows: [[String]] {
        (0..<rowCount).map { row in Array(cells[row * columns.count..<(row + 1) * columns.count]) }
    }

    /// The table as lines of at most `width` columns (when it can be fitted), without trailing spaces.
    public func render(width: Int, style: Style = .plain) -> String {
        // Every cell sanitized and measured once, and each column's widest cell and longest
        // word found on the way. `sanitized` shares the table's cells until one must change
        // (then they are copied, once): most never do.
        let columnCount = columns.count
        let wraps = columns.map(\.wraps)
        var sanitized = cells
        var cellWidths: [Int] = []
        cellWidths.reserveCapacity(cells.count)
        let titleWidths = columns.map { $0.title.displayWidth }
        var natural = showsHeader ? titleWidths : [Int](repeating: 0, count: columnCount)
        // A wrapping column would rather not be narrower than its longest word.
        var longestWords = [Int](repeating: 0, count: columnCount)
        for row in 0..<rowCount {
            for index in 0..<columnCount {
                let position = row * columnCount + index
                let cellWidth: Int
                if let width = sanitized[position].withUTF8Bytes(DisplayWidth.simpleWidth) {
                    // Printable ASCII and stars, most cells: clean, and a column each.
                    cellWidth = width
                } else {
                    let (cell, width) = sanitized[position].sanitizedAndMeasured
                    // (Strings compare as Unicode text, but sanitizing always removes or
                    // replaces a character, so a changed cell never compares equal.)
                    if cell != sanitized[position] { sanitized[position] = cell }
                    cellWidth = width
                }
                cellWidths.append(cellWidth)
                if cellWidth > natural[index] { natural[index] = cellWidth }
                if wraps[index] { longestWords[index] = max(longestWords[index], Self.longestWord(sanitized[position])) }
            }
        }
        let (shown, widths) = fit(natural: natural, longestWords: longestWords, into: width)
        let rightAligned = columns.map { $0.alignment == .right }

        // The whole table is written into one buffer of UTF-8 bytes: each cell's bytes copied
        // once, padding written as spaces.
        let lineWidth = shown.reduce(0) { $0 + widths[$1] } + separator.utf8.count * max(shown.count - 1, 0)
        var out = TextLineBuffer(capacity: (rowCount + 1) * (lineWidth + 1))
        let separatorBytes = Array(separator.utf8)

        /// Appends the cell of column `index` at `position` among those shown: `text`, of
        /// display width `measured`, cut (a wrapped cell's line may still hold a word wider than
        /// its column) and padded to the column's width.
        func appendCell(_ text: String, measured: Int, at position: Int, column index: Int, to out: inout TextLineBuffer) {
            if position > 0 { separatorBytes.withUnsafeBufferPointer { out.append(bytes: $0) } }
            let columnWidth = widths[index]
            guard measured <= columnWidth else {
                // Cut, printable ASCII fills its column exactly.
                if text.withUTF8Bytes({ out.appendCutASCII($0, toWidth: columnWidth) }) { return }
                let fitted = text.truncated(toWidth: columnWidth, measured: measured)
                appendFitted(fitted.text, missing: columnWidth - fitted.width, at: position, column: index, to: &out)
                return
            }
            appendFitted(text, missing: columnWidth - measured, at: position, column: index, to: &out)
        }

        /// Appends `text`, which fits its column with `missing` columns to spare, padded.
        func appendFitted(_ text: String, missing: Int, at position: Int, column index: Int, to out: inout TextLineBuffer) {
            if rightAligned[index] {
                out.appendSpaces(missing)
                out.append(text)
            } else {
                out.append(text)
                if position < shown.count - 1 { out.appendSpaces(missing) }
            }
        }

        /// Appends one line of `values` (one per column), each `measured` wide when given, else
        /// measured here.
        func appendLine(_ values: [String], measured: [Int]? = nil, to out: inout TextLineBuffer) {
            for (position, index) in shown.enumerated() {
                appendCell(values[index], measured: measured?[index] ?? values[index].displayWidth, at: position, column: index, to: &out)
            }
            out.endLine()
        }

        if showsHeader {
            // The header is styled as a whole line.
            let start = out.count
            appendLine(columns.map(\.title), measured: titleWidths, to: &out)
            if style.isEnabled { out.restyleLastLine(from: start) { style.header($0) } }
        }
        let wrapping = shown.filter { wraps[$0] }
        for row in 0..<rowCount {
            let first = row * columnCount
            guard wrapping.contains(where: { cellWidths[first + $0] > widths[$0] }) else {
                for (position, index) in shown.enumerated() {
                    appendCell(sanitized[first + index], measured: cellWidths[first + index], at: position, column: index, to: &out)
                }
                out.endLine()
                continue
            }
            // The wrapped cells run down as many lines as they need; the others are on the first.
            let wrapped = Dictionary(uniqueKeysWithValues: wrapping.map { ($0, Self.wrap(sanitized[first + $0], width: widths[$0])) })
            let height = wrapped.values.map(\.count).max() ?? 1
            for lineIndex in 0..<height {
                appendLine(columns.indices.map { index -> String in
                    if let cellLines = wrapped[index] { return lineIndex < cellLines.count ? cellLines[lineIndex] : "" }
                    return lineIndex == 0 ? sanitized[first + index] : ""
                }, to: &out)
            }
        }
        return out.text
    }

    /// Which columns to show and how wide each is, to fit `width`: with every wrapping column at
    /// least as wide as its longest word if that fits, else at least as wide as its minimum.
    private func fit(natural: [Int], longestWords: [Int], into width: Int) -> (shown: [Int], widths: [Int]) {
        var shown = Array(columns.indices)
        // What each column may give, read once.
        let truncatable = columns.map(\.isTruncatable)
        let minimums = columns.map { max($0.minimumWidth, 1) }
        let separatorWidth = separator.displayWidth
        var droppable = columns.indices.filter { columns[$0].dropOrder != nil }
        if droppable.count > 1 { droppable.sort { (columns[$0].dropOrder!, $0) < (columns[$1].dropOrder!, $1) } }
        var toDrop = droppable[...]
        let keepsWords = longestWords.contains(where: { $0 > 0 })
        while true {
            var widths = natural
            if keepsWords, Self.shrink(&widths, shown: shown, to: width, separatorWidth: separatorWidth, truncatable: truncatable,
                                  floor: { max(minimums[$0], longestWords[$0]) }) {
                return (shown, widths)
            }
            widths = natural
            if Self.shrink(&widths, shown: shown, to: width, separatorWidth: separatorWidth, truncatable: truncatable, floor: { minimums[$0] }) {
                return (shown, widths)
            }
            guard let next = toDrop.popFirst() else {
                _ = Self.shrink(&widths, shown: shown, to: width, separatorWidth: separatorWidth, truncatable: truncatable,
                                floor: { _ in Self.narrowestColumn })
                return (shown, widths)
            }
            shown.removeAll { $0 == next }
        }
    }

    /// Narrows the widest truncatable column a cell at a time until the shown columns, with a
    /// separator `separatorWidth` wide between each two, fit or none can give more than its
    /// `floor`; returns whether they fit.
    private static func shrink(_ widths: inout [Int], shown: [Int], to width: Int, separatorWidth: Int,
                               truncatable: [Bool], floor: (Int) -> Int) -> Bool {
        let separators = separatorWidth * max(shown.count - 1, 0)
        var total = shown.reduce(0) { $0 + widths[$1] } + separators
        while total > width {
            // The widest that can give, the first of equals.
            var widest: Int?
            for index in shown where truncatable[index] && widths[index] > floor(index) {
                if widest.map({ widths[index] > widths[$0] }) ?? true { widest = index }
            }
            guard let widest else { return false }
            widths[widest] -= 1
            total -= 1
        }
        return true
    }

    /// The widest word of `text` (words are separated by spaces).
    public static func longestWord(_ text: String) -> Int {
        // Printable ASCII: the longest run of bytes other than spaces.
        var bytes = text
        if let longest = bytes.withUTF8({ bytes -> Int? in
            guard DisplayWidth.isPrintableASCII(bytes) else { return nil }
            var longest = 0, run = 0
            for byte in bytes {
                run = byte == UInt8(ascii: " ") ? 0 : run + 1
                longest = max(longest, run)
            }
            return longest
        }) {
            return longest
        }
        guard text.displayWidth > 0 else { return 0 }
        return text.split(separator: " ").map { DisplayWidth.of($0) }.max() ?? 0
    }

    /// `text` wrapped at spaces to `width`, a word wider than that broken into pieces that fit.
    static func wrap(_ text: String, width: Int) -> [String] {
        FieldList.wrap(text, width: width).flatMap { line -> [String] in
            guard line.displayWidth > width, width > 0 else { return [line] }
            var pieces: [String] = []
            var piece = "", pieceWidth = 0
            for character in line {
                let characterWidth = DisplayWidth.of(character)
                if pieceWidth + characterWidth > width, !piece.isEmpty {
                    pieces.append(piece)
                    piece = ""
                    pieceWidth = 0
                }
                piece.append(character)
                pieceWidth += characterWidth
            }
            if !piece.isEmpty { pieces.append(piece) }
            return pieces
        }
    }
}
