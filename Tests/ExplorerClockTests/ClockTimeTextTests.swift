import ExplorerClock
import Foundation
import Testing

/// The times `--clock` and `clock TIME` take, read without ICU: what `ISO8601DateFormatter`
/// took (internet date-time, an offset, fractional seconds), and nothing it refused.
@Suite struct ClockTimeTextTests {
    static func at(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: seconds) }
    static let five = 1_710_478_800.0  // 2024-03-15T05:00:00Z

    @Test(arguments: [
        ("2024-03-15T05:00:00Z", five),
        ("2024-03-15T05:00:00.250Z", five + 0.25),
        ("2024-03-15T07:00:00+02:00", five),
        ("2024-03-15T05:00:00-05:30", five + 19_800),
        ("2024-03-15T24:00:00Z", five + 68_400),
    ])
    func readsWhatTheFormatterRead(text: String, seconds: TimeInterval) throws {
        let date = try #require(SchedulingClock.time(text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.000_5, "\(text)")
    }

    @Test(arguments: ["2024-03-15t05:00:00z", "2024-03-15T05:00:00", "2024-03-15 05:00:00Z", "2024-03-15T05:00Z",
                      "20240315T050000Z", "2024-03-15T25:00:00Z", "2024-03-15T23:60:00Z", "2024-03-15T23:59:60Z",
                      "2024-13-01T00:00:00Z", "2024-01-32T00:00:00Z", "T", "", "now"])
    func refusesWhatItShould(text: String) {
        #expect(SchedulingClock.time(text) == nil, "\(text)")
    }
}
