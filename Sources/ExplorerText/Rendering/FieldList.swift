/// A detail screen's body: labels in one column, values aligned beside them, indented two
/// spaces. A value too long for the width wraps at spaces onto lines aligned under it (never
/// at a no-break space, U+00A0, which prints as a space). When the width leaves too little
/// room beside the labels, each value goes under its label instead.
public enum FieldList {
    /// The narrowest a value column beside the labels may be before values go under them.
    static let narrowestValues = 12

    public static func render(_ fields: [(label: String, value: String)], width: Int) -> String {
        let labelWidth = (fields.map { $0.label.displayWidth }.max() ?? 0) + 2
        guard width - labelWidth - 2 >= narrowestValues else { return stacked(fields, width: width) }
        let valueWidth = width - labelWidth - 2
        var lines: [String] = []
        for field in fields {
            let value = field.value.sanitizedForTerminal
            // A word too long for the value column (a URL) but not for a line of its own goes
            // under its label, whole, so that it can still be copied.
            // (The longest word is found over the bytes of ASCII; only a value with a word
            // wider than the column is looked at word by word.)
            if TextTable.longestWord(value) > valueWidth, hasWord(value, widerThan: valueWidth, atMost: width - 4) {
                lines.append(stacked([field], width: width))
                continue
            }
            let wrapped = wrap(value, width: valueWidth)
            for (index, part) in wrapped.enumerated() {
                let label = index == 0 ? ("  " + field.label).padded(toWidth: labelWidth) : String(repeating: " ", count: labelWidth)
                var line = label + "  " + part
                while line.last == " " { line.removeLast() }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Whether a word of `text` (a run of characters other than spaces) is wider than `low`
    /// columns and at most `high`.
    private static func hasWord(_ text: String, widerThan low: Int, atMost high: Int) -> Bool {
        if DisplayWidth.isPrintableASCII(text) {
            return text.utf8.split(separator: UInt8(ascii: " ")).contains { low < $0.count && $0.count <= high }
        }
        return text.split(separator: " ").contains { low < DisplayWidth.of($0) && DisplayWidth.of($0) <= high }
    }

    /// `  label` on a line of its own, the value under it indented four spaces.
    private static func stacked(_ fields: [(label: String, value: String)], width: Int) -> String {
        var lines: [String] = []
        for field in fields {
            lines.append("  " + field.label)
            lines += wrap(field.value.sanitizedForTerminal, width: max(width - 4, 1)).map { "    " + $0 }
        }
        return lines.joined(separator: "\n")
    }

    /// Splits `text` into lines of at most `width` columns, at spaces; the first line of at most
    /// `firstWidth` when given (a paragraph whose later lines hang). A word longer than the
    /// width (a URL) keeps a line of its own, whole, so it can still be copied.
    public static func wrap(_ text: String, width: Int, firstWidth: Int? = nil) -> [String] {
        let firstWidth = firstWidth ?? width
        // Byte 0xA0 ends U+00A0 in UTF-8 (and a few other characters): a cheap first look over
        // the bytes where they are, as this runs for every cell of every table.
        guard text.withUTF8Bytes({ $0.contains(0xA0) }), text.unicodeScalars.contains("\u{A0}") else {
            return wrapAtSpaces(text, width: width, firstWidth: firstWidth)
        }
        return wrapAtSpaces(text, width: width, firstWidth: firstWidth).map { String($0.map { $0 == "\u{A0}" ? " " : $0 }) }
    }

    private static func wrapAtSpaces(_ text: String, width: Int, firstWidth: Int) -> [String] {
        guard text.displayWidth > firstWidth else { return [text] }
        if DisplayWidth.isPrintableASCII(text) { return wrapASCII(text, width: width, firstWidth: firstWidth) }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let wordWidth = DisplayWidth.of(word)
            // The line, a space and the word measure the sum of their widths unless the word
            // begins (or the line ends) with a character that could join the space into one
            // cluster (a combining mark, say): then the joined text is measured.
            let candidateWidth = line.isEmpty ? wordWidth
                : joinsCleanly(line, word) ? lineWidth + 1 + wordWidth : (line + " " + word).displayWidth
            if candidateWidth <= (lines.isEmpty ? firstWidth : width) {
                if !line.isEmpty { line += " " }
                line += word
                lineWidth = candidateWidth
            } else {
                if !line.isEmpty { lines.append(line) }
                line = String(word)
                lineWidth = wordWidth
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.isEmpty ? [""] : lines
    }

    /// ``wrapAtSpaces(_:width:firstWidth:)`` of printable ASCII, over its bytes: a word is a
    /// run of bytes other than spaces, as wide as it is long.
    private static func wrapASCII(_ text: String, width: Int, firstWidth: Int) -> [String] {
        var text = text
        return text.withUTF8 { bytes in
            var lines: [String] = []
            var line: [UInt8] = []
            var index = 0
            while index < bytes.count {
                guard bytes[index] != UInt8(ascii: " ") else {
                    index += 1
                    continue
                }
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: " ") { index += 1 }
                let word = UnsafeBufferPointer(rebasing: bytes[start..<index])
                if line.isEmpty {
                    line.append(contentsOf: word)
                } else if line.count + 1 + word.count <= (lines.isEmpty ? firstWidth : width) {
                    line.append(UInt8(ascii: " "))
                    line.append(contentsOf: word)
                } else {
                    lines.append(line.withUnsafeBufferPointer { String(uncheckedUTF8: $0, isASCII: true) })
                    line.removeAll(keepingCapacity: true)
                    line.append(contentsOf: word)
                }
            }
            if !line.isEmpty { lines.append(line.withUnsafeBufferPointer { String(uncheckedUTF8: $0, isASCII: true) }) }
            return lines.isEmpty ? [""] : lines
        }
    }

    /// Whether `line + " " + word` is as wide as its parts and a space: true when the
    /// characters either side of the space are ones ``DisplayWidth`` counts one column each
    /// and that never join a neighbour into a cluster (printable ASCII and explorer's symbols).
    private static func joinsCleanly(_ line: String, _ word: Substring) -> Bool {
        guard let last = line.unicodeScalars.last, let first = word.unicodeScalars.first else { return false }
        return DisplayWidth.isSimple(last) && DisplayWidth.isSimple(first)
    }
}
