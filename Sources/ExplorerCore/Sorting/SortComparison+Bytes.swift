import Foundation

extension SortComparison {
    /// `localizedStandardCompare`'s order of two names: read from their bytes where that order
    /// is plain, asked of the locale-aware comparison otherwise.
    public static func order(_ a: String, _ b: String) -> ComparisonResult {
        byteOrder(a, b) ?? a.localizedStandardCompare(b)
    }

    /// The order of `a` and `b` where the first character that differs decides it plainly:
    /// printable ASCII up to it and the character after it, and there, ignoring case, a letter
    /// against another letter, or characters of different classes — a space before punctuation
    /// and symbols, those before digits, digits before letters — or the end of the shorter name
    /// before anything. The names before that point are the same characters, which weigh alike
    /// in both; what comes after weighs only if all before ties. Nil where the locale-aware
    /// comparison has more to say: two punctuation marks or two digits (digits compare as
    /// numbers, so nothing next to a digit decides by itself), names equal but for case, text
    /// past ASCII at that point, and a locale whose alphabet is not English's (Czech orders
    /// `ch` after `h`).
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
        // it (an accent written apart): up to the character after it, printable ASCII alone.
        guard a[..<min(index + 2, a.count)].allSatisfy(isPrintableASCII),
              b[..<min(index + 2, b.count)].allSatisfy(isPrintableASCII) else { return nil }
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
