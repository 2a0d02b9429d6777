import Foundation

extension UTCTimestamp {
    /// The time an internet date-time names (RFC 3339): `2024-03-15T05:00:00Z` (or `z`), with
    /// fractional seconds (`05:00:00.250Z`), with an offset (`07:00:00+02:00`, or `+0200`, or
    /// `+02`), and `24:00:00` for the end of a day. Nil for anything else: a day the month does
    /// not have, a minute or second of 60, a time past the end of the day, a lowercase `t` (which
    /// `ISO8601DateFormatter` refused too), text after the offset.
    /// Read by arithmetic: `Date.ISO8601FormatStyle` worked out the machine's time zone through
    /// ICU first (0.4 ms on every run that set the clock), and took `2024-02-30` and trailing text.
    public static func date(iso8601 text: String) -> Date? {
        var reader = Reader(Array(text.utf8))
        guard let year = reader.number(digits: 4), reader.skip("-"),
              let month = reader.number(digits: 2), reader.skip("-"),
              let day = reader.number(digits: 2), reader.skip("T"),
              let hour = reader.number(digits: 2), reader.skip(":"),
              let minute = reader.number(digits: 2), reader.skip(":"),
              let second = reader.number(digits: 2) else { return nil }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              hour < 24 || (hour == 24 && minute == 0 && second == 0), minute <= 59, second <= 59 else { return nil }
        var fraction = 0.0
        if reader.skip(".") {
            let digits = reader.digits()
            guard !digits.isEmpty else { return nil }
            fraction = Double("0." + String(decoding: digits, as: UTF8.self)) ?? 0
            guard hour < 24 || fraction == 0 else { return nil }
        }
        guard let offset = reader.offset(), reader.isAtEnd else { return nil }
        let seconds = daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// The time a date stored as GRDB stores one names (``database(_:)``: `2024-03-15
    /// 05:00:00.250`, in UTC; the fraction optional, `T` for the space too); nil for anything
    /// else, such as year 10000 or `yesterday`. Read as text by arithmetic: GRDB's own reading
    /// goes through Foundation's `Calendar` (ICU) and traps on a date it cannot represent.
    public static func date(database text: String) -> Date? {
        let utf8 = text.utf8
        guard utf8.count >= 19, utf8.count <= 40, utf8.last != UInt8(ascii: "Z") else { return nil }
        let separator = utf8[utf8.index(utf8.startIndex, offsetBy: 10)]
        guard separator == UInt8(ascii: " ") || separator == UInt8(ascii: "T") else { return nil }
        var iso = Array(utf8)
        iso[10] = UInt8(ascii: "T")
        iso.append(UInt8(ascii: "Z"))
        return date(iso8601: String(decoding: iso, as: UTF8.self))
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a day of the proleptic Gregorian calendar (Howard Hinnant's
    /// `days_from_civil`, the inverse of the `civil_from_days` that ``iso8601(_:)`` writes with).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The bytes of a timestamp, read from the front.
    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { position == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard position < bytes.count, bytes[position] == UInt8(character.value) else { return false }
            position += 1
            return true
        }

        /// The ASCII digits from here on.
        mutating func digits() -> ArraySlice<UInt8> {
            let start = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
            return bytes[start..<position]
        }

        /// Exactly `digits` ASCII digits, as a number.
        mutating func number(digits count: Int) -> Int? {
            guard position + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[position..<position + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            position += count
            return value
        }

        /// `Z` (or `z`), `+hh:mm`, `+hhmm`, `+hh` or the same with `-`: seconds east of UTC.
        mutating func offset() -> Int? {
            if skip("Z") || skip("z") { return 0 }
            let sign: Int
            if skip("+") { sign = 1 } else if skip("-") { sign = -1 } else { return nil }
            guard let hours = number(digits: 2), hours <= 23 else { return nil }
            if isAtEnd { return sign * hours * 3600 }
            _ = skip(":")
            guard let minutes = number(digits: 2), minutes <= 59 else { return nil }
            return sign * (hours * 3600 + minutes * 60)
        }
    }
}
