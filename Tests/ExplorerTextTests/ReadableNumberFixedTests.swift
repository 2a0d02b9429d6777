import Foundation
import Testing
import TestSupport
@testable import ExplorerText

/// ``ReadableNumber/fixed(_:decimals:)`` writes what `String(format:)` writes.
@Suite struct ReadableNumberFixedTests {
    @Test func everyThousandthUpToTenIsWrittenAsPrintfWritesIt() {
        for thousandths in -10_000...10_000 {
            let value = Double(thousandths) / 1_000
            for decimals in 1...3 {
                #expect(ReadableNumber.fixed(value, decimals: decimals) == String(format: "%.\(decimals)f", value), "\(value) to \(decimals)")
            }
        }
    }

    @Test func halvesTiesAndEdgesAreWrittenAsPrintfWritesThem() {
        let values: [Double] = [0, -0.0, 0.05, 0.15, 0.25, 0.35, 2.5, 0.125, 0.375, 1.0005, 7.25, 7.35, 9.95, 9.999, 99.95,
                                0.049999999999999996, 0.05000000000000001, 1e11 + 0.25, 999_999_999_999.9, 1e12, -1e12, 1e14 + 0.25, 1e15, 1e300,
                                .nan, .infinity, -.infinity, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .ulpOfOne, 4_503_599_627_370_495.5]
        for value in values {
            for decimals in 1...3 {
                #expect(ReadableNumber.fixed(value, decimals: decimals) == String(format: "%.\(decimals)f", value), "\(value) to \(decimals)")
            }
        }
    }

    @Test func randomValuesOfEveryMagnitudeAreWrittenAsPrintfWritesThem() {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<200_000 {
            let magnitude = Double.random(in: -6...15, using: &generator)
            let value = Double.random(in: -1...1, using: &generator) * pow(10, magnitude)
            let decimals = Int.random(in: 1...3, using: &generator)
            #expect(ReadableNumber.fixed(value, decimals: decimals) == String(format: "%.\(decimals)f", value), "\(value) to \(decimals)")
        }
    }
}
