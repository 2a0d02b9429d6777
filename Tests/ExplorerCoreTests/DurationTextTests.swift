import Foundation
import Testing
@testable import ExplorerCore

/// The durations `clock`, `watch` and `net latency` read:
/// `+50s`, `+5m`, `+1h30m` as people type them, and one wording for what is not one.
@Suite("DurationText")
struct DurationTextTests {
    @Test(arguments: [
        ("50s", 50), ("5m", 300), ("1h30m", 5400), ("2d", 172_800), ("1.5m", 90), ("0.5s", 0.5),
        ("5M", 300), ("1H", 3600), ("1d2h3m4s", 93_784), ("0s", 0),
    ] as [(String, TimeInterval)])
    func durationsAsPeopleTypeThem(text: String, seconds: TimeInterval) {
        #expect(DurationText.seconds(text) == seconds)
    }

    @Test(arguments: ["", "m", "5x", "5 m", " 5m", "1h30", "5m3", "abc", "-5m", "1.2.3s", "nan", "inf", "5ms", "s5",
                      "90", "0.5", "-5", "+5", "1e3", "٥m"])
    func whatIsNotADuration(text: String) {
        #expect(DurationText.seconds(text) == nil)
    }

    @Test func aBareNumberNeedsItsUnitInTheSameWordsEverywhere() throws {
        #expect(throws: CommandError("'5' needs a unit: 5s or 5m")) {
            try DurationText.parse("5", upTo: 86_400, limit: "a day", examples: "`30s`, `2m`")
        }
        #expect(throws: CommandError("'2d' is not a duration up to a day (`30s`, `2m`)")) {
            try DurationText.parse("2d", upTo: 86_400, limit: "a day", examples: "`30s`, `2m`")
        }
        #expect(throws: CommandError("'0s' is not a duration up to a day (`30s`, `2m`)")) {
            try DurationText.parse("0s", upTo: 86_400, limit: "a day", examples: "`30s`, `2m`")
        }
        #expect(try DurationText.parse("2m", upTo: 86_400, limit: "a day", examples: "") == 120)
        #expect(DurationText.needsUnit("5", examples: "5ms or 5s") == CommandError("'5' needs a unit: 5ms or 5s"))
    }
}
