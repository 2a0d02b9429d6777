/// Lays a ``Screen`` out as text for a terminal or a script: headings emphasised, tables fitted
/// to the width, fields aligned and wrapped, segments and paragraphs wrapped. Every string is
/// sanitized here (``Swift/String/sanitizedForTerminal``), whatever its source, so nothing a
/// server sends can move the cursor or start an escape sequence.
public struct TextRenderer: Sendable, Equatable {
    public var width: Int
    public var style: Style
    /// How images are drawn: not at all (scripts, most terminals), or inline.
    public var images: InlineImages

    public init(width: Int, style: Style = .plain, images: InlineImages = .off) {
        self.width = width
        self.style = style
        self.images = images
    }

    /// The screen's lines joined by newlines, without a final one; empty when it shows nothing.
    public func render(_ screen: Screen) -> String {
        var lines: [String] = []
        for block in screen.blocks { append(block, to: &lines) }
        return lines.joined(separator: "\n")
    }

    private func append(_ block: ScreenBlock, to lines: inout [String]) {
        switch block {
        case .heading(let text, let aside):
            lines += heading(text.sanitizedForTerminal, aside: aside?.sanitizedForTerminal)
        case .line(let text):
            lines += wrap(text.sanitizedForTerminal)
        case .code(let text):
            lines += text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).sanitizedForTerminal }
        case .hint(let text):
            lines += wrap(text.sanitizedForTerminal).map(style.dim)
        case .paragraph(let text, let indent, let hanging):
            lines += paragraph(text.sanitizedForTerminal, indent: indent, hanging: hanging)
        case .note(let text):
            lines += wrap("note: " + text.sanitizedForTerminal)
        case .blankLine:
            lines.append("")
        case .segments(let bar):
            lines += wrapped(bar.segments.map { $0.text.sanitizedForTerminal })
        case .table(let table):
            // An empty table is for data readers (its header in CSV): the screen says in words
            // that there is nothing (`No results for "…"`).
            guard table.rowCount > 0 else { break }
            let text = table.textTable.render(width: width, style: style)
            if !text.isEmpty { lines.append(text) }
        case .fields(let fields):
            let shown = fields.filter { $0.visibility.inText }.map { (label: $0.label, value: $0.text) }
            if !shown.isEmpty { lines.append(FieldList.render(shown, width: width)) }
        case .commands(let list):
            lines += commands(list)
        case .screen(_, let nested):
            let text = render(nested)
            if !text.isEmpty { lines.append(text) }
        case .sizeClasses(let compact, let regular, let regularWidth):
            for block in width < regularWidth ? compact : regular { append(block, to: &lines) }
        case .image(let file, let format):
            if let drawn = images.draw(file: file, format: format) { lines.append(drawn) }
        }
    }

    /// Text wrapped at spaces to the width less `indent`, indented; the lines after the first
    /// wrapped `hanging` columns narrower and indented that much more — unless that would leave
    /// them under 10 columns, when they are indented as the first.
    private func paragraph(_ text: String, indent: Int, hanging: Int) -> [String] {
        let margin = String(repeating: " ", count: indent)
        guard hanging > 0, width - indent - hanging >= 10 else {
            return FieldList.wrap(text, width: max(width - indent, 10)).map { margin + $0 }
        }
        let lines = FieldList.wrap(text, width: width - indent - hanging, firstWidth: width - indent)
        let hung = margin + String(repeating: " ", count: hanging)
        return [margin + lines[0]] + lines.dropFirst().map { hung + $0 }
    }

    /// Text wrapped at spaces to the width (a word longer than the width keeps a line of its own).
    private func wrap(_ text: String) -> [String] {
        FieldList.wrap(text, width: width)
    }

    /// An emphasised heading wrapped to the width, with its dim aside after it on the last line
    /// when it fits there, else on a line of its own.
    private func heading(_ text: String, aside: String?) -> [String] {
        var lines = wrap(text).map(style.emphasis)
        guard let aside, !aside.isEmpty else { return lines }
        let last = wrap(text).last ?? ""
        if last.displayWidth + aside.displayWidth <= width {
            lines[lines.count - 1] += style.dim(aside)
        } else {
            lines.append(style.dim(aside.trimmingSpaces.description))
        }
        return lines
    }

    /// Items separated by two spaces, wrapped before an item that would pass the width.
    private func wrapped(_ items: [String]) -> [String] {
        var lines: [String] = []
        var line = ""
        // The line's display width, kept rather than measured again for each item: added up
        // while the line is printable ASCII (a column a byte), measured after anything else.
        var lineWidth = 0
        var lineIsASCII = true
        for item in items {
            let itemIsASCII = DisplayWidth.isPrintableASCII(item)
            let itemWidth = itemIsASCII ? item.utf8.count : item.displayWidth
            if !line.isEmpty, lineWidth + 2 + itemWidth > width {
                lines.append(line)
                line = ""
                lineWidth = 0
                lineIsASCII = true
            }
            if line.isEmpty {
                line = item
                lineWidth = itemWidth
            } else {
                line += "  " + item
                lineWidth = lineIsASCII && itemIsASCII ? lineWidth + 2 + itemWidth : line.displayWidth
            }
            lineIsASCII = lineIsASCII && itemIsASCII
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// The title wrapped to the width; usages in one column, summaries beside them, wrapped
    /// (never cut) to the width; a usage
    /// too long for the column gets a line of its own, its summary below it. On a narrow
    /// terminal every summary goes under its usage.
    private func commands(_ list: CommandSummaryList) -> [String] {
        var column = min(list.entries.map { $0.usage.displayWidth }.max() ?? 0, 24) + 4
        if width - column < 24 { column = 6 }
        let summaryWidth = max(width - column, 10)
        let indent = String(repeating: " ", count: column)
        var lines = wrap("\(list.title.sanitizedForTerminal):")
        for entry in list.entries {
            let summary = FieldList.wrap(entry.summary.sanitizedForTerminal, width: summaryWidth)
            let usage = "  " + entry.usage.sanitizedForTerminal
            if usage.displayWidth + 2 > column {
                lines.append(usage)
                lines += summary.map { indent + $0 }
            } else {
                lines.append(usage.padded(toWidth: column) + summary[0])
                lines += summary.dropFirst().map { indent + $0 }
            }
        }
        return lines
    }
}
