import ExplorerClock
import Foundation
import Testing

/// The times `--clock` and `clock TIME` take, read without ICU: what `ISO8601DateFormatter`
/// took (internet date-time, an offset, fractional seconds), and nothing it refused; nor a day
/// its month lacks or text after the time, which `Date.ISO8601FormatStyle` took.
@Suite struct ClockTimeTextTests {
    static func at(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: seconds) }
    static let five = 1_710_478_800.0  // 2024-03-15T05:00:00Z

    @Test(arguments: [
        ("2024-03-15T05:00:00Z", five),
        ("2024-03-15T05:00:00.250Z", five + 0.25),
        ("2024-03-15T07:00:00+02:00", five),
        ("2024-03-15T05:00:00-05:30", five + 19_800),
        ("2024-03-15T24:00:00Z", five + 68_400),
        ("2024-03-15T07:00:00+0200", five),
        ("2024-03-15T07:00:00+02", five),
        ("2024-03-15T05:00:00z", five),
        ("2024-03-15T05:00:00.123456789Z", five + 0.123_456_789),
        ("2024-02-29T00:00:00Z", 1_709_164_800),
        ("2000-02-29T00:00:00Z", 951_782_400),
        ("1969-12-31T23:59:59Z", -1),
        ("0000-01-01T00:00:00Z", -62_167_219_200),
        ("9999-12-31T23:59:59Z", 253_402_300_799),
    ])
    func readsWhatTheFormatterRead(text: String, seconds: TimeInterval) throws {
        let date = try #require(SchedulingClock.time(text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.000_5, "\(text)")
    }

    @Test(arguments: ["2024-03-15t05:00:00z", "2024-03-15T05:00:00", "2024-03-15 05:00:00Z", "2024-03-15T05:00Z",
                      "20240315T050000Z", "2024-03-15T25:00:00Z", "2024-03-15T23:60:00Z", "2024-03-15T23:59:60Z",
                      "2024-13-01T00:00:00Z", "2024-01-32T00:00:00Z", "T", "", "now",
                      // A day the month lacks, a time past the end of the day, text after the time.
                      "2024-02-30T00:00:00Z", "2023-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2024-04-31T00:00:00Z",
                      "2024-03-15T24:30:00Z", "2024-03-15T24:00:00.5Z", "2024-03-15T05:00:00Zjunk",
                      "2024-03-15T05:00:00+02:00 ", "2024-03-15T05:00:00.Z", "2024-03-15T05:00:00+24:00",
                      "2024-03-15T05:00:00+02:60", "2024-03-15T05:00:00+2", "2024-03-15T05:00:00+02:",
                      "2024-03-15T05:00:00GMT", "2024-3-15T05:00:00Z", " 2024-03-15T05:00:00Z", "٢٠٢٤-03-15T05:00:00Z"])
    func refusesWhatItShould(text: String) {
        #expect(SchedulingClock.time(text) == nil, "\(text)")
    }
}
