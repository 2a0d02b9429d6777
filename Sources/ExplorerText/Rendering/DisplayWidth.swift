/// How many terminal columns text occupies: East Asian wide and fullwidth characters and emoji
/// count two, combining marks and other zero-width characters count none, everything else one.
public enum DisplayWidth {
    public static func of(_ string: String) -> Int {
        if let width = string.withUTF8Bytes(simpleWidth) { return width }
        var width = 0
        for scalar in string.unicodeScalars {
            if isSimple(scalar) {
                width += 1
            } else if standsAlone(scalar) {
                width += of(scalar)
            } else {
                return graphemeWidth(string)
            }
        }
        return width
    }

    /// ``of(_:)-(String)`` of part of a string (a word of it): printable ASCII is measured in
    /// place, anything else as a string of its own.
    public static func of(_ text: Substring) -> Int {
        (text.utf8.withContiguousStorageIfAvailable(isPrintableASCII) ?? false) ? text.utf8.count : of(String(text))
    }

    /// The long way: grapheme cluster by grapheme cluster. ``of(_:)-(String)`` comes here only
    /// for text that is not all ``isSimple(_:)``, and gives the same answer when it is.
    static func graphemeWidth(_ string: String) -> Int {
        string.reduce(0) { $0 + of($1) }
    }

    /// Whether every byte is printable ASCII: one column each.
    static func isPrintableASCII(_ string: String) -> Bool {
        // Over the bytes in place (a small string's copied out of the value): a tight loop.
        string.withUTF8Bytes(isPrintableASCII)
    }

    /// Whether every one of `bytes` is printable ASCII: eight at a time, then one at a time.
    /// (Every cell of every table is asked this.)
    static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            // A byte of 0x80 or more has its high bit set, and 0x7F sets it when 1 is added.
            if (word | (word &+ ones)) & high != 0 { return false }
            // Bytes below 0x80 all: one below 0x20 borrows into a high bit it did not have.
            if (word &- ones &* 0x20) & ~word & high != 0 { return false }
            index += 8
        }
        while index < bytes.count {
            if bytes[index] < 0x20 || bytes[index] >= 0x7F { return false }
            index += 1
        }
        return true
    }

    /// Letters and signs that are always a grapheme cluster of their own, whatever is next to
    /// them (none of them extends a cluster, joins one, or is a Hangul jamo, a regional
    /// indicator, a prepended mark or a control): text made only of these and ``isSimple(_:)``
    /// scalars is as wide as its scalars added up. Latin, Greek and Cyrillic letters,
    /// punctuation, arrows, box drawing and geometric shapes (`arch`'s trees), kana, CJK ideographs, Hangul syllables and full- and half-width forms; not
    /// the combining marks among them (U+0300–036F, U+0483–0489, U+302A–302F, U+3099–309A,
    /// U+FF9E–FF9F).
    static func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xA0...0x2FF, 0x370...0x482, 0x48A...0x52F, 0x2010...0x2027, 0x2030...0x205E,
             0x2190...0x21FF, 0x2500...0x25FF,
             0x3000...0x3029, 0x3030...0x3096, 0x309B...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF01...0xFF9D, 0xFFE0...0xFFE6: true
        default: false
        }
    }

    /// The width of UTF-8 `bytes` that are all ``isSimple(_:)`` scalars, one column each, found
    /// byte by byte; nil when there is anything else. A list's stars are measured so, rather
    /// than scalar by scalar. None of these scalars is changed by
    /// ``Swift/String/sanitizedForTerminal``.
    static func simpleWidth(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        // Printable ASCII, the most of it, in the tighter loop.
        if isPrintableASCII(bytes) { return bytes.count }
        var width = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte >= 0x20 && byte < 0x7F {
                index += 1
            } else if byte == 0xC2, index + 1 < count, bytes[index + 1] == 0xB7 {  // ·
                index += 2
            } else if byte == 0xE2, index + 2 < count {
                switch (bytes[index + 1], bytes[index + 2]) {
                case (0x98, 0x85), (0x98, 0x86), (0x80, 0xA6), (0x80, 0x93), (0x80, 0xBA), (0x96, 0xB8), (0x80, 0xA2):
                    index += 3  // ★ ☆ … – › ▸ •
                default:
                    return nil
                }
            } else {
                return nil
            }
            width += 1
        }
        return width
    }

    /// Printable ASCII and the few symbols explorer itself draws (★ ☆ … – · › ▸ •): each one
    /// column and never part of a longer grapheme cluster.
    static func isSimple(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20..<0x7F, 0x2605, 0x2606, 0x2026, 0x2013, 0xB7, 0x203A, 0x25B8, 0x2022: true
        default: false
        }
    }

    /// The width of one grapheme cluster: that of its base scalar, or two for emoji presentation.
    public static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }),
           first.properties.isEmoji {
            return 2
        }
        return of(first)
    }

    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value == 0 { return 0 }
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return 0
        default:
            break
        }
        if (0x1160...0x11FF).contains(value) { return 0 }  // Hangul medial vowels and final consonants
        if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    private static func isWide(_ value: UInt32) -> Bool {
        // East Asian Wide (W) and Fullwidth (F) ranges of Unicode's EastAsianWidth.txt, condensed.
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
             0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x16FE0...0x16FE4, 0x17000...0x18AFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF,
             0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}

extension String {
    /// Terminal columns this string occupies; see ``DisplayWidth``.
    public var displayWidth: Int { DisplayWidth.of(self) }

    /// The longest prefix that fits in `width` columns, ending in `…` when anything was cut.
    public func truncated(toWidth width: Int) -> String {
        truncated(toWidth: width, measured: displayWidth).text
    }

    /// ``truncated(toWidth:)`` of a string already measured (`measured` is its
    /// ``displayWidth``), with the width of the result.
    func truncated(toWidth width: Int, measured: Int) -> (text: String, width: Int) {
        guard measured > width else { return (self, measured) }
        guard width > 0 else { return ("", 0) }
        if DisplayWidth.isPrintableASCII(self) {
            return (String(utf8.prefix(width - 1))! + "…", width)
        }
        if unicodeScalars.allSatisfy(DisplayWidth.isSimple) {
            // One column a scalar, as for ASCII.
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: unicodeScalars.prefix(width - 1))
            scalars.append("…")
            return (String(scalars), width)
        }
        var result = ""
        var used = 0
        for character in self {
            let w = DisplayWidth.of(character)
            if used + w > width - 1 { break }
            result.append(character)
            used += w
        }
        return (result + "…", used + 1)
    }

    /// The string followed by spaces up to `width` columns.
    public func padded(toWidth width: Int) -> String {
        padded(toWidth: width, measured: displayWidth)
    }

    /// Spaces then the string, filling `width` columns.
    public func leftPadded(toWidth width: Int) -> String {
        leftPadded(toWidth: width, measured: displayWidth)
    }

    /// ``padded(toWidth:)`` of a string whose ``displayWidth`` is `measured`.
    func padded(toWidth width: Int, measured: Int) -> String {
        let missing = width - measured
        return missing > 0 ? self + String(repeating: " ", count: missing) : self
    }

    /// ``leftPadded(toWidth:)`` of a string whose ``displayWidth`` is `measured`.
    func leftPadded(toWidth width: Int, measured: Int) -> String {
        let missing = width - measured
        return missing > 0 ? String(repeating: " ", count: missing) + self : self
    }
}
