import Foundation

/// Numbers as APIs such as SWAPI send them — strings that may hold `"1,600"`, `"30-165"`,
/// `"1000km"`, `"78.2"`, `"unknown"` or `"n/a"` — parsed for sorting and formatted for reading.
public enum ReadableNumber {
    /// The numeric value for sorting: `"1,600"` → 1600, `"30-165"` → 30 (the low end),
    /// `"1000km"` → 1000; nil when the text holds no number (`"unknown"`, `"n/a"`).
    public static func value(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var digits = ""
        var seenDigit = false
        for character in trimmed {
            if character.isASCII && character.isNumber {
                digits.append(character)
                seenDigit = true
            } else if character == "," && seenDigit {
                continue
            } else if character == "." && seenDigit && !digits.contains(".") {
                digits.append(character)
            } else if seenDigit {
                break
            } else {
                return nil
            }
        }
        return seenDigit ? Double(digits) : nil
    }

    /// Digits grouped by thousands, with an optional unit: `"1000000"` → `"1,000,000"`,
    /// `"30-165"` → `"30–165"`, `"1000km"` → `"1,000 km"`, `"78.2"` stays; text that is not
    /// a number (`"unknown"`, `"n/a"`) is returned as is.
    public static func format(_ text: String, unit: String? = nil) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 2, let low = grouped(String(parts[0])), let high = grouped(String(parts[1])) {
            return withUnit("\(low)–\(high)", unit)
        }
        guard let (number, suffix) = splitNumber(trimmed), let formatted = grouped(number) else {
            return trimmed
        }
        let ownUnit = suffix.trimmingCharacters(in: .whitespaces)
        return withUnit(formatted, ownUnit.isEmpty ? unit : ownUnit)
    }

    /// The raw value for JSON: a number (`"1,600"` → 1600, `"1000km"` → 1000), a range as
    /// `{"min": 30, "max": 165}`, or `null` when the text holds no number (`"unknown"`, `"n/a"`).
    public static func jsonValue(_ text: String) -> JSONValue {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 2, grouped(String(parts[0])) != nil, grouped(String(parts[1])) != nil,
           let low = value(String(parts[0])), let high = value(String(parts[1])) {
            return ["min": .number(low), "max": .number(high)]
        }
        return .number(value(trimmed))
    }

    /// An integer with thousands separators: 1234567 → "1,234,567".
    public static func grouping(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return value < 0 ? "-" + result : result
    }

    private static func withUnit(_ number: String, _ unit: String?) -> String {
        guard let unit, !unit.isEmpty else { return number }
        return "\(number) \(unit)"
    }

    /// "1000km" → ("1000", "km"); nil when it does not start with a digit.
    private static func splitNumber(_ text: String) -> (String, String)? {
        guard let first = text.first, first.isASCII, first.isNumber else { return nil }
        let end = text.firstIndex { !($0.isASCII && ($0.isNumber || $0 == "," || $0 == ".")) } ?? text.endIndex
        return (String(text[..<end]), String(text[end...]))
    }

    /// "1,600" or "1600" → "1,600"; "78.2" → "78.2"; nil when not a plain number.
    private static func grouped(_ text: String) -> String? {
        let plain = text.replacingOccurrences(of: ",", with: "").trimmingCharacters(in: .whitespaces)
        guard !plain.isEmpty, plain.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              plain.filter({ $0 == "." }).count <= 1, plain.first != ".", plain.last != "." else { return nil }
        let pieces = plain.split(separator: ".", omittingEmptySubsequences: false)
        guard let whole = Int(pieces[0]) else {
            return plain  // beyond Int: leave the digits as they are
        }
        let integer = grouping(whole)
        return pieces.count == 2 ? "\(integer).\(pieces[1])" : integer
    }
}
