/// Numbers as APIs such as SWAPI send them — strings that may hold `"1,600"`, `"30-165"`,
/// `"1000km"`, `"78.2"`, `"unknown"` or `"n/a"` — parsed for sorting and formatted for reading.
///
/// Plain Swift over the text's characters (ASCII, nearly all of it, over its bytes), no
/// Foundation: these run for every field of every item a list shows.
public enum ReadableNumber {
    /// The numeric value for sorting: `"1,600"` → 1600, `"30-165"` → 30 (the low end),
    /// `"1000km"` → 1000; nil when the text holds no number (`"unknown"`, `"n/a"`).
    public static func value(_ text: String) -> Double? {
        value(text.trimmingSpaces)
    }

    private static func value(_ trimmed: Substring) -> Double? {
        // ASCII, nearly all APIs send, is read byte by byte: a byte is a character there (a
        // CR LF pair reads the same either way), without breaking the text into graphemes.
        if let value = trimmed.utf8.withContiguousStorageIfAvailable(asciiValue), let value { return value }
        return valueByCharacters(trimmed)
    }

    /// ``value(_:)-(Substring)`` read character by character: any text, and what the ASCII
    /// reading is held to.
    static func valueByCharacters(_ trimmed: Substring) -> Double? {
        var digits = ""
        var seenDigit = false
        var seenPoint = false
        for character in trimmed {
            if character.isASCII && character.isNumber {
                digits.append(character)
                seenDigit = true
            } else if character == "," && seenDigit {
                continue
            } else if character == "." && seenDigit && !seenPoint {
                digits.append(character)
                seenPoint = true
            } else if seenDigit {
                break
            } else {
                return nil
            }
        }
        return seenDigit ? Double(digits) : nil
    }

