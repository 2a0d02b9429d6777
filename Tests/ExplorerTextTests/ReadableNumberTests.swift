import Testing
import TestSupport
@testable import ExplorerText

@Suite("ReadableNumber")
struct ReadableNumberTests {
    // MARK: value

    @Test(arguments: [
        ("1,600", 1600.0),
        ("30-165", 30.0),
        ("1000km", 1000.0),
        ("78.2", 78.2),
        ("1,000,000", 1_000_000.0),
        ("0", 0.0),
        (" 42 ", 42.0),
        ("0.5", 0.5),
        ("1.2.3", 1.2),
        ("150000000000", 150_000_000_000.0),
        ("1000 km", 1000.0),
    ])
    func valueParsesTheLeadingNumber(text: String, expected: Double) {
        #expect(ReadableNumber.value(text) == expected)
    }

    @Test(arguments: ["unknown", "n/a", "", "   ", "none", "-5", ".5", "km1000", "$100"])
    func valueIsNilWhenThereIsNoLeadingNumber(text: String) {
        #expect(ReadableNumber.value(text) == nil)
    }

    // MARK: format

    @Test func formatGroupsThousands() {
        #expect(ReadableNumber.format("1000000") == "1,000,000")
        #expect(ReadableNumber.format("1600") == "1,600")
        #expect(ReadableNumber.format("1,600") == "1,600")
        #expect(ReadableNumber.format("999") == "999")
        #expect(ReadableNumber.format("0") == "0")
        #expect(ReadableNumber.format(" 42 ") == "42")
    }

    @Test func formatWithAUnit() {
        #expect(ReadableNumber.format("1000000", unit: "credits") == "1,000,000 credits")
        #expect(ReadableNumber.format("1", unit: "credits") == "1 credits")
        #expect(ReadableNumber.format("1000000", unit: "") == "1,000,000")
        #expect(ReadableNumber.format("1000000", unit: nil) == "1,000,000")
    }

    @Test func formatKeepsDecimals() {
        #expect(ReadableNumber.format("78.2") == "78.2")
        #expect(ReadableNumber.format("1234.5") == "1,234.5")
        #expect(ReadableNumber.format("1234.5", unit: "m") == "1,234.5 m")
    }

    @Test func formatShowsRangesWithAnEnDash() {
        #expect(ReadableNumber.format("30-165") == "30–165")
        #expect(ReadableNumber.format("1000-2500") == "1,000–2,500")
        #expect(ReadableNumber.format("30-165", unit: "crew") == "30–165 crew")
    }

    @Test func formatSeparatesATrailingUnitAndPrefersItOverTheGivenOne() {
        #expect(ReadableNumber.format("1000km") == "1,000 km")
        #expect(ReadableNumber.format("1000 km") == "1,000 km")
        #expect(ReadableNumber.format("1000km", unit: "m") == "1,000 km")
    }

    @Test func formatLeavesTextThatIsNotANumber() {
        #expect(ReadableNumber.format("unknown") == "unknown")
        #expect(ReadableNumber.format("unknown", unit: "credits") == "unknown")
        #expect(ReadableNumber.format("n/a") == "n/a")
        #expect(ReadableNumber.format("n/a", unit: "km") == "n/a")
        #expect(ReadableNumber.format("") == "")
        #expect(ReadableNumber.format("1.2.3") == "1.2.3")
    }

    @Test func formatLeavesNumbersBeyondIntAsDigits() {
        #expect(ReadableNumber.format("99999999999999999999") == "99999999999999999999")
    }

    // MARK: grouping

    @Test(arguments: [
        (0, "0"),
        (7, "7"),
        (999, "999"),
        (1000, "1,000"),
        (10000, "10,000"),
        (100000, "100,000"),
        (1_234_567, "1,234,567"),
        (-1234, "-1,234"),
        (-999, "-999"),
        (Int.max, "9,223,372,036,854,775,807"),
        (Int.min, "-9,223,372,036,854,775,808"),
    ])
    func groupingInsertsCommasEveryThreeDigits(value: Int, expected: String) {
        #expect(ReadableNumber.grouping(value) == expected)
    }

    @Test(arguments: [
        (1, "1 byte"), (812, "812 bytes"), (34_816, "34 KB"), (1 << 20, "1 MB"), (32 << 20, "32 MB"),
        (1_572_864, "1.5 MB"), (12_345_678, "11.8 MB"),
    ])
    func bytes(count: Int, expected: String) {
        #expect(ReadableNumber.bytes(count) == expected)
    }

    // MARK: reading ASCII byte by byte

    /// Random texts of digits, separators, letters, spaces, a CR LF pair and a few non-ASCII
    /// characters (a combining accent, an Arabic digit, a superscript, a thin space).
    private static func randomTexts(_ count: Int) -> [String] {
        let pieces = ["0", "1", "5", "9", ",", ".", "-", " ", "\t", "a", "k", "n", "/", "é", "٣", "²", "\u{301}", "\r\n", "\u{2009}", "+"]
        var generator = SplitMix64(seed: 21)
        return (0..<count).map { _ in
            (0..<Int(generator.next() % 9)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
        }
    }

    @Test func valuesAreReadAsCharacterByCharacter() {
        for text in ["1,600", "30-165", "1000km", "78.2", "1.2.3", "1\r\n2", "5\u{301}", "٣4", "99999999999999999999999", "1.", ",5"]
            + Self.randomTexts(100_000) {
            guard ReadableNumber.value(text) == ReadableNumber.valueByCharacters(text.trimmingSpaces) else {
                Issue.record("\(text.debugDescription): \(String(describing: ReadableNumber.value(text)))")
                return
            }
        }
    }

    @Test func numbersAreFormattedAsCharacterByCharacter() {
        for text in ["1,600", "1600", "78.2", "1,000.50", " 12 ", "1.2.3", ".5", "5.", "1\r\n2", "5\u{301}", "٣4", "1 000",
                     "99999999999999999999999", "0012", "1,,2", "\t7\t"] + Self.randomTexts(100_000) {
            let trimmed = text.trimmingSpaces
            guard ReadableNumber.grouped(trimmed) == ReadableNumber.groupedByCharacters(trimmed) else {
                Issue.record("\(text.debugDescription): \(String(describing: ReadableNumber.grouped(trimmed)))")
                return
            }
        }
    }

    @Test func textThatStartsWithNoDigitCommaOrPointIsNoNumber() {
        for text in ["unknown", "n/a", "-5", "km1000", "$100", "é5", "٣", " x1 "] + Self.randomTexts(20_000)
        where !(text.trimmingSpaces.first.map { $0.isASCII && ($0.isNumber || $0 == "," || $0 == ".") } ?? true) {
            #expect(ReadableNumber.format(text) == String(text.trimmingSpaces), "\(text.debugDescription)")
            #expect(ReadableNumber.format(text, unit: "kg") == String(text.trimmingSpaces), "\(text.debugDescription)")
            #expect(ReadableNumber.jsonValue(text) == .null, "\(text.debugDescription)")
        }
    }
}
