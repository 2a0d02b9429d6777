import Foundation

/// Dates written in UTC by arithmetic, without Foundation's formatters: the first
/// `ISO8601DateFormatter` or `DateFormatter` a run uses loads ICU, megabytes of it, for text
/// that never needs a locale or a time zone.
public enum UTCTimestamp {
    /// `2024-03-15T05:00:00Z`, as `ISO8601DateFormatter` writes it by default (to the nearest
    /// millisecond, then the second it falls in).
    public static func iso8601(_ date: Date) -> String {
        let (day, milliseconds) = parts(date)
        return "\(dayText(day))T\(timeText(milliseconds / 1000))Z"
    }

    /// `2024-03-15T05:00:00.250Z`: to the millisecond, as a recording keeps times (a replay's
    /// clock follows them, so a countdown replayed shows what the live run showed).
    public static func iso8601Milliseconds(_ date: Date) -> String {
        let (day, milliseconds) = parts(date)
        return "\(dayText(day))T\(timeText(milliseconds / 1000)).\(padded(milliseconds % 1000, 3))Z"
    }

    /// `2024-03-15 05:00:00.250`: the text GRDB stores a `Date` as (to the nearest millisecond).
    public static func database(_ date: Date) -> String {
        let (day, milliseconds) = parts(date)
        return "\(dayText(day)) \(timeText(milliseconds / 1000)).\(padded(milliseconds % 1000, 3))"
    }

    /// Days since 1970-01-01 and milliseconds into that day, the date rounded to the nearest
    /// millisecond first (and the day floored, so dates before 1970 count back).
    private static func parts(_ date: Date) -> (day: Int, milliseconds: Int) {
        // Halves go up (towards the future), as Foundation's formatters round them.
        let total = Int((date.timeIntervalSince1970 * 1000 + 0.5).rounded(.down))
        let perDay = 86_400_000
        let day = total >= 0 ? total / perDay : -((-total + perDay - 1) / perDay)
        return (day, total - day * perDay)
    }

    /// `yyyy-MM-dd` of a day counted from 1970-01-01 (proleptic Gregorian; Howard Hinnant's
    /// `civil_from_days`).
    private static func dayText(_ days: Int) -> String {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    private static func timeText(_ seconds: Int) -> String {
        "\(padded(seconds / 3600, 2)):\(padded(seconds / 60 % 60, 2)):\(padded(seconds % 60, 2))"
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