    /// ``value(_:)-(Substring)`` of ASCII `bytes`; nil (not `.some(nil)`) when they are not ASCII.
    private static func asciiValue(_ bytes: UnsafeBufferPointer<UInt8>) -> Double?? {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        var digits: [UInt8] = []
        digits.reserveCapacity(bytes.count)
        var seenPoint = false
        for byte in bytes {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                digits.append(byte)
            } else if byte == UInt8(ascii: ","), !digits.isEmpty {
                continue
            } else if byte == UInt8(ascii: "."), !digits.isEmpty, !seenPoint {
                digits.append(byte)
                seenPoint = true
            } else if !digits.isEmpty {
                break
            } else {
                return .some(nil)
            }
        }
        return .some(digits.isEmpty ? nil : Double(String(decoding: digits, as: UTF8.self)))
    }

    /// `text` when it is a whole number of up to 18 ASCII digits and nothing else, what APIs
    /// mostly send: it reads as it would digit by digit (an integer that size converts to the
    /// `Double` its digits parse to).
    private static func wholeNumber(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 18,
              text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(text)
    }

    /// Whether `text` cannot be a number to format or read: it starts with something other
    /// than a digit, a comma or a point (`unknown`, `n/a`), which every way of reading one
    /// needs first.
    private static func startsWithNoNumber(_ text: Substring) -> Bool {
        guard let first = text.utf8.first else { return false }
        return !(first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) && first != UInt8(ascii: ",") && first != UInt8(ascii: ".")
    }

    /// Digits grouped by thousands, with an optional unit: `"1000000"` → `"1,000,000"`,
    /// `"30-165"` → `"30–165"`, `"1000km"` → `"1,000 km"`, `"78.2"` stays; text that is not
    /// a number (`"unknown"`, `"n/a"`) is returned as is.
    public static func format(_ text: String, unit: String? = nil) -> String {
        // Most of what APIs send is a whole number in ASCII digits (`"1000000"`): read at once.
        if let whole = wholeNumber(text) {
            return withUnit(grouping(whole), unit)
        }
        let trimmed = text.trimmingSpaces
        if startsWithNoNumber(trimmed) { return String(trimmed) }
        if let (low, high) = range(trimmed), let low = grouped(low), let high = grouped(high) {
            return withUnit("\(low)–\(high)", unit)
        }
        guard let (number, suffix) = splitNumber(trimmed), let formatted = grouped(number) else {
            return String(trimmed)
        }
        let ownUnit = suffix.trimmingSpaces
        return withUnit(formatted, ownUnit.isEmpty ? unit : String(ownUnit))
    }

    /// The raw value for JSON: a number (`"1,600"` → 1600, `"1000km"` → 1000), a range as
    /// `{"min": 30, "max": 165}`, or `null` when the text holds no number (`"unknown"`, `"n/a"`).
    public static func jsonValue(_ text: String) -> JSONValue {
        if let whole = wholeNumber(text) { return .number(Double(whole)) }
        let trimmed = text.trimmingSpaces
        if startsWithNoNumber(trimmed) { return .null }
        if let (low, high) = range(trimmed), grouped(low) != nil, grouped(high) != nil,
           let lowValue = value(low.trimmingSpaces), let highValue = value(high.trimmingSpaces) {
            return ["min": .number(lowValue), "max": .number(highValue)]
        }
        return .number(value(trimmed))
    }

    /// A size as people read it: `812 bytes`, `34 KB`, `1.2 MB`, `32 MB` (units of 1,024; a
    /// whole number of megabytes, such as a size limit, without a decimal).
    public static func bytes(_ count: Int) -> String {
        switch count {
        case 1: return "1 byte"
        case ..<1024: return "\(count) bytes"
        case ..<(1024 * 1024): return "\(count / 1024) KB"
        case _ where count % 1_048_576 == 0: return "\(count / 1_048_576) MB"
        default: return "\(fixed(Double(count) / 1_048_576, decimals: 1)) MB"
        }
    }

    /// An integer with thousands separators: 1234567 → "1,234,567".
    public static func grouping(_ value: Int) -> String {
        decimal(value, grouped: true)
    }

    private static func withUnit(_ number: String, _ unit: String?) -> String {
        guard let unit, !unit.isEmpty else { return number }
        return "\(number) \(unit)"
    }

    /// `"30-165"` → ("30", "165"): the two sides of the one `-`, if there is exactly one.
    private static func range(_ text: Substring) -> (Substring, Substring)? {
        guard let dash = text.firstIndex(of: "-") else { return nil }
        let high = text[text.index(after: dash)...]
        guard !high.contains("-") else { return nil }
        return (text[..<dash], high)
    }

    /// "1000km" → ("1000", "km"); nil when it does not start with a digit.
    private static func splitNumber(_ text: Substring) -> (Substring, Substring)? {
        guard let first = text.first, first.isASCII, first.isNumber else { return nil }
        let end = text.firstIndex { !($0.isASCII && ($0.isNumber || $0 == "," || $0 == ".")) } ?? text.endIndex
        return (text[..<end], text[end...])
    }

    /// "1,600" or "1600" → "1,600"; "78.2" → "78.2"; nil when not a plain number.
    static func grouped(_ text: Substring) -> String? {
        if let grouped = text.utf8.withContiguousStorageIfAvailable(asciiGrouped), let grouped { return grouped }
        return groupedByCharacters(text)
    }

    /// ``grouped(_:)`` read character by character: any text, and what the ASCII reading is
    /// held to.
    static func groupedByCharacters(_ text: Substring) -> String? {
        let plain = String(text.filter { $0 != "," }.trimmingSpaces)
        guard !plain.isEmpty, plain.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              plain.filter({ $0 == "." }).count <= 1, plain.first != ".", plain.last != "." else { return nil }
        let pieces = plain.split(separator: ".", omittingEmptySubsequences: false)
        guard let whole = Int(pieces[0]) else {
            return plain  // beyond Int: leave the digits as they are
        }
        let integer = grouping(whole)
        return pieces.count == 2 ? "\(integer).\(pieces[1])" : integer
    }

    /// ``grouped(_:)`` of ASCII `bytes`; nil (not `.some(nil)`) when they are not ASCII.
    private static func asciiGrouped(_ bytes: UnsafeBufferPointer<UInt8>) -> String?? {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        var plain = bytes.filter { $0 != UInt8(ascii: ",") }[...]
        while let first = plain.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { plain.removeFirst() }
        while let last = plain.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { plain.removeLast() }
        let point = plain.firstIndex(of: UInt8(ascii: "."))
        guard let first = plain.first, let last = plain.last, first != UInt8(ascii: "."), last != UInt8(ascii: "."),
              plain.allSatisfy({ ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".") }),
              plain.count(where: { $0 == UInt8(ascii: ".") }) <= 1 else { return .some(nil) }
        let whole = String(decoding: plain[..<(point ?? plain.endIndex)], as: UTF8.self)
        guard let number = Int(whole) else { return String(decoding: plain, as: UTF8.self) }  // beyond Int
        let integer = grouping(number)
        guard let point else { return integer }
        return integer + "." + String(decoding: plain[(point + 1)...], as: UTF8.self)
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (Unicode space separators included, line
    /// breaks not): what Foundation's `trimmingCharacters(in: .whitespaces)` does.
    var trimmingSpaces: SubSequence {
        func isSpace(_ character: Character) -> Bool {
            if let ascii = character.asciiValue { return ascii == UInt8(ascii: " ") || ascii == UInt8(ascii: "\t") }
            guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return false }
            return scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
        }
        var start = startIndex
        var end = endIndex
        while start < end, isSpace(self[start]) { start = index(after: start) }
        while end > start, isSpace(self[index(before: end)]) { end = index(before: end) }
        return self[start..<end]
    }
}
