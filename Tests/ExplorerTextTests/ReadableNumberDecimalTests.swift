import Testing
@testable import ExplorerText

/// `ReadableNumber.decimal` writes digits itself; these hold it to the standard library's
/// `String(value)`, and its grouping to grouping the standard library's digits by threes.
@Suite("ReadableNumber.decimal")
struct ReadableNumberDecimalTests {
    /// The standard library's digits, with a comma before each group of three from the right.
    static func groupedByThrees(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        var result = value < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }

    static let edges: [Int] = [
        0, 1, 9, 10, 99, 100, 999, 1_000, 9_999, 10_000, 99_999, 100_000, 999_999, 1_000_000,
        123_456_789, 999_999_999_999_999, 1_000_000_000_000_000, Int.max, Int.max - 1, Int.min, Int.min + 1,
    ]

    @Test func edgesAreWrittenAsTheStandardLibraryWritesThem() {
        for value in Self.edges + Self.edges.map({ $0 == Int.min ? Int.max : -$0 }) {
            #expect(ReadableNumber.decimal(value) == String(value), "\(value)")
            #expect(ReadableNumber.decimal(value, grouped: true) == Self.groupedByThrees(value), "\(value)")
            #expect(ReadableNumber.grouping(value) == Self.groupedByThrees(value), "\(value)")
        }
    }

    @Test func everyNumberToTwentyThousandAndRandomOnes() {
        var generator = SystemRandomNumberGenerator()
        let random = (0..<100_000).map { _ in Int.random(in: Int.min...Int.max, using: &generator) >> Int.random(in: 0...62, using: &generator) }
        for value in Array(-20_000...20_000) + random {
            guard ReadableNumber.decimal(value) == String(value),
                  ReadableNumber.decimal(value, grouped: true) == Self.groupedByThrees(value) else {
                Issue.record("\(value): \(ReadableNumber.decimal(value)), \(ReadableNumber.decimal(value, grouped: true))")
                return
            }
        }
    }

    @Test func groupedExamples() {
        #expect(ReadableNumber.decimal(1_234_567, grouped: true) == "1,234,567")
        #expect(ReadableNumber.decimal(-1_000, grouped: true) == "-1,000")
        #expect(ReadableNumber.decimal(999, grouped: true) == "999")
        #expect(ReadableNumber.decimal(Int.min, grouped: true) == "-9,223,372,036,854,775,808")
    }
}
