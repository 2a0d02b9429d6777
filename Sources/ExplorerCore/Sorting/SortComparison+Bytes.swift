import Foundation

extension SortComparison {
    /// `localizedStandardCompare`'s order of two names: read from their bytes where that order
    /// is plain, asked of the locale-aware comparison otherwise.
    public static func order(_ a: String, _ b: String) -> ComparisonResult {
        byteOrder(a, b) ?? a.localizedStandardCompare(b)
    }

    /// The order of `a` and `b` where the first character that differs decides it plainly:
    /// printable ASCII up to it, a character after it that stands apart (printable ASCII or a
    /// Latin letter written whole), and there, ignoring case, a letter against another letter,
    /// or characters of different classes — a space before punctuation and symbols, those
    /// before digits, digits before letters — or the end of the shorter name before anything.
    /// The names before that point are the same characters, which weigh alike in both; what
    /// comes after weighs only if all before ties. There printable ASCII also goes before
    /// Hangul, Hangul before kana, kana before Han, and Han ideographs in the order of their
    /// code points (``LaterScript``), whatever follows them (a mark joined to a letter adds to
    /// its weight, it does not move it among scripts). Nil where the locale-aware comparison
    /// has more to say: two punctuation marks or two digits (digits compare as numbers, so
    /// nothing next to a digit decides by itself), names equal but for case, other text past
    /// ASCII at that point, and a locale whose alphabet is not English's (Czech orders `ch`
    /// after `h`).
    static func byteOrder(_ a: String, _ b: String) -> ComparisonResult? {
        guard ordersLettersAsEnglish else { return nil }
        var a = a, b = b
        return a.withUTF8 { x in b.withUTF8 { y in byteOrder(x, y) } }
    }

    static func byteOrder(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> ComparisonResult? {
        let common = min(a.count, b.count)
        var index = 0
        while index < common, folded(a[index]) == folded(b[index]) { index += 1 }
        // What comes after the character that decides weighs after it, unless it is joined to
        // it (an accent written apart): up to that character printable ASCII alone, and after
        // it a character that stands apart.
        guard a[..<min(index + 1, a.count)].allSatisfy(isPrintableASCII), standsApart(a[min(index + 1, a.count)...]),
              b[..<min(index + 1, b.count)].allSatisfy(isPrintableASCII), standsApart(b[min(index + 1, b.count)...]) else {
            return byScript(a, b, at: index)
        }
        let x = index < a.count ? folded(a[index]) : nil
        let y = index < b.count ? folded(b[index]) : nil
        if index > 0, isDigit(a[index - 1]), x.map(isDigit) ?? true || y.map(isDigit) ?? true { return nil }
        switch (x, y) {
        case (nil, nil): return nil
        case (nil, _): return .orderedAscending
        case (_, nil): return .orderedDescending
        case let (x?, y?):
            let (rankX, rankY) = (rank(x), rank(y))
            if rankX != rankY { return rankX < rankY ? .orderedAscending : .orderedDescending }
            guard rankX == rank(UInt8(ascii: "a")) else { return nil }
            return x < y ? .orderedAscending : .orderedDescending
        }
    }

    /// The order of `a` and `b` that differ first at byte `index`, after printable ASCII, where
    /// their characters there are of different classes of ``laterScript(_:)``'s, or printable
    /// ASCII (up to the character after it, and no number being read) against one of them; nil
    /// otherwise (two characters of one script: collation orders Han by radical and strokes,
    /// not by code point).
    private static func byScript(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>,
                                 at index: Int) -> ComparisonResult? {
        guard index < a.count, index < b.count, a[..<index].allSatisfy(isPrintableASCII) else { return nil }
        func rank(_ x: UnsafeBufferPointer<UInt8>) -> Int? {
            if x[index..<min(index + 2, x.count)].allSatisfy(isPrintableASCII) {
                return index > 0 && isDigit(x[index - 1]) ? nil : 0
            }
            return laterScript(x[index...])?.rawValue
        }
        guard let x = rank(a), let y = rank(b), x != y else { return nil }
        return x < y ? .orderedAscending : .orderedDescending
    }

    /// Letters of scripts that Unicode's root order (English's) puts after every printable
    /// ASCII character, in this order.
    enum LaterScript: Int {
        /// Hangul syllables.
        case hangul = 1
        /// Hiragana and katakana letters (not their marks and punctuation), which differ from
        /// one another, and small from large, only by case: they do not decide by themselves.
        case kana
        /// The unified Han ideographs.
        case han
    }

    /// The script of the character `bytes` start with, when it is one of ``LaterScript``'s
    /// (three bytes of UTF-8).
    static func laterScript(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> LaterScript? {
        guard bytes.count >= 3 else { return nil }
        let start = bytes.startIndex
        let (lead, second, third) = (UInt32(bytes[start]), UInt32(bytes[start + 1]), UInt32(bytes[start + 2]))
        guard lead & 0xF0 == 0xE0, second & 0xC0 == 0x80, third & 0xC0 == 0x80 else { return nil }
        let scalar = (lead & 0x0F) << 12 | (second & 0x3F) << 6 | third & 0x3F
        switch scalar {
        case 0xAC00...0xD7A3: return .hangul
        case 0x3041...0x3096, 0x30A1...0x30FA: return .kana
        case 0x4E00...0x9FFF: return .han
        default: return nil
        }
    }

    /// Whether the character `bytes` start with (if any) is never joined to the one before it:
    /// printable ASCII, or a Latin letter past ASCII written whole (`À` to `ɏ`, not `×` and `÷`).
    private static func standsApart(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard let first = bytes.first else { return true }
        if isPrintableASCII(first) { return true }
        guard bytes.count >= 2, first >= 0xC3, first <= 0xC9 else { return false }
        let second = bytes[bytes.startIndex + 1]
        guard second & 0xC0 == 0x80 else { return false }
        let scalar = UInt32(first & 0x1F) << 6 | UInt32(second & 0x3F)
        return scalar >= 0xC0 && scalar <= 0x24F && scalar != 0xD7 && scalar != 0xF7
    }

    /// Where a folded byte's class comes in collation: a space, then punctuation and symbols,
    /// then digits, then letters.
    private static func rank(_ folded: UInt8) -> Int {
        switch folded {
        case UInt8(ascii: " "): 0
        case UInt8(ascii: "0")...UInt8(ascii: "9"): 2
        case UInt8(ascii: "a")...UInt8(ascii: "z"): 3
        default: 1
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Whether the current locale's collation orders the letters a to z as English does (as
    /// Unicode's root order does, which English's is).
    static let ordersLettersAsEnglish: Bool = {
        guard let language = Locale.current.language.languageCode?.identifier else { return true }
        return language == "en"
    }()

    private static func isPrintableASCII(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }

    private static func folded(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}
